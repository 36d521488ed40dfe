#include "util/perf_counters.h"

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace versus {

const char* perf_event_name(PerfEvent e) {
  switch (e) {
    case PerfEvent::task_clock: return "task-clock";
    case PerfEvent::cycles: return "cycles";
    case PerfEvent::instructions: return "instructions";
  }
  return "?";
}

std::string perf_open_failure(PerfEvent e, int err) {
  const std::string what = std::string(perf_event_name(e)) + ": ";
  if (e != PerfEvent::task_clock && (err == ENOENT || err == EOPNOTSUPP || err == ENODEV))
    return what + "the host exposes no hardware PMU (perf_event_open: " + std::strerror(err) + ")";
  if (err == EACCES || err == EPERM)
    return what + "not permitted (perf_event_open: " + std::strerror(err) +
           "; see /proc/sys/kernel/perf_event_paranoid)";
  if (err == ENOSYS) return what + "the kernel has no perf_event_open";
  return what + "perf_event_open: " + std::strerror(err);
}

namespace {
perf_event_attr perf_attr(PerfEvent e) {
  perf_event_attr a{};
  a.size = sizeof a;
  a.type = e == PerfEvent::task_clock ? PERF_TYPE_SOFTWARE : PERF_TYPE_HARDWARE;
  if (e == PerfEvent::task_clock)
    a.config = PERF_COUNT_SW_TASK_CLOCK;
  else
    a.config = e == PerfEvent::cycles ? PERF_COUNT_HW_CPU_CYCLES : PERF_COUNT_HW_INSTRUCTIONS;
  a.inherit = 1;     // threads the counted thread creates later count too
  a.exclude_hv = 1;  // the hypervisor's cycles are not the server's
  a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  return a;
}

int open_event(PerfEvent e, pid_t tid) {
  perf_event_attr a = perf_attr(e);
  return static_cast<int>(::syscall(SYS_perf_event_open, &a, tid, -1, -1, PERF_FLAG_FD_CLOEXEC));
}
}  // namespace

PerfCounters PerfCounters::open(const std::vector<pid_t>& tids) {
  PerfCounters c;
  for (PerfEvent e : kPerfEvents) {
    int first_error = 0;
    for (pid_t tid : tids) {
      const int fd = open_event(e, tid);
      if (fd >= 0) {
        c.fds_[index(e)].push_back(fd);
      } else if (errno != ESRCH && c.fds_[index(e)].empty()) {
        first_error = errno;  // the event itself fails, not a thread that ended
        break;
      }
    }
    if (c.fds_[index(e)].empty())
      c.why_not_[index(e)] = perf_open_failure(e, first_error ? first_error : ESRCH);
  }
  return c;
}

PerfCounters::PerfCounters(PerfCounters&& other) noexcept
    : fds_(std::exchange(other.fds_, {})), why_not_(std::move(other.why_not_)) {}

PerfCounters& PerfCounters::operator=(PerfCounters&& other) noexcept {
  if (this != &other) {
    close_all();
    fds_ = std::exchange(other.fds_, {});
    why_not_ = std::move(other.why_not_);
  }
  return *this;
}

PerfCounters::~PerfCounters() { close_all(); }

void PerfCounters::close_all() {
  for (auto& fds : fds_) {
    for (int fd : fds) ::close(fd);
    fds.clear();
  }
}

std::optional<std::uint64_t> PerfCounters::sum(PerfEvent e) const {
  if (!counting(e)) return std::nullopt;
  long double total = 0;
  for (int fd : fds_[index(e)]) {
    std::uint64_t v[3] = {0, 0, 0};  // value, time enabled, time running
    if (::read(fd, v, sizeof v) != static_cast<ssize_t>(sizeof v)) continue;
    total += v[2] > 0 && v[2] < v[1] ? static_cast<long double>(v[0]) * v[1] / v[2] : v[0];
  }
  return static_cast<std::uint64_t>(total);
}

PerfCounts PerfCounters::read() const {
  return {sum(PerfEvent::task_clock), sum(PerfEvent::cycles), sum(PerfEvent::instructions)};
}

}  // namespace versus
