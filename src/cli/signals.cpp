#include "cli/signals.h"

#include <csignal>

namespace versus::cli {
namespace {
std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};

extern "C" void on_stop_signal(int sig) {
  g_signal.store(sig);
  g_stop.store(true);
}
}  // namespace

void install_stop_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &sa, nullptr);
}

const std::atomic<bool>& stop_requested() {
  return g_stop;
}
int stop_signal() {
  return g_signal.load();
}

}  // namespace versus::cli
