#pragma once
// UsageRecord: what the server and versus itself spent over one cell's measured interval,
// from two snapshots taken at its edges (load/drive/usage_probe.h), as raw deltas. Nothing is
// normalized here (results/evidence/efficiency.h does that), so any figure can be recomputed.
// Every delta covers the snapshot interval: from the first snapshot (just before the measured
// interval starts) to the second (just after it ends), a few ms longer than the measured
// interval, more on a busy machine; `transactions` is what completed over that same interval.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace versus::measured {

// Where the server's and the client's threads ran over the measured interval, sampled by the
// driver's thread at the snapshots and about once a second in between (load/tally/placement_tally.h).
// Per CPU: how many times a sample found a thread that had run since the previous sample
// with that CPU as the last it ran on. Migrations: of the threads of the first sample, up to
// the last sample each was seen in (-1: /proc/PID/task/TID/sched not readable here).
struct PlacementRecord {
  int samples = 0;  // 0: not recorded (older results, efficiency: false)
  std::map<int, std::uint64_t> server_cpus, client_cpus;
  std::int64_t server_migrations = -1, client_migrations = -1;
};

// What the kernel counted for the server's process tree over the interval (perf_event_open(2),
// util/perf_counters.h: each thread of the tree at the first snapshot, and the threads they
// created after it, from the first snapshot to the last). -1: not counted, and `unavailable`
// says why ("cycles: the host exposes no hardware PMU ...", "a server on another host").
struct PerfRecord {
  bool recorded = false;  // false: older results, or not measured
  double task_clock_s = -1;  // CPU seconds the tree's threads ran, by the task clock
  std::int64_t cycles = -1, instructions = -1;
  std::vector<std::string> unavailable;  // one line per event not counted
};

struct UsageRecord {
  bool measured = false;  // false: not collected (older results, `efficiency: false`, a failure)
  // The snapshot interval: seconds between the two snapshots' SHOW GLOBAL STATUS, and the
  // transactions completed (in any phase) between them, read from the client threads'
  // counters just before and after each of those statements (the mean of the two). 0 in
  // results written before they were recorded: the measured interval's count stands in.
  double interval_s = 0;
  std::uint64_t transactions = 0;
  // Seconds between the two readings of the CPU figures below (the host's, the server tree's
  // and versus's, read back to back at each edge). Not interval_s: the first edge's SHOW
  // GLOBAL STATUS runs under load and may take tens of ms more than the last's, so the two
  // intervals differ by that much. 0 in results written before it was recorded.
  double cpu_interval_s = 0;
  // CPU seconds of the server's whole process tree (mysqld_safe and every descendant; all
  // threads of each process), from /proc/PID/stat utime and stime.
  double server_user_s = 0, server_system_s = 0;
  // CPU seconds of versus itself (getrusage RUSAGE_SELF: every thread, the load engine's too).
  double client_user_s = 0, client_system_s = 0;
  // Context switches of every thread of the server's tree (/proc/PID/task/TID/status; a thread
  // that ended inside the interval is not counted).
  std::uint64_t voluntary_switches = 0, involuntary_switches = 0;
  // Bytes of the server's tree, /proc/PID/io: read_bytes/write_bytes reached the storage
  // layer; rchar/wchar passed through read()/write()-like calls (page cache included).
  std::uint64_t read_bytes = 0, write_bytes = 0;
  std::uint64_t read_chars = 0, write_chars = 0;
  std::uint64_t peak_rss_bytes = 0;  // VmHWM of the server process at the interval's end
  // The machine over the same interval: CPU seconds its processes ran on all CPUs (the
  // interval's length x CPUs less /proc/stat's idle, iowait and steal: util/proc_usage.h says
  // why not its busy ticks; results written before steal_s was recorded have the busy ticks,
  // steal included), the seconds stolen by the hypervisor, and the number of online CPUs.
  double host_busy_s = 0;
  double steal_s = 0;
  int host_cpus = 0;
  // The machine above is the server's, and the client ran on it too. False when the server ran
  // on another host (servers[].host): the host figures are that host's, versus's CPU is not in
  // host_busy_s, and what else ran on the client's machine is not measured.
  bool client_on_host = true;
  // How fast the machine's core ran while the cell measured: the mean, over the interval's
  // seconds, of an ALU chain's rate in Mops per second of the probing thread's own CPU time
  // (10 ms a second on the driver's thread: util/cpu_speed.h, load/drive/usage_probe.h). Preemption
  // does not move it; frequency, a busy sibling hyperthread and the hypervisor do (a 30-s
  // window's rate and oltp_read_only's TPS had r = +0.97 on this project's VM: bench/README.md,
  // host_windows.sh). 0 with 0 samples when not measured (cpu_probe: false, a remote server,
  // a cell under a second, older results). Comparable between cells of one versus build.
  double host_speed = 0;
  int host_speed_samples = 0;
  // after - before of every numeric SHOW GLOBAL STATUS variable (gauges too: they may be
  // negative), and of every enabled information_schema.INNODB_METRICS counter (by default
  // only copies of status variables); empty where the release has no such table.
  std::map<std::string, std::int64_t> status;
  std::map<std::string, std::int64_t> innodb_metrics;
  PlacementRecord placement;
  PerfRecord perf;

  double server_cpu_s() const { return server_user_s + server_system_s; }
  double client_cpu_s() const { return client_user_s + client_system_s; }
  // The interval the CPU figures were read over: cpu_interval_s, else (older results)
  // interval_s; 0 when neither was recorded.
  double cpu_interval() const { return cpu_interval_s > 0 ? cpu_interval_s : interval_s; }
};

}  // namespace versus::measured
