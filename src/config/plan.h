#pragma once
// Plan: the validated, typed form of a matrix file. No YAML type appears here;
// everything downstream of config reads only this.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "config/metric.h"
#include "sysbench/rand_type.h"
#include "sysbench/statement_counts.h"
#include "sysbench/workload.h"

namespace versus::config {

struct ServerSpec {
  std::string name;               // unique within the plan; used in paths and tables
  std::filesystem::path basedir;  // absolute; holds sbin/mariadbd or bin/mysqld etc.
  int line = 0;                   // 1-based line of `basedir` in the matrix file
  // CPU time its processes may use, percent of the CPUs they may run on; 100 = no quota.
  int cpu_quota_pct = 100;
};

struct ProfileSpec {
  std::string name;                                          // unique within the plan
  std::vector<std::filesystem::path> files;                  // absolute my.cnf fragments
  std::vector<std::pair<std::string, std::string>> options;  // [mysqld] name=value, file order
  int line = 0;                                              // 1-based line of the entry
};

struct Plan {
  std::filesystem::path source;  // the matrix file, as given (prefix of every error message)
  std::vector<ServerSpec> servers;
  std::vector<ProfileSpec> profiles;  // never empty: a plan without profiles gets "default"
  std::vector<std::string> engines;   // lower case: innodb, myisam, aria, ...
  std::vector<sysbench::Workload> workloads;
  std::vector<int> threads;  // client connections per cell, each >= 1
  int tables = 1;
  std::int64_t table_size = 10000;              // rows per table
  std::chrono::milliseconds warmup{0};          // load before measuring; never counted
  bool warmup_steady = false;                   // warmup: steady (then warmup is 0)
  std::chrono::milliseconds warmup_max{60000};  // warmup: steady: the longest warmup
  bool prewarm = false;                         // read the tables into the cache first
  std::chrono::milliseconds duration{0};        // measured interval; 0 when max_requests limits
  std::uint64_t max_requests = 0;               // transactions per cell; 0 = limited by duration
  int repeats = 1;            // with auto_repeats: 0 (max_repeats bounds the rounds)
  bool auto_repeats = false;  // repeats: auto (results/sequential.h)
  int max_repeats = 10;       // repeats: auto: the most rounds (the looks of the design)
  std::chrono::milliseconds time_budget{0};   // repeats: auto: no round starts after; 0 = none
  std::string multiple_comparisons = "holm";  // holm | bh | none (results/multiplicity.h)
  std::uint64_t seed = 0;      // of every session's random ids; 0 = drawn when the run starts
  int min_difference_pct = 2;  // smaller TPS differences are never faster/slower
  std::uint64_t rate = 0;      // transactions/s over all clients; 0 = closed loop
  std::chrono::milliseconds startup_timeout{60000};
  std::chrono::milliseconds shutdown_timeout{60000};
  // Noise control. CPU numbers as sched_setaffinity takes them, ascending; empty = no pinning.
  std::vector<int> client_cpus;  // versus (the load threads) while a cell runs
  std::vector<int> server_cpus;  // every thread of each server, set right after it starts
  bool cpu_probe = true;         // measure host CPU speed before each cell (run/cpu_probe.h)
  bool efficiency = true;        // record server/client usage per cell (load/usage_probe.h)
  Metric metric = Metric::tps;   // what the report's tables show
  sysbench::StatementCounts
      counts;               // per-transaction statement counts (sysbench --point-selects...)
  sysbench::RandSpec rand;  // distribution of the ids statements use (sysbench --rand-type)
};

// One measured run: indexes into the Plan's vectors, plus the thread count and repeat.
struct Cell {
  std::size_t server = 0;
  std::size_t profile = 0;
  std::size_t engine = 0;
  std::size_t workload = 0;
  int threads = 1;
  int repeat = 0;  // 0-based
};

// The most rounds the plan runs: repeats, or max_repeats with repeats: auto.
int rounds_of(const Plan& plan);

// Every cell of the plan's matrix, in canonical order
// (server, profile, engine, workload, threads, repeat; the last varies fastest).
std::vector<Cell> expand_cells(const Plan& plan);

}  // namespace versus::config
