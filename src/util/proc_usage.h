#pragma once
// Resource use of a process tree and of the host, read from /proc: CPU time, context switches,
// I/O bytes and peak RSS. Two samples and their difference give what was spent between them.
// Reading is best effort: a process or thread that vanished between listing and reading is
// skipped. The parsers are pure, for tests.
#include <sys/types.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace versus {

// One process, all its threads (the kernel sums them in /proc/PID/stat and /proc/PID/io).
struct ProcessUsage {
  double user_s = 0, system_s = 0;                                      // utime, stime
  std::uint64_t rchar = 0, wchar = 0, read_bytes = 0, write_bytes = 0;  // /proc/PID/io
  std::uint64_t peak_rss_bytes = 0;                                     // VmHWM
};

// One thread's context switches (/proc/PID/status counts only the thread it names).
struct ThreadSwitches {
  std::uint64_t voluntary = 0, involuntary = 0;
};

struct TreeSample {
  std::map<pid_t, ProcessUsage> processes;  // by pid
  std::map<pid_t, ThreadSwitches> threads;  // by tid, every thread of every process
};

// What the tree spent between two samples. A process or thread present in `after` only
// started in between and counts whole; one present in `before` only ended and is lost
// (its parent reaps it after the interval, if ever).
struct TreeDelta {
  double user_s = 0, system_s = 0;
  std::uint64_t rchar = 0, wchar = 0, read_bytes = 0, write_bytes = 0;
  std::uint64_t voluntary = 0, involuntary = 0;
  std::uint64_t peak_rss_bytes = 0;  // the largest VmHWM in `after` (the server's own)
  int processes = 0;                 // in `after`
};

// `root` and every live descendant, root first.
std::vector<pid_t> process_tree(pid_t root);
TreeSample sample_tree(pid_t root);
// The processes `pids` (from process_tree: the slow scan of /proc can be done beforehand).
TreeSample sample_processes(const std::vector<pid_t>& pids);
TreeDelta tree_delta(const TreeSample& before, const TreeSample& after);  // pure

// The machine's CPU time since boot, /proc/stat's "cpu" line, seconds summed over all CPUs.
// `ticked_busy_s` (user nice system irq softirq) is charged a tick at a time: a CPU that runs
// for less than a tick between idle periods is often never charged, so a ping-pong load (one
// session: client and server take turns) is under-counted (the quickstart's 1-thread cells:
// 3.2-3.4 CPU-s ticked against 4.0 used by the server and versus alone). `idle_s` and `iowait_s`
// are measured at each idle entry and exit on a tickless kernel, so the busy time over an
// interval is its length x CPUs - idle - iowait - steal (host_busy_between). `steal_s`: time
// the hypervisor ran something else while a CPU of this machine wanted to run.
struct HostTimes {
  double ticked_busy_s = 0, idle_s = 0, iowait_s = 0, steal_s = 0;
};
HostTimes host_times();
// CPU seconds the machine's own processes ran between two readings `wall_s` apart on `cpus`
// CPUs (steal excluded), never below 0. Pure.
double host_busy_between(const HostTimes& before, const HostTimes& after, double wall_s, int cpus);

// Parsers of /proc text; nullopt when the text is not what the kernel writes. Pure.
// /proc/PID/stat: utime and stime (fields 14 and 15), in clock ticks.
std::optional<std::pair<std::uint64_t, std::uint64_t>> parse_stat_times(const std::string& line);
ThreadSwitches parse_switches(const std::string& status_text);  // voluntary_ctxt_switches: ...
std::uint64_t parse_status_kb(const std::string& status_text, const std::string& key);  // bytes
void parse_io(const std::string& io_text, ProcessUsage& out);  // rchar, wchar, read/write_bytes
// /proc/stat's first line with `ticks_per_s` clock ticks a second; nullopt if not "cpu".
std::optional<HostTimes> parse_host_times(const std::string& line, double ticks_per_s);

}  // namespace versus
