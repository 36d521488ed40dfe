#pragma once
// PerfCounters: what a set of threads ran, counted by the kernel with perf_event_open(2): the
// task clock (a software event every Linux kernel has: nanoseconds on a CPU) and, where the host
// exposes a hardware PMU, CPU cycles and instructions retired. Each thread's counter inherits
// to the threads it creates afterwards (a server's new connection threads count too); a thread
// that ends keeps its count. Opened on every thread of a process tree at a measured interval's
// start, read at its end. RAII: the descriptors close with the object. Never on a hot path.
#include <sys/types.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "util/expected.h"

namespace versus {

enum class PerfEvent { task_clock, cycles, instructions };
inline constexpr std::array<PerfEvent, 3> kPerfEvents{PerfEvent::task_clock, PerfEvent::cycles,
                                                      PerfEvent::instructions};
const char* perf_event_name(PerfEvent e);  // "task-clock", "cycles", "instructions"

// The counts since the counters were opened, summed over their threads (a hardware count the
// kernel had to multiplex is scaled by enabled / running time, as perf stat does); nullopt for
// an event that is not counted.
struct PerfCounts {
  std::optional<std::uint64_t> task_clock_ns, cycles, instructions;
};

class PerfCounters {
 public:
  // Opens every event on every thread of `tids` (kernel thread ids; one that ended meanwhile
  // is skipped). An event that cannot be opened on the first thread is not counted, and
  // why_not() says why ("the host exposes no hardware PMU", "not permitted: ...").
  static PerfCounters open(const std::vector<pid_t>& tids);
  PerfCounters() = default;
  PerfCounters(PerfCounters&& other) noexcept;
  PerfCounters& operator=(PerfCounters&& other) noexcept;
  ~PerfCounters();

  PerfCounts read() const;
  bool counting(PerfEvent e) const { return !fds_[index(e)].empty(); }
  // "" when `e` is counted; else why it is not.
  const std::string& why_not(PerfEvent e) const { return why_not_[index(e)]; }

 private:
  static std::size_t index(PerfEvent e) { return static_cast<std::size_t>(e); }
  void close_all();
  std::optional<std::uint64_t> sum(PerfEvent e) const;

  std::array<std::vector<int>, kPerfEvents.size()> fds_;
  std::array<std::string, kPerfEvents.size()> why_not_;
};

// Why perf_event_open failed with `err` for event `e`, in a user's words. Pure.
std::string perf_open_failure(PerfEvent e, int err);

}  // namespace versus
