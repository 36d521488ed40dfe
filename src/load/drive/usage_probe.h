#pragma once
// UsageProbe: what a server and versus spent over one measured interval, from two snapshots
// taken by the driver at the interval's edges (DriverOptions::at_measure_start/_end; never on
// the client hot path): the server's process tree from /proc (util/proc_usage.h), versus's own
// getrusage, the host's CPU times, SHOW GLOBAL STATUS and information_schema.INNODB_METRICS,
// the kernel's counts of the server's threads (util/perf_counters.h: opened at the first edge,
// read at the last), and the transactions completed at the same instants (load_watch.h), so every delta is
// divided by what happened over its own interval. The statements run on the probe's own
// connection, opened before the load: each snapshot itself bumps a few counters (Questions,
// Com_show_status, Com_select, Handler_*, Created_tmp_tables, ...) by the same amount every time.
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "client/connection.h"
#include "load/drive/driver.h"
#include "load/drive/load_watch.h"
#include "load/tally/placement_tally.h"
#include "load/probe/server_status.h"
#include "measured/usage_record.h"
#include "util/perf_counters.h"
#include "util/proc_usage.h"

namespace versus::load {

// The server's side of a snapshot: its machine's CPU times, then its process tree's usage,
// read back to back (on another host: by its agent, remote/agent.h).
struct ServerSide {
  HostTimes host;
  TreeSample tree;
  int host_cpus = 0;
};
using ServerSideReader = std::function<ServerSide()>;

class UsageProbe {
 public:
  // `tree_root`: the server's process tree (mysqld_safe's pid, or the server's own); `admin`:
  // any account that may run SHOW GLOBAL STATUS. Fails when it cannot connect.
  static Expected<UsageProbe> open(pid_t tree_root, const client::Endpoint& admin);
  // A server on another machine: `reader` gives its side of each snapshot; the host figures
  // are then that machine's (UsageRecord::client_on_host false) and placement is not sampled.
  static Expected<UsageProbe> open_remote(ServerSideReader reader, const client::Endpoint& admin);

  // Hooks begin() and end() to the measured interval's edges of `options`, and sample() to
  // its seconds (the probe must outlive the load); with `host_speed`, probe_speed() too.
  void attach(DriverOptions& options, bool host_speed = false);
  void begin(const LoadWatch& watch);  // snapshot at the measured interval's start
  void end(const LoadWatch& watch);    // ... and at its end
  // Where the server's and the client's threads run now (begin and end take one too).
  void sample(const LoadWatch& watch);
  // How fast this machine's core runs now: kSpeedBurst of the ALU chain on the calling (the
  // driver's) thread, in its own CPU time (util/cpu_speed.h). Only for a server on this
  // machine: a remote one's host is not the one the chain would time.
  void probe_speed();
  static constexpr std::chrono::microseconds kSpeedBurst{10'000};
  // The deltas; `measured` false unless both snapshots were complete.
  measured::UsageRecord result() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Snapshot {
    TreeSample tree;
    double client_user_s = 0, client_system_s = 0;
    HostTimes host;
    Clock::time_point host_at{};    // when `host` was read
    Clock::time_point status_at{};  // the middle of SHOW GLOBAL STATUS
    double completed = 0;           // transactions completed by then (mean of two readings)
    StatusSnapshot status;
    std::map<std::string, std::int64_t> innodb_metrics;
    bool complete = false;
  };
  UsageProbe(pid_t root, client::Connection conn) : root_(root), conn_(std::move(conn)) {}
  ServerSide server_side();
  Snapshot take(const LoadWatch& watch);
  void read_cpu(Snapshot& s);

  pid_t root_;  // 0 for a remote server
  client::Connection conn_;
  ServerSideReader remote_;          // set for a remote server
  int host_cpus_ = 0;                // of the last server-side reading
  bool have_innodb_metrics_ = true;  // cleared when the release has no such table
  std::optional<Snapshot> before_, after_;
  std::vector<pid_t> tree_pids_;  // the server's tree at the last snapshot
  std::vector<pid_t> perf_tids_;  // its threads at the first snapshot, to count
  std::optional<PerfCounters> perf_;  // opened at the first snapshot (a local server only)
  PerfCounts perf_counts_;            // read at the last
  PlacementTally placement_;
  double speed_sum_ = 0;  // of probe_speed()'s rates, Mops per CPU-s
  int speed_samples_ = 0;
};

// The record of `counts` read from `counters`: -1 and a line in `unavailable` for each event
// not counted; null `counters`: a server on another host, whose threads are not counted. Pure.
measured::PerfRecord perf_record(const PerfCounters* counters, const PerfCounts& counts);

// Enabled INNODB_METRICS counters, name -> COUNT, from (NAME, COUNT) rows. Pure.
std::map<std::string, std::int64_t> parse_metric_rows(const std::vector<client::Row>& rows);

// The query: every counter; a disabled one keeps its value, so its delta is 0 (filtering on
// the enabled column found none on MariaDB 10.11, whose column names differ from MySQL's).
inline constexpr const char* kInnodbMetricsQuery =
    "SELECT NAME, COUNT FROM information_schema.INNODB_METRICS";

}  // namespace versus::load
