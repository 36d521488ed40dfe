#include "cli/signals.h"

#include <signal.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "util/pid.h"

namespace versus::cli {
namespace {
std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};

extern "C" void on_stop_signal(int sig) {
  g_signal.store(sig);
  g_stop.store(true);
}

// Every live descendant of `root`, parents before their children.
std::vector<pid_t> descendants(pid_t root) {
  std::vector<pid_t> out = children_of(root);
  for (std::size_t i = 0; i < out.size(); ++i)
    for (pid_t child : children_of(out[i])) out.push_back(child);
  return out;
}

// Waits for a stop signal, then for kStopBound; a run still going then is ended here.
void backstop() {
  while (!g_stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::this_thread::sleep_for(kStopBound);
  const std::vector<pid_t> pids = descendants(::getpid());
  for (pid_t pid : pids) ::kill(pid, SIGKILL);
  std::string line = "versus: the run had not stopped " + std::to_string(kStopBound.count()) +
                     " s after signal " + std::to_string(g_signal.load()) + "; killed " +
                     std::to_string(pids.size()) + " process(es) it started; versus run --resume " +
                     "runs what is missing\n";
  (void)!::write(STDERR_FILENO, line.data(), line.size());
  ::_exit(128 + g_signal.load());
}
}  // namespace

void install_stop_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &sa, nullptr);
  static std::once_flag started;
  std::call_once(started, [] { std::thread(backstop).detach(); });
}

const std::atomic<bool>& stop_requested() {
  return g_stop;
}
int stop_signal() {
  return g_signal.load();
}

}  // namespace versus::cli
