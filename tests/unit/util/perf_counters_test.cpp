#include "util/perf_counters.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <cerrno>
#include <chrono>
#include <ctime>
#include <thread>

using namespace versus;

namespace {
double thread_cpu_s() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

// Spins until the calling thread has run `seconds` of CPU; returns what it ran.
double spin_for(double seconds) {
  const double start = thread_cpu_s();
  volatile std::uint64_t x = 0;
  while (thread_cpu_s() - start < seconds)
    for (int i = 0; i < 10000; ++i) x = x + static_cast<std::uint64_t>(i);
  return thread_cpu_s() - start;
}

// A thread that publishes its tid, waits for `go`, spins, then (with `child`) starts a thread
// of its own that spins as long. `spent`: the CPU seconds both spun, by their own clocks.
struct Spinner {
  std::atomic<pid_t> tid{0};
  std::atomic<bool> go{false};
  double spent = 0;
  std::thread thread;

  Spinner(double seconds, bool child) {
    thread = std::thread([this, seconds, child] {
      tid = static_cast<pid_t>(::syscall(SYS_gettid));
      // Sleeps, not spins, while it waits: its task clock is then the spinning alone.
      while (!go) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      double theirs = 0;
      if (child) std::thread([&] { theirs = spin_for(seconds); }).join();
      spent = spin_for(seconds) + theirs;
    });
    while (tid == 0) std::this_thread::yield();
  }
};
}  // namespace

TEST_CASE("perf counters count a thread's task clock and its later threads'", "[perf]") {
  Spinner s(0.1, true);
  PerfCounters counters = PerfCounters::open({s.tid.load()});
  REQUIRE(counters.counting(PerfEvent::task_clock));
  CHECK(counters.why_not(PerfEvent::task_clock).empty());
  s.go = true;
  s.thread.join();
  const auto counts = counters.read();
  REQUIRE(counts.task_clock_ns);
  const double counted_s = static_cast<double>(*counts.task_clock_ns) / 1e9;
  // Both threads' own CPU clocks, 0.2 s: the child thread's counts through inheritance, so
  // without it the count would be about half. The task clock also holds the thread's start of
  // its child and the wakeups, which a busy 2-CPU machine stretched to 13% over once: the bound
  // is a quarter either way, still far from half.
  CHECK(counted_s > 0.75 * s.spent);
  CHECK(counted_s < 1.25 * s.spent);
}

TEST_CASE("perf counters say why a hardware event is not counted", "[perf]") {
  Spinner s(0.02, false);
  PerfCounters counters = PerfCounters::open({s.tid.load()});
  s.go = true;
  s.thread.join();
  const auto counts = counters.read();
  for (PerfEvent e : {PerfEvent::cycles, PerfEvent::instructions}) {
    const auto& count = e == PerfEvent::cycles ? counts.cycles : counts.instructions;
    if (counters.counting(e)) {  // a host with a PMU
      REQUIRE(count);
      CHECK(*count > 0);
      CHECK(counters.why_not(e).empty());
    } else {  // this project's VM: no PMU
      CHECK_FALSE(count);
      CHECK(counters.why_not(e).find(perf_event_name(e)) == 0);
    }
  }
}

TEST_CASE("perf counters skip threads that ended and count none when all did", "[perf]") {
  pid_t ended = 0;
  std::thread([&] { ended = static_cast<pid_t>(::syscall(SYS_gettid)); }).join();
  PerfCounters none = PerfCounters::open({ended});
  CHECK_FALSE(none.counting(PerfEvent::task_clock));
  CHECK_FALSE(none.read().task_clock_ns);
  CHECK(none.why_not(PerfEvent::task_clock) == perf_open_failure(PerfEvent::task_clock, ESRCH));

  Spinner s(0.02, false);
  PerfCounters some = PerfCounters::open({ended, s.tid.load()});
  s.go = true;
  s.thread.join();
  CHECK(some.counting(PerfEvent::task_clock));
  CHECK(*some.read().task_clock_ns > 0);
}

TEST_CASE("perf_open_failure names the event and the reason", "[perf]") {
  CHECK(perf_open_failure(PerfEvent::cycles, ENOENT) ==
        "cycles: the host exposes no hardware PMU (perf_event_open: No such file or directory)");
  CHECK(perf_open_failure(PerfEvent::task_clock, EACCES)
            .find("task-clock: not permitted (perf_event_open: Permission denied; see "
                  "/proc/sys/kernel/perf_event_paranoid)") == 0);
  CHECK(perf_open_failure(PerfEvent::instructions, ENOSYS) ==
        "instructions: the kernel has no perf_event_open");
  CHECK(perf_open_failure(PerfEvent::task_clock, ENOENT) ==
        "task-clock: perf_event_open: No such file or directory");
}

TEST_CASE("perf counters move without double closing", "[perf]") {
  PerfCounters a = PerfCounters::open({static_cast<pid_t>(::syscall(SYS_gettid))});
  const bool counting = a.counting(PerfEvent::task_clock);
  PerfCounters b = std::move(a);
  CHECK(b.counting(PerfEvent::task_clock) == counting);
  CHECK_FALSE(a.counting(PerfEvent::task_clock));  // NOLINT(bugprone-use-after-move)
  a = std::move(b);
  CHECK(a.counting(PerfEvent::task_clock) == counting);
}
