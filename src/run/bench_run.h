#pragma once
// BenchRun: `versus bench [prepare|run|cleanup]`, the load engine alone against a server
// that is already running, with sysbench's names and defaults: the options as the command
// line gave them (plain values), checked and turned into a load (plan_bench), run
// (run_bench: the same run_server_load a matrix cell uses), or the tables loaded or dropped.
// The password comes from `defaults_file` ([client] password=..., a 0600 file) or
// $VERSUS_PASSWORD, never argv. Nothing here prints: the caller reports.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "load/drive/driver.h"
#include "measured/bench_record.h"
#include "sysbench/rand_type.h"
#include "sysbench/statement_counts.h"
#include "util/expected.h"

namespace versus::run {

struct BenchOptions {
  std::string action = "run";  // prepare | run | check | cleanup
  std::string host = "127.0.0.1";
  unsigned port = 3306;
  std::string socket;  // preferred over host/port when set
  std::string user = "root";
  std::string database = "sbtest";
  std::string defaults_file;
  std::string workload = "oltp_read_write";
  std::string workload_file;  // workload file (config/reading/workload_file.h); replaces workload
  // A query log replayed (docs/replay.md), as a matrix's {replay: LOG, ...} entry; replaces
  // workload (not with workload_file). replay_data: the dump prepare loads.
  std::string replay, replay_data;
  bool replay_writes = false;      // write statements replayed, not refused
  std::int64_t replay_sample = 1;  // 1 in N of the log's connections kept
  std::string replay_order = "captured";  // or "weighted" (sysbench::replay_order_names())
  std::string engine = "innodb";   // prepare only
  int tables = 1;
  std::int64_t table_size = 10000;
  int warehouses = 1;  // tpcc's scale (prepare loads it, run spreads the connections over it)
  // tpcc: the matrix's tpcc_home, tpcc_mix and tpcc_checks, by their names.
  std::string tpcc_home = "per_transaction", tpcc_mix = "standard", tpcc_checks = "all";
  int threads = 1;         // --threads: the client connections (prepare: tables loaded at once)
  int client_threads = 0;  // the OS threads driving the connections; 0: automatic
  std::string duration;    // default 10s (sysbench's --time), or none with --max-requests
  std::uint64_t max_requests = 0;
  std::uint64_t rate = 0;          // transactions/s over all connections (sysbench --rate); 0: none
  int report_interval = 0;         // seconds between progress intervals; 0: none
  std::string warmup = "0s";       // or steady (load/drive/steady_state.h)
  std::string warmup_max = "60s";  // --warmup steady: the longest warmup
  bool prewarm = false;            // read the tables into the cache first (load/probe/prewarm.h)
  bool statement_timing = true;    // each statement timed by its class (off: to measure its cost)
  bool status_deltas = false;      // SHOW GLOBAL STATUS deltas of the run
  bool efficiency = false;         // the server's and versus's cost per transaction
  int server_pid = 0;              // the server efficiency measures; 0: from its @@pid_file
  sysbench::StatementCounts counts;  // the transaction mix, as the matrix keys
  std::string rand_type = "special";
  sysbench::RandSpec rand;  // --rand-spec-pct, --rand-spec-res, --rand-pareto-h (type: above)
};

// The options checked (names, durations, table size, the password) and the load they ask
// for, with its endpoint; an error here is the user's (a usage error).
struct BenchPlan {
  BenchOptions options;
  load::DriverOptions driver;
};
Expected<BenchPlan> plan_bench(const BenchOptions& options);

// Called with each live progress interval (options.report_interval) of the measured load.
using BenchIntervalFn = std::function<void(const measured::BenchInterval&)>;

// Runs the planned load on the server: the efficiency probe (when asked) at the measured
// interval's edges, status deltas, prewarm, warmup, as run_server_load does for a cell.
Expected<measured::BenchRecord> run_bench(BenchPlan plan, const BenchIntervalFn& on_interval,
                                          const std::atomic<bool>* cancel);

// check: the workload family's checks alone on the tables a run left (TPC-C's consistency
// conditions, those options.tpcc_checks selects), with each one's time; the first that does not
// hold is the record's consistency_error. plan_bench refuses a check of a workload whose family
// checks nothing.
Expected<measured::BenchRecord> check_bench(const BenchPlan& plan);

// Loads the workload's tables as a matrix instance loads them (load::tables_for), k with
// --rand-type as sysbench's prepare draws it; returns the seconds it took.
Expected<double> prepare_bench_tables(const BenchPlan& plan);
// Drops the tables.
Expected<void> drop_bench_tables(const BenchPlan& plan);
// The database the tables are in, as messages name it.
std::string bench_database(const BenchPlan& plan);

}  // namespace versus::run
