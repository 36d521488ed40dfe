#pragma once
// StoppedChild: a forked child that waits in pause(), stopped with SIGSTOP (state T) once
// constructed; killed and reaped on destruction (or by end()). For tests of what versus reads
// of a stopped process in /proc.
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <thread>

#include "util/pid.h"

namespace versus::testing {

class StoppedChild {
 public:
  StoppedChild() : pid_(::fork()) {
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      ::pause();
      ::_exit(0);
    }
    ::kill(pid_, SIGSTOP);
    wait_until([&] { return process_state(pid_) == 'T'; });
  }
  ~StoppedChild() { end(); }
  StoppedChild(const StoppedChild&) = delete;
  StoppedChild& operator=(const StoppedChild&) = delete;

  pid_t pid() const { return pid_; }
  // SIGCONT, then waits (at most a second) until it is no longer stopped.
  void resume() {
    ::kill(pid_, SIGCONT);
    wait_until([&] { return process_state(pid_) != 'T'; });
  }
  // SIGKILL and reap; idempotent.
  void end() {
    if (ended_) return;
    ended_ = true;
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }

 private:
  template <class F>
  static void wait_until(F done) {
    for (int i = 0; i < 200 && !done(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  pid_t pid_;
  bool ended_ = false;
};

}  // namespace versus::testing
