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
TreeDelta tree_delta(const TreeSample& before, const TreeSample& after);  // pure

// Busy CPU seconds of the whole machine since boot (/proc/stat "cpu": all but idle and iowait).
double host_busy_seconds();

// Parsers of /proc text; nullopt when the text is not what the kernel writes. Pure.
// /proc/PID/stat: utime and stime (fields 14 and 15), in clock ticks.
std::optional<std::pair<std::uint64_t, std::uint64_t>> parse_stat_times(const std::string& line);
ThreadSwitches parse_switches(const std::string& status_text);  // voluntary_ctxt_switches: ...
std::uint64_t parse_status_kb(const std::string& status_text, const std::string& key);  // bytes
void parse_io(const std::string& io_text, ProcessUsage& out);  // rchar, wchar, read/write_bytes
// /proc/stat's first line: busy ticks (user nice system irq softirq steal), nullopt if not "cpu".
std::optional<std::uint64_t> parse_host_busy_ticks(const std::string& line);

}  // namespace versus
