#include "server/server_process.h"

#include <signal.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <sstream>
#include <thread>

#include "client/connection.h"
#include "util/log.h"
#include "util/pid.h"
#include "util/subprocess.h"
#include "util/whole_file.h"

namespace versus::server {
namespace bp = boost::process;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {
// Puts mysqld_safe (and so the server) in its own session: a Ctrl-C at the terminal
// reaches versus, which then stops the servers in order, not the servers directly.
struct NewSession : bp::extend::handler {
  template <class Executor>
  void on_exec_setup(Executor&) const {
    ::setsid();
  }
};

bool is_server_name(const std::string& name) {
  return name == "mariadbd" || name == "mysqld";
}
}  // namespace

std::string error_log_tail(const std::filesystem::path& log, int n, std::uintmax_t from) {
  const std::string text = read_whole_file(log).value_or(std::string());
  std::string tail = error_excerpt(from < text.size() ? text.substr(from) : std::string(), n);
  return tail.empty() ? "(error log " + log.string() + " is empty)" : tail;
}

std::vector<std::pair<std::string, std::string>> safe_environment(const Release& release) {
  return {{"MY_BASEDIR_VERSION", release.basedir.string()}};
}

ServerProcess::ServerProcess(const Release& release, const InstancePaths& paths, Timeouts t)
    : release_(release), paths_(paths), timeouts_(t) {}

ServerProcess::~ServerProcess() {
  (void)stop();
}

client::Endpoint ServerProcess::admin_endpoint() const {
  client::Endpoint ep;
  ep.socket = paths_.socket.string();
  ep.user = "root";
  return ep;
}

Expected<std::unique_ptr<ServerProcess>> ServerProcess::start(const Release& release,
                                                              const InstancePaths& paths,
                                                              Timeouts timeouts) {
  std::unique_ptr<ServerProcess> p(new ServerProcess(release, paths, timeouts));
  if (auto ok = p->launch(); !ok) return fail(ok.error());
  if (auto ok = p->wait_ready(); !ok) {
    (void)p->stop();
    return fail(ok.error());
  }
  p->last_server_pid_ = p->server_pid();
  return p;
}

Expected<void> ServerProcess::launch() {
  std::error_code ec;
  std::filesystem::remove(paths_.pid_file, ec);  // a stale pid file would mislead stop()
  std::filesystem::remove(paths_.socket, ec);
  log_start_ = std::filesystem::exists(paths_.error_log, ec)
                   ? std::filesystem::file_size(paths_.error_log, ec)
                   : 0;
  if (ec) log_start_ = 0;
  // --defaults-file first: otherwise mysqld_safe reads /etc/mysql/my.cnf.
  std::vector<std::string> args{"--defaults-file=" + paths_.defaults_file.string(),
                                "--ledir=" + release_.server_binary.parent_path().string(),
                                "--mysqld=" + release_.server_binary.filename().string()};
  bp::environment env = boost::this_process::environment();
  for (const auto& [name, value] : safe_environment(release_)) env[name] = value;
  try {
    safe_ = std::make_unique<bp::child>(release_.mysqld_safe.string(), bp::args(args),
                                        bp::start_dir(paths_.dir.string()), env,
                                        (bp::std_out & bp::std_err) > paths_.safe_log.string(),
                                        bp::std_in < bp::null, NewSession{});
  } catch (const std::exception& e) {
    return fail("cannot start " + release_.mysqld_safe.string() + ": " + e.what());
  }
  log::info("server start: {} (mysqld_safe pid {}, port {})",
            log::argv_text(release_.mysqld_safe, args), safe_->id(), paths_.port);
  return {};
}

Expected<void> ServerProcess::wait_ready() {
  const auto started = Clock::now();
  auto deadline = started + timeouts_.startup;
  std::string last_error = "its socket never appeared";
  while (Clock::now() < deadline) {
    if (timeouts_.cancel && timeouts_.cancel->load())
      return fail("a stop was requested while the server started");
    if (!safe_->running())
      return fail("the server exited during startup; its error log ends:\n" +
                  error_log_tail(paths_.error_log, 15, log_start_));
    if (std::filesystem::exists(paths_.socket)) {
      auto c = client::Connection::open(admin_endpoint(), {.timeout = 1s, .deadline = 5s});
      if (c) {
        log::info(
            "server ready: pid {}, port {}, socket {}, after {} ms", server_pid(), paths_.port,
            paths_.socket.string(),
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count());
        return {};
      }
      last_error = c.error().message;
    }
    std::this_thread::sleep_for(100ms);
  }
  return fail("the server did not accept connections within " +
              std::to_string(timeouts_.startup.count() / 1000) + " s (" + last_error +
              "); its error log ends:\n" + error_log_tail(paths_.error_log, 15, log_start_));
}

// mysqld_safe's child is the truth: after a crash it restarts the server under a new pid
// before the new one has written the pid file.
pid_t ServerProcess::server_pid() const {
  if (safe_)
    for (pid_t child : children_of(safe_->id()))
      if (is_server_name(process_name(child))) return child;
  auto pid = read_pid_file(paths_.pid_file);
  if (pid && is_server_name(process_name(*pid))) return *pid;
  return last_server_pid_;
}

pid_t ServerProcess::safe_pid() const {
  return safe_ ? safe_->id() : 0;
}

bool ServerProcess::running() const {
  return safe_ && safe_->running();
}

// Waits for mysqld_safe and its server to end. A server mysqld_safe (re)started after the
// first SIGTERM gets one too: a crash just before the stop must not orphan it.
bool ServerProcess::wait_gone(pid_t server, std::chrono::milliseconds limit) {
  auto deadline = Clock::now() + limit;
  while (Clock::now() < deadline) {
    bool safe_gone = !safe_ || !safe_->running();
    if (safe_gone && !process_alive(server)) return true;
    pid_t current = server_pid();
    if (current > 0 && current != server && process_alive(current)) {
      ::kill(current, SIGTERM);
      server = current;
    }
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

void ServerProcess::kill_now() const {
  const pid_t safe = safe_ ? safe_->id() : 0;
  const pid_t server = server_pid();
  if (safe > 0 && process_alive(safe)) ::kill(safe, SIGKILL);  // first: it would restart it
  if (server > 0 && process_alive(server) && is_server_name(process_name(server)))
    ::kill(server, SIGKILL);
}

void ServerProcess::kill_hard(pid_t server) {
  pid_t current = server_pid();  // may differ from `server` after a restart
  // mysqld_safe first: it would restart a killed server.
  if (safe_ && safe_->running()) ::kill(safe_->id(), SIGKILL);
  for (pid_t pid : {server, current})
    if (pid > 0 && process_alive(pid) && is_server_name(process_name(pid))) ::kill(pid, SIGKILL);
  wait_gone(current, 10s);
}

Expected<void> ServerProcess::stop(std::chrono::milliseconds limit) {
  if (stopped_ || !safe_) return {};
  stopped_ = true;
  pid_t server = server_pid();
  const auto started = Clock::now();
  log::info("server stop: SIGTERM to pid {} (mysqld_safe pid {}, port {}; limit {} ms)", server,
            safe_->id(), paths_.port, limit.count());
  // A stopped (T) or uninterruptibly sleeping (D) server cannot act on SIGTERM: waiting the
  // shutdown limit for it would only delay the run.
  const char state = process_state(server);
  const bool stuck = stuck_state(state);
  if (stuck) log::warn("server stop: pid {} is in state {}: SIGKILL at once", server, state);
  if (!stuck && server > 0 && process_alive(server)) ::kill(server, SIGTERM);
  bool clean = !stuck && wait_gone(server, server > 0 ? limit : 2s);
  if (!clean) {
    if (!stuck)
      log::warn("server stop: pid {} still running after {} ms: SIGKILL", server, limit.count());
    kill_hard(server);
  }
  log::info("server stopped: pid {} after {} ms", server,
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count());
  std::error_code ec;
  safe_->wait(ec);  // reaps mysqld_safe (already gone by now)
  if (stuck)
    return fail(std::string("the server was in state ") + state + " (" +
                (state == 'D' ? "uninterruptible sleep" : "stopped") + ") and was killed");
  if (!clean)
    return fail("the server did not stop within " + std::to_string(limit.count() / 1000) +
                " s and was killed");
  return {};
}

}  // namespace versus::server
