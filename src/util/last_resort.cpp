#include "util/last_resort.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <exception>

namespace versus {
namespace {
std::atomic<std::function<void()>*> g_cleanup{nullptr};
std::atomic<int> g_exit_status{1};
std::atomic<bool> g_terminating{false};

[[noreturn]] void on_terminate() {
  // A second terminate (the cleanup itself failed, or another thread) exits at once.
  if (g_terminating.exchange(true)) ::_exit(g_exit_status.load());
  const std::string what = std::current_exception() ? current_exception_text() : "";
  std::fprintf(stderr, "versus: unexpected failure%s%s; stopping the servers it started\n",
               what.empty() ? "" : ": ", what.c_str());
  if (auto* cleanup = g_cleanup.load()) (*cleanup)();
  std::fflush(nullptr);
  // _exit, not exit: other threads may still run, and static destructors must not race them.
  ::_exit(g_exit_status.load());
}
}  // namespace

void install_terminate_handler(int exit_status) {
  g_exit_status.store(exit_status);
  std::set_terminate(on_terminate);
}

TerminateCleanup::TerminateCleanup(std::function<void()> cleanup)
    : cleanup_(std::move(cleanup)), previous_(g_cleanup.exchange(&cleanup_)) {}

TerminateCleanup::~TerminateCleanup() {
  g_cleanup.store(previous_);
}

std::string current_exception_text() {
  try {
    throw;
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown exception";
  }
}

Expected<void> catch_unexpected(const std::function<void()>& body) {
  try {
    body();
    return {};
  } catch (...) {
    return fail("unexpected failure: " + current_exception_text());
  }
}

}  // namespace versus
