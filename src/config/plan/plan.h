#pragma once
// Plan: the validated, typed form of a matrix file. No YAML type appears here;
// everything downstream of config reads only this.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config/plan/metric.h"
#include "config/plan/overrides.h"
#include "sysbench/custom_workload.h"
#include "sysbench/rand_type.h"
#include "sysbench/statement_counts.h"
#include "sysbench/suite.h"
#include "sysbench/tpcc_options.h"
#include "sysbench/workload.h"

namespace versus::config {

struct ServerSpec {
  std::string name;               // unique within the plan; used in paths and tables
  std::filesystem::path basedir;  // absolute; holds sbin/mariadbd or bin/mysqld etc.
  int line = 0;                   // 1-based line of `basedir` in the matrix file
  // Settings of this release only, under every profile, rendered after the profile's.
  std::vector<std::filesystem::path> files;                  // absolute my.cnf fragments
  std::vector<std::pair<std::string, std::string>> options;  // [mysqld] name=value, file order
  // CPU time its processes may use, percent of the CPUs they may run on; 100 = no quota.
  int cpu_quota_pct = 100;
  std::string host{};          // the Plan::hosts entry it runs on; empty = this machine
  int host_line = 0;           // 1-based line of `host`
  std::string host_basedir{};  // the release installed on the host; "" = basedir copied there
  // An earlier server of the same basedir whose prepared instances this one's are copied from
  // and restarted with this server's my.cnf (run/derived_instance.h); "" = its own.
  std::string data_from{};
  int data_from_line = 0;  // 1-based line of `data_from`
};

// Another machine a server may run on, reached with ssh (remote/remote_host.h).
struct HostSpec {
  std::string name;                         // unique within the plan
  std::string ssh;                          // [user@]host, as ssh takes it
  int port = 22;                            // ssh's
  std::filesystem::path identity;           // ssh -i; empty = the user's ssh setup
  std::filesystem::path known_hosts;        // UserKnownHostsFile; empty = the user's
  std::string workdir = "/var/tmp/versus";  // absolute, on the host
  std::string address;  // where the client connects and the server listens; "" = ssh's host
  int line = 0;         // 1-based line of the entry
};

struct ProfileSpec {
  std::string name;                                          // unique within the plan
  std::vector<std::filesystem::path> files;                  // absolute my.cnf fragments
  std::vector<std::pair<std::string, std::string>> options;  // [mysqld] name=value, file order
  int line = 0;                                              // 1-based line of the entry
  std::vector<std::string> equalize{};  // groups run as the reference (server/equalize.h)
  int equalize_line = 0;                // 1-based line of `equalize`
};

// The cells an exclude[] or include[] entry selects: every axis it names must match; an absent
// axis matches any value.
struct CellSelector {
  std::optional<std::string> server, profile, engine, workload;  // names as in the Plan
  std::optional<int> threads;
  std::optional<std::int64_t> table_size;
  int line = 0;  // 1-based line of the entry in the matrix file
};

// How long one cell runs (the plan's values, or an include[] entry's).
struct RunLength {
  std::chrono::milliseconds warmup{0};
  std::chrono::milliseconds duration{0};  // 0 when max_requests alone limits
  std::uint64_t max_requests = 0;         // 0 = limited by duration
};

// An include[] entry: the run length keys it sets for the cells it selects.
struct RunLengthOverride {
  CellSelector select;
  std::optional<std::chrono::milliseconds> warmup, duration;
  std::optional<std::uint64_t> max_requests;
};

enum class Transport { socket, tcp };
// lifecycle: cell (a server per cell, from the snapshot), server (one per server/profile) or
// round (one per instance and round, from the snapshot: run/round_server.h).
enum class Lifecycle { cell, server, round };

struct Plan {
  std::filesystem::path source;  // the matrix file, as given (prefix of every error message)
  std::vector<ServerSpec> servers;
  std::vector<HostSpec> hosts;        // the machines servers[].host names; empty = all local
  std::vector<ProfileSpec> profiles;  // never empty: a plan without profiles gets "default"
  std::vector<std::string> engines;   // lower case: innodb, myisam, aria, ...
  std::vector<sysbench::Workload> workloads;  // with `suite`'s, in their order
  std::optional<sysbench::Suite> suite;       // the suite key, when given
  // Beside workloads, index for index: the suite's second pass of a read test, run after its
  // writes (workload_label: "<name>.after_writes"); empty or false for every other workload.
  std::vector<bool> after_writes;
  bool reads_after_writes = true;   // the suite's reads again after its writes
  bool reads_before_writes = true;  // ... and before them (false: only after, as published)
  // Beside workloads, index for index: the workload file of each Workload::custom, else null.
  std::vector<std::shared_ptr<const sysbench::CustomWorkload>> workload_files;
  // tpcc's scale; in a tpcc plan (tpcc alone) table_sizes is this list: the size axis.
  std::vector<std::int64_t> warehouses{1};
  sysbench::TpccOptions tpcc;  // tpcc_home, tpcc_mix, tpcc_checks (load/family/tpcc/)
  std::vector<int> threads;  // client connections per cell, each >= 1
  int tables = 1;
  std::vector<std::int64_t> table_sizes{10000};  // rows per table; each a separate instance
  std::chrono::milliseconds warmup{0};           // load before measuring; never counted
  bool warmup_steady = false;                    // warmup: steady (then warmup is 0)
  std::chrono::milliseconds warmup_max{60000};   // warmup: steady: the longest warmup
  bool prewarm = false;                          // read the tables into the cache first
  bool instance_cache = true;  // reuse prepared instances across runs (run/instance_cache.h)
  std::chrono::milliseconds duration{0};  // measured interval; 0 when max_requests limits
  std::uint64_t max_requests = 0;         // transactions per cell; 0 = limited by duration
  bool duration_given = false;            // duration was in the file (not the default)
  // suite: the measured interval of its read tests and of its write tests; 0: duration. Its
  // oltp_insert's (0: write_duration).
  std::chrono::milliseconds read_duration{0}, write_duration{0}, insert_duration{0};
  // suite with lifecycle: round: each warm-up pass's length (run/round_steps.h); 0: none.
  std::chrono::milliseconds warm_duration{60000};
  int repeats = 1;                        // with auto_repeats: 0 (max_repeats bounds the rounds)
  bool auto_repeats = false;              // repeats: auto (results/stats/sequential.h)
  int max_repeats = 10;  // repeats: auto: the most rounds (the looks of the design)
  std::chrono::milliseconds time_budget{0};   // repeats: auto: no round starts after; 0 = none
  std::string multiple_comparisons = "holm";  // holm | bh | none (results/stats/multiplicity.h)
  std::string estimate = "paired";            // paired | independent (results/stats/statistics.h)
  // explain: settings: each column's gap split by settings group after the run (run/why/explain.h).
  bool explain_settings = false;
  bool explain_variables = false;  // explain: variables: then each decided group by variable
  std::chrono::milliseconds explain_budget{0};  // the split's second runs at most; 0 = no limit
  std::uint64_t seed = 0;           // of every session's random ids; 0 = drawn when the run starts
  int min_difference_pct = 2;       // smaller TPS differences are never faster/slower
  int interference_limit_pct = 10;  // others' share of the CPU above which a cell is disturbed
  std::uint64_t rate = 0;           // transactions/s over all clients; 0 = closed loop
  std::chrono::milliseconds startup_timeout{60000};
  std::chrono::milliseconds shutdown_timeout{60000};
  std::chrono::milliseconds stall_timeout{30000};  // no answer this long: unresponsive
  std::chrono::milliseconds stall_limit{1000};     // no answer this long: a stall, recorded
  // Noise control. CPU numbers as sched_setaffinity takes them, ascending; empty = no pinning.
  std::vector<int> client_cpus;  // versus (the load threads) while a cell runs
  std::vector<int> server_cpus;  // every thread of each server, set right after it starts
  bool colocate = false;         // thread_placement: colocate (host/colocation.h)
  bool cpu_probe = true;         // measure host CPU speed before each cell (host/cpu_probe.h)
  bool efficiency = true;        // record server/client usage per cell (load/drive/usage_probe.h)
  Metric metric = Metric::tps;   // what the report's tables show
  sysbench::StatementCounts
      counts;               // per-transaction statement counts (sysbench --point-selects...)
  // inlist_size's sizes, as given. One is random_points' IN-list (counts.inlist_size); with
  // several, each random_points of `workloads` became one test per size, in this order:
  // random_points_10 for 10, random_points_1000 for 1000, random_points (counts.inlist_size)
  // for the one other size the parser allows.
  std::vector<int> inlist_sizes{100};
  sysbench::RandSpec rand;  // distribution of the ids statements use (sysbench --rand-type)
  Transport transport = Transport::socket;  // how cells connect to their server
  Lifecycle lifecycle = Lifecycle::cell;    // how long a server lives (run/shared_server.h)
  std::vector<unsigned> ignore_errors{1213, 1020, 1205};  // retried (client/error_class.h)
  std::int64_t myisam_max_rows = 1'000'000;               // MAX_ROWS of the legacy MyISAM table
  // The sysbench tables' charset and collation; "" = the server's own (CREATE TABLE names none).
  std::string table_charset, table_collation;
  int table_charset_line = 0, table_collation_line = 0;  // 1-based lines of the keys
  std::vector<CellSelector> excludes;                    // cells not run
  std::vector<RunLengthOverride> includes;               // run lengths of some cells
  MatrixOverrides overrides;  // the command line's --server/--set the plan was read with
};

// One measured run: indexes into the Plan's vectors, plus the thread count and repeat.
struct Cell {
  std::size_t server = 0;
  std::size_t profile = 0;
  std::size_t engine = 0;
  std::size_t workload = 0;
  int threads = 1;
  int repeat = 0;        // 0-based
  std::size_t size = 0;  // index into Plan::table_sizes
};

// The name of workloads[w] in cells and results: a built-in's, or its workload file's name;
// a second pass after the writes has sysbench::kAfterWritesSuffix.
std::string workload_label(const Plan& plan, std::size_t w);
// Whether workloads[w] is the suite's second pass of a read test (Plan::after_writes).
bool runs_after_writes(const Plan& plan, std::size_t w);
// Whether workloads[w] is one of the suite's writes that run before its second read pass
// (every write but those that run last: sysbench::suite_runs_last).
bool writes_before_second_pass(const Plan& plan, std::size_t w);

// The address a client uses for `host`: its address, else the host part of its ssh destination.
std::string host_address(const HostSpec& host);
// The host servers[server] runs on; nullptr when it runs on this machine.
const HostSpec* host_of(const Plan& plan, std::size_t server);
// The server whose prepared instances servers[server]'s are copied from (its data_from);
// nullopt when it prepares its own (or names no server: the reader refuses that).
std::optional<std::size_t> data_source_of(const Plan& plan, std::size_t server);

// The most rounds the plan runs: repeats, or max_repeats with repeats: auto.
int rounds_of(const Plan& plan);

// How the run compares its cells (RunInfo::estimate): the plan's estimate, but "independent"
// with lifecycle: server, whose columns run back to back: no interleaved rounds to pair.
std::string run_estimate(const Plan& plan);

// Whether `cell` has every axis value `selector` names.
bool selects(const Plan& plan, const CellSelector& selector, const Cell& cell);
// Whether an exclude[] entry drops `cell`.
bool excluded(const Plan& plan, const Cell& cell);
// The cell's run length: the plan's, with the keys of every include[] entry that selects it
// (the parser refuses entries that disagree). max_requests set without any duration ends the
// cell by request count alone.
RunLength run_length(const Plan& plan, const Cell& cell);

// Every cell of the plan's matrix but the excluded ones, in canonical order
// (server, profile, engine, table size, workload, threads, repeat; the last varies fastest).
std::vector<Cell> expand_cells(const Plan& plan);
// The same with the excluded cells.
std::vector<Cell> all_cells(const Plan& plan);

}  // namespace versus::config
