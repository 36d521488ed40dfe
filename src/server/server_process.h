#pragma once
// ServerProcess: one running server, started with its release's own mysqld_safe, owned
// by RAII. Destruction stops it (SIGTERM to the pid-file pid, then SIGKILL after the
// shutdown timeout) and reaps mysqld_safe: no early return leaves a server running.
#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "client/endpoint.h"
#include "server/instance_paths.h"
#include "server/release.h"
#include "util/expected.h"

namespace boost::process {
class child;
}

namespace versus::server {

// How long a server's steps may take, and what ends a wait for them early.
struct Timeouts {
  std::chrono::milliseconds startup{60000};
  std::chrono::milliseconds shutdown{60000};
  // How long it may stay unanswering (or stopped, state T, or in D state) before a watchdog
  // ends the step that waits on it (run/watchdog.h: the matrix key stall_timeout).
  std::chrono::milliseconds stall{30000};
  // A stop request (signals): a start stops waiting for the server at once.
  const std::atomic<bool>* cancel = nullptr;
};

class ServerProcess {
 public:
  // Expects paths.defaults_file rendered and paths.datadir initialized. Returns once a
  // client connects over the socket; on failure stops what it started and quotes the
  // error log's tail.
  static Expected<std::unique_ptr<ServerProcess>> start(const Release& release,
                                                        const InstancePaths& paths,
                                                        Timeouts timeouts);
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // Stops the server and waits for both pids; idempotent. Fails when it had to SIGKILL.
  Expected<void> stop() { return stop(timeouts_.shutdown); }
  // The same with its own limit (a signal asks for a quicker stop than the configured one).
  Expected<void> stop(std::chrono::milliseconds limit);

  // SIGKILL to mysqld_safe, then to the server, and nothing else: safe to call from another
  // thread while this one waits on the server (the watchdog, run/watchdog.h); stop() reaps.
  void kill_now() const;

  pid_t server_pid() const;  // current pid from the pid file (mysqld_safe may restart it)
  pid_t safe_pid() const;
  bool running() const;  // mysqld_safe still alive
  const InstancePaths& paths() const { return paths_; }
  // root over the Unix socket: for administration, not for measured load.
  client::Endpoint admin_endpoint() const;

 private:
  ServerProcess(const Release& release, const InstancePaths& paths, Timeouts timeouts);
  Expected<void> launch();
  Expected<void> wait_ready();
  bool wait_gone(pid_t server, std::chrono::milliseconds limit);
  void kill_hard(pid_t server);

  Release release_;
  InstancePaths paths_;
  Timeouts timeouts_;
  std::unique_ptr<boost::process::child> safe_;
  std::uintmax_t log_start_ = 0;  // the error log's size at launch()
  pid_t last_server_pid_ = 0;
  bool stopped_ = false;
};

// The environment mysqld_safe gets on top of versus's own. MY_BASEDIR_VERSION: mysqld_safe
// takes its basedir from it when set, else from its own directory only when started from the
// basedir (cwd), else from the prefix it was built for (/usr/local/mysql for MySQL 5.1-5.6
// tarballs, /usr for Debian's MariaDB), and then runs that basedir's my_print_defaults: a
// release elsewhere would read its my.cnf with another release's (or no) my_print_defaults
// (mysqld_safe.sh of MySQL 5.1/5.5/5.6 and MariaDB 10.11: `if test -n "$MY_BASEDIR_VERSION"`).
std::vector<std::pair<std::string, std::string>> safe_environment(const Release& release);

// Why a server failed, from its error log read from byte `from` on: the [ERROR] lines, else
// the last n lines. A start passes the log's size at launch, so it never quotes an earlier
// attempt's lines (a port taken then is not why this attempt failed).
std::string error_log_tail(const std::filesystem::path& log, int n = 15, std::uintmax_t from = 0);

}  // namespace versus::server
