#pragma once
// ServerHost: the machine an instance's server runs on, as an instance and a cell need it: the
// instance's files there (its directory, my.cnf, datadirs, the snapshot, the error log), its
// server's processes (StartedServer, RAII) and how the client reaches that server. LocalHost
// (host/local_host.h) is this machine; AgentHost (remote/agent_host.h) another one, reached
// through its agent. Every path a ServerHost takes or returns is a path on that host, except
// where a parameter says "here". run/instance.h and run/cell_run.h are written once against it.
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "client/endpoint.h"
#include "load/drive/usage_probe.h"
#include "results/record/record.h"
#include "server/instance_paths.h"
#include "server/my_cnf.h"
#include "server/release.h"
#include "server/server_process.h"
#include "util/expected.h"

namespace versus::host {

// What this machine can do for a server and another host cannot: a run uses each only where
// its host has it.
struct HostCapabilities {
  bool socket = false;             // the client can reach the server over its Unix socket
  bool datadir_templates = false;  // initialize() keeps and reuses an installer's output
  bool port_retry = false;         // a start whose port another process took is worth a fresh port
  bool instance_cache = false;     // snapshots are local paths the instance cache can copy
};

// An instance's files on its host, configured: where they are and the my.cnf written there.
struct Configured {
  server::InstancePaths paths;
  std::string my_cnf;
};

// What a server is started as: its release, its configured files, its limits, and its names:
// `id` (the instance's directory name: its line in the pid journal, the agent's handle of it)
// and `title` (for messages).
struct ServerStart {
  server::Release release;
  server::InstancePaths paths;
  server::Timeouts timeouts;
  std::string id;
  std::string title;
};

// One started server. Destruction stops it within its shutdown timeout unless stop() did:
// no early return leaves it running.
class StartedServer {
 public:
  virtual ~StartedServer() = default;
  StartedServer(const StartedServer&) = delete;
  StartedServer& operator=(const StartedServer&) = delete;

  // Stops it, SIGKILL after `limit`, and waits for its processes; idempotent. Fails when it had
  // to kill it.
  virtual Expected<void> stop(std::chrono::milliseconds limit) = 0;
  Expected<void> stop() { return stop(timeouts_.shutdown); }
  // It died, or mysqld_safe restarted it (a new pid), since it started.
  virtual bool died() = 0;
  // Why it failed, from its error log: its [ERROR] lines, else its last 15 lines.
  virtual std::string log_tail() = 0;
  // The usage snapshots' probe (load/drive/usage_probe.h) over `admin`: this machine's /proc, or the
  // host's readings through its agent. Fails when it cannot connect.
  virtual Expected<load::UsageProbe> open_probe(const client::Endpoint& admin) = 0;
  // SIGKILL to the server and its mysqld_safe at once, from any thread (the cell's watchdog,
  // run/watchdog.h, while the caller's thread waits on the server); stop() reaps them after.
  // False where the host cannot do it beside a waiting call (another host: the agent answers
  // one request at a time), where stop() kills a stopped server instead.
  virtual bool kill_now() { return false; }
  // The server's pid on this machine, for pinning, cpu_quota and colocation; 0 when its pids
  // are another machine's.
  virtual pid_t local_server_pid() const = 0;
  // An account with every privilege that may administer it: root over its socket here, the
  // administration account over TCP on another host.
  virtual client::Endpoint admin_endpoint() const = 0;
  // The benchmark account (server::kBenchUser, `password`): over the socket when `socket` and
  // the host has one (HostCapabilities::socket), else over TCP.
  virtual client::Endpoint bench_endpoint(const std::string& password, bool socket) const = 0;
  // Creates the benchmark account with `password` (and on another host the administration
  // account), for the client's address only.
  virtual Expected<void> create_accounts(const std::string& password) = 0;

  const server::InstancePaths& paths() const { return paths_; }

 protected:
  StartedServer(server::InstancePaths paths, server::Timeouts timeouts)
      : paths_(std::move(paths)), timeouts_(timeouts) {}

 private:
  server::InstancePaths paths_;
  server::Timeouts timeouts_;
};

class ServerHost {
 public:
  virtual ~ServerHost() = default;

  virtual HostCapabilities capabilities() const = 0;
  // "" here, " on host db1" for another host: appended to progress and log lines.
  virtual std::string where() const = 0;

  // Instance `instance`'s directory on the host (its run directory's instances/<instance>), a
  // port free there, and my.cnf rendered from `cnf` for both (its paths and bind address set
  // here) and written there with the directory's tmp and empty data directories.
  virtual Expected<Configured> configure(const std::string& instance, server::MyCnfInput cnf) = 0;
  // Whether initialize() would copy `template_dir` instead of running the installer.
  virtual bool has_template(const std::filesystem::path& template_dir) const = 0;
  // A fresh datadir at paths.datadir (a half-made one removed first), the release's installer's
  // output. A host with datadir_templates copies `template_dir` when it holds one (an earlier
  // instance of the same release and settings made it), else keeps a copy of the installer's
  // output there (best effort); "" for none. Returns the bytes of its shared tablespace files
  // (host/data_size.h), the base of read_file_sizes.
  virtual Expected<std::uint64_t> initialize(const server::Release& release,
                                             const server::InstancePaths& paths,
                                             const std::filesystem::path& template_dir) = 0;
  // Starts the server with its release's mysqld_safe, returning once a client connects; its
  // pids are journalled in the host's run directory. A failure quotes its error log.
  virtual Expected<std::unique_ptr<StartedServer>> start(const ServerStart& start) = 0;
  // Replaces `to` with a copy of the datadir `from` (reflinks where the file system has them).
  virtual Expected<void> copy_datadir(const std::filesystem::path& from,
                                      const std::filesystem::path& to) = 0;
  // Moves paths.datadir, its server stopped, to paths.dir/snapshot (replacing one there).
  // Returns the snapshot's path.
  virtual Expected<std::filesystem::path> keep_snapshot(const server::InstancePaths& paths) = 0;
  // Removes `path` and everything under it.
  virtual Expected<void> remove(const std::filesystem::path& path) = 0;
  // The error log `log` (a stopped server's) brought to `local` here, moved from this machine or
  // copied from another; best effort: a server that wrote none leaves none, and another host
  // that cannot send it is logged.
  virtual void keep_error_log(const std::filesystem::path& log,
                              const std::filesystem::path& local) = 0;
  // The tables' file sizes in `datadir`/`database` (host/data_size.h: read_file_sizes) into
  // `record`, its server stopped.
  virtual Expected<void> read_file_sizes(const std::filesystem::path& datadir,
                                         const std::string& database, std::uint64_t shared_before,
                                         results::DataSizeRecord& record) = 0;
};

}  // namespace versus::host
