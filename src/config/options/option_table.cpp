#include "config/options/option_table.h"

#include <chrono>

#include "config/options/duration.h"
#include "config/plan/metric.h"
#include "sysbench/rand_type.h"
#include "sysbench/suite.h"
#include "sysbench/tpcc_options.h"
#include "sysbench/workload.h"
#include "util/cpu_affinity.h"

namespace versus::config {
namespace {

constexpr std::int64_t kWeekMs = 7 * 24 * 3'600'000LL;  // upper bound of every duration
constexpr std::int64_t kMaxCount = 100'000;             // statements of one kind in one transaction
// Where a statement count applies (load/family/oltp/oltp_mix.cpp).
constexpr std::string_view kCountNote = "for the workloads that run this statement";

// The axes of an exclude[] or include[] entry: which cells it selects. An absent axis matches
// every value.
// clang-format off
#define AXES(level, verb)                                                                        \
  {Key::level##_server, Level::level, "server", Kind::name, false, "", 0, 0, nullptr, "any",     \
   verb " the cells of this server."},                                                           \
  {Key::level##_profile, Level::level, "profile", Kind::name, false, "", 0, 0, nullptr, "any",   \
   verb " the cells of this profile."},                                                          \
  {Key::level##_engine, Level::level, "engine", Kind::choice, false, "", 0, 0, &engine_names,    \
   "any", verb " the cells of this engine."},                                                    \
  {Key::level##_workload, Level::level, "workload", Kind::name, false, "", 0, 0, nullptr, "any", \
   verb " the cells of this workload (a built-in's name or a workload file's)."},               \
  {Key::level##_threads, Level::level, "threads", Kind::integer, false, "", 1, 10'000, nullptr,  \
   "any", verb " the cells of this thread count."},                                              \
  {Key::level##_table_size, Level::level, "table_size", Kind::integer, false, "", 1,             \
   1'000'000'000, nullptr, "any", verb " the cells of this table size."}
// clang-format on

// clang-format off
std::vector<OptionSpec> make_table() {
  return {
  // key, level, name, kind, required, default_yaml, min, max, choices, default_note, help
  {Key::servers, Level::top, "servers", Kind::server_list, true, "", 0, 0, nullptr, "",
   "The server releases to compare; each entry is a map described under servers[]."},
  {Key::profiles, Level::top, "profiles", Kind::profile_list, false, "[{name: default}]", 0, 0,
   nullptr, "one profile named default, without files or options",
   "Server configurations; every server runs with every profile. Each entry is a map "
   "described under profiles[]."},
  {Key::engines, Level::top, "engines", Kind::choice_list, false, "[innodb]", 0, 0,
   &engine_names, "", "Storage engines of the sysbench tables."},
  {Key::workloads, Level::top, "workloads", Kind::workload_list, false, "[oltp_read_write]", 0, 0,
   &sysbench::workload_names, "",
   "sysbench 1.0 OLTP transaction mixes to run; legacy_complex and legacy_read_only are sysbench "
   "0.4.12's --test=oltp complex mode, read-write and with --oltp-read-only; tpcc is a "
   "TPC-C-like workload on its nine tables, scaled by warehouses (docs/tpcc.md); point_query .. "
   "read_write_range_10 are the microbenchmarks (docs/microbenchmarks.md), one statement each "
   "but read_only_range_N, read_only_simple .. read_only_distinct and read_write_range_10, "
   "sysbench's oltp_read_only and oltp_read_write with their ranges fixed. An entry {file: PATH} is a workload file of your own SQL "
   "(docs/own-sql.md, docs/workload-file.md), PATH relative to the matrix file's directory; "
   "an entry {replay: LOG, ...} replays a query log (docs/replay.md); their keys are under "
   "workloads[]."},
  {Key::suite, Level::top, "suite", Kind::choice, false, "", 0, 0, &sysbench::suite_names,
   "none",
   "A named set of workloads run in its documented order: microbenchmarks is the published "
   "release comparisons' 32 narrow tests, point queries, ranges, ranges with aggregation, then "
   "writes (docs/microbenchmarks.md). Replaces the default of workloads; workloads given too "
   "run first, each once. Its ids are uniform, as the published tests', unless rand_type is "
   "given."},
  {Key::reads_after_writes, Level::top, "reads_after_writes", Kind::boolean, false, "true", 0, 0,
   nullptr, "",
   "With suite: microbenchmarks, measure each of its read tests a second time after its "
   "writes, as the published series does, under the name <workload>.after_writes. With "
   "lifecycle: cell those cells start from a copy of the instance on which the suite's writes "
   "ran once, each for its run length at the highest thread count; with lifecycle: server or "
   "round they run after the writes on the same server."},
  {Key::reads_before_writes, Level::top, "reads_before_writes", Kind::boolean, false, "true", 0,
   0, nullptr, "",
   "With suite: microbenchmarks, measure its read tests before its writes too, under their "
   "own names (versus's view of the loaded tables). false leaves that pass out: the reads then "
   "run only after the writes (reads_after_writes), as the published run reports them."},
  {Key::threads, Level::top, "threads", Kind::integer_list, false, "[1]", 1, 10'000, nullptr, "",
   "Client connection counts; each count is a separate cell of the matrix."},
  {Key::tables, Level::top, "tables", Kind::integer, false, "1", 1, 10'000, nullptr, "",
   "Number of sysbench tables."},
  {Key::table_size, Level::top, "table_size", Kind::integer_list, false, "[10000]", 1,
   1'000'000'000, nullptr, "",
   "Rows per sysbench table; a list sweeps table sizes. Each (server, profile, engine, size) is "
   "loaded once and every cell of that size starts from a copy of it."},
  {Key::warehouses, Level::top, "warehouses", Kind::integer_list, false, "[1]", 1, 10'000,
   nullptr, "", "The tpcc workload's scale (TPC-C's clause 4.3 population: per warehouse 10 "
   "districts, 30,000 customers, 100,000 stock rows, 30,000 orders with their lines; about "
   "100 MB); a list sweeps it. In a tpcc plan it is the size axis, as table_size is in a "
   "sysbench one: each (server, profile, engine, warehouses) is loaded once, and exclude[] and "
   "include[] select it with table_size. tpcc runs in a plan of its own."},
  {Key::tpcc_home, Level::top, "tpcc_home", Kind::choice, false, "per_transaction", 0, 0,
   &sysbench::tpcc_home_names, "",
   "tpcc: where each transaction works. per_transaction: its home warehouse (and Stock-Level's "
   "district) drawn uniformly over all the warehouses for every transaction, as go-tpc and "
   "sysbench-tpcc do, so every warehouse is worked whatever the connections; per_connection: "
   "each connection keeps one home for the run (connection i: warehouse i mod W + 1), as "
   "HammerDB's virtual users do, so with fewer connections than warehouses some are never a "
   "home. Recorded per cell (results.json mix.tpcc_home) and part of a history series' key."},
  {Key::tpcc_mix, Level::top, "tpcc_mix", Kind::choice, false, "standard", 0, 0,
   &sysbench::tpcc_mix_names, "",
   "tpcc: the deck the transaction kinds are dealt from. standard: the specification's 45 "
   "New-Order, 43 Payment and 4 each of Order-Status, Delivery and Stock-Level in every 100; "
   "hammerdb: 10/23 New-Order, 10/23 Payment and 1/23 each of the others, as HammerDB and "
   "sysbench-tpcc deal them. Recorded per cell (results.json mix.tpcc_mix) and part of a "
   "history series' key: NOPM is 45% of TPM under one and 43.5% under the other."},
  {Key::tpcc_checks, Level::top, "tpcc_checks", Kind::choice, false, "all", 0, 0,
   &sysbench::tpcc_checks_names, "",
   "tpcc: the consistency conditions checked after each cell (docs/tpcc.md). all: conditions "
   "1-10; cheap: 1, 2, 3, 8 and 9, whose queries read neither order_line nor customer, for "
   "many warehouses. Each condition's time is recorded (results.json consistency[].seconds)."},
  {Key::warmup, Level::top, "warmup", Kind::duration_or_steady, false, "5s", 0, kWeekMs, nullptr,
   "", "Load run before each measured interval; never counted in the results. steady: until "
   "the load's rate is steady, at most warmup_max: each second the last 5 one-second "
   "transaction rates of the warmup are fitted with a Theil-Sen line (the median slope over "
   "every pair of seconds), and the warmup ends when that line's rise over the 5 seconds is "
   "within 5% of their median rate (an include[] warmup is then the least warmup of its "
   "cells). Recorded per cell (results.json warmup, run.log)."},
  {Key::warmup_max, Level::top, "warmup_max", Kind::duration, false, "60s", 1000, kWeekMs,
   nullptr, "", "warmup: steady: the longest warmup; a cell that is not steady by then is "
   "measured anyway and recorded as not steady."},
  {Key::prewarm, Level::top, "prewarm", Kind::boolean, false, "false", 0, 0, nullptr, "",
   "Before each cell's warmup, read every sysbench table's clustered and secondary index (for "
   "tpcc: the nine tables' and their two secondary indexes) into "
   "the server's cache (as sysbench 1.0's prewarm command), so a server restarted from the "
   "snapshot does not spend its first measured seconds filling the buffer pool. The seconds "
   "it took are recorded per cell."},
  {Key::instance_cache, Level::top, "instance_cache", Kind::boolean, false, "true", 0, 0, nullptr,
   "", "Keep each prepared instance (initialized datadir, tables loaded and analyzed) in the "
   "instance cache and copy it instead of preparing it again when a later run needs the same "
   "one: same release (by content), my.cnf, engine, tables, rows and loader version. Where the "
   "cache lives and its size: VERSUS_CACHE_DIR, VERSUS_CACHE_SIZE (docs/output.md). "
   "Recorded per instance (results.json data_sizes[].from_cache); `run --no-cache` turns it "
   "off for one run."},
  {Key::duration, Level::top, "duration", Kind::duration, false, "60s", 1, kWeekMs, nullptr,
   "0 (no time limit) when only max_requests is given, with a value above 0",
   "Measured interval of each cell."},
  {Key::read_duration, Level::top, "read_duration", Kind::duration, false, "0s", 0, kWeekMs,
   nullptr, "0s: duration",
   "With suite: microbenchmarks, the measured interval of each read test (every group but the "
   "writes, and their pass after the writes) and of oltp_write_only (the published run gives "
   "write-only its read duration), instead of duration; the published series runs its reads "
   "600 s. An include[] duration still wins for the cells it selects."},
  {Key::write_duration, Level::top, "write_duration", Kind::duration, false, "0s", 0, kWeekMs,
   nullptr, "0s: duration",
   "With suite: microbenchmarks, the measured interval of each write test but oltp_write_only "
   "and oltp_insert, instead of duration; the published series runs its writes 1800 s. Also "
   "how long each write runs before the reads' second pass under lifecycle: cell."},
  {Key::insert_duration, Level::top, "insert_duration", Kind::duration, false, "0s", 0, kWeekMs,
   nullptr, "0s: write_duration",
   "With suite: microbenchmarks, the measured interval of oltp_insert, the suite's last test "
   "(the published run's insertsecs), instead of write_duration."},
  {Key::warm_duration, Level::top, "warm_duration", Kind::duration, false, "60s", 0, kWeekMs,
   nullptr, "0s: no warm-up passes",
   "With suite: microbenchmarks and lifecycle: round, how long each of the suite's unmeasured "
   "warm-up passes runs on the round's server (point_query.warm first, scan.warmpre before the "
   "first scan, scan.warm and points_covered_si.warm before their tests after the writes), at "
   "the plan's highest thread count; the published run gives the scans' 60 s and the other two "
   "its read duration."},
  {Key::max_requests, Level::top, "max_requests", Kind::integer, false, "0", 0,
   1'000'000'000'000LL, nullptr, "",
   "Transactions per cell, 0 for no limit. When both duration and max_requests are given, the "
   "cell ends at whichever is reached first."},
  {Key::repeats, Level::top, "repeats", Kind::count_or_auto, false, "1", 1, 1'000, nullptr, "",
   "How many times each cell is measured, or auto: interleaved rounds are added until every "
   "comparison with the baseline is decided (its ratio's interval inside or outside "
   "+-min_difference, with O'Brien-Fleming-like alpha spending over max_repeats looks and "
   "the design's exact boundaries, so the error rates hold however early it stops) or "
   "time_budget ends."},
  {Key::max_repeats, Level::top, "max_repeats", Kind::integer, false, "10", 2, 1'000, nullptr,
   "", "repeats: auto: the most rounds; the alpha spending is planned over this many looks "
   "(more looks cost little: the last of 150 needs |z| about 2.24, the last of 10 2.12)."},
  {Key::time_budget, Level::top, "time_budget", Kind::duration, false, "0s", 0, kWeekMs, nullptr,
   "0s: no limit but max_repeats",
   "repeats: auto: no new round starts once this much time has passed since the first cell, "
   "or when the next round would not end within it (estimated from the rounds so far)."},
  {Key::multiple_comparisons, Level::top, "multiple_comparisons", Kind::choice, false, "holm", 0,
   0, &multiple_comparisons_names, "",
   "Error control over all comparisons of the run (tables, compare, --baseline, "
   "upgrade-report): holm bounds the chance of any false verdict in the run by 0.05 "
   "(family-wise); bh bounds the expected share of false verdicts among the verdicts by 0.05 "
   "(false discovery rate; more verdicts in large matrices); none tests each comparison at "
   "0.05 on its own (a 60-comparison A/A run then gets about three false verdicts)."},
  {Key::estimate, Level::top, "estimate", Kind::choice, false, "paired", 0, 0, &estimate_names,
   "", "How the run's tables and repeats: auto compare a column with the baseline: paired pairs "
   "the two cells of each round (rounds are interleaved, so both share the host's drift, which "
   "cancels in their ratio): the geometric mean of the rounds' ratios with a paired t interval "
   "and test on the log ratios; independent compares the repeats as independent samples "
   "(ratio of means, Fieller's interval, Welch's test), as compare and --baseline always do, "
   "and as a run with lifecycle: server does (its columns run back to back: no rounds to "
   "pair; an explicit estimate: paired there is an error). results.json records the one used."},
  {Key::explain, Level::top, "explain", Kind::choice, false, "none", 0, 0, &explain_names, "",
   "settings: after the run, for each column (servers[1..]) with a decided gap to the baseline "
   "column in some row, a second run of the same matrix splits that gap by experiment: the "
   "column's release with each differing settings group (durability, instrumentation, schema, "
   "concurrency, memory and logs, query cache) made alike to the baseline column's values, one "
   "group at a time and all at once, in paired rounds (at least 5) with the baseline and the "
   "column; every report then says each group's share of the gap with its interval, what the "
   "release itself makes, and the interaction (docs/why.md). The first profile only; not with "
   "lifecycle: server, servers on another host or --shard. variables: the same, then each group "
   "whose share is decided in some row and that changes more than one setting is split again by "
   "setting, each made alike alone (log_bin, sync_binlog, binlog_format), in a run of its own "
   "(RUN/why-<column>-<group>/)."},
  {Key::explain_budget, Level::top, "explain_budget", Kind::duration, false, "0s", 0, kWeekMs,
   nullptr, "0s: no limit",
   "explain: settings: the most time its second runs may take together, estimated as versus "
   "plan does: the columns with the widest gap go first, and a column whose whole experiment "
   "does not fit runs the groups with the largest expected effect only (concurrency, "
   "durability, schema, instrumentation, memory and logs, query cache), or none (said in the "
   "report)."},
  {Key::seed, Level::top, "seed", Kind::integer, false, "0", 0, 4'611'686'018'427'387'903LL,
   nullptr, "0: drawn at random when the run starts (and recorded)",
   "Seed of every session's random ids (versus run --seed overrides it): the same seed, "
   "thread count and machine draw the same ids. Recorded in results.json."},
  {Key::min_difference, Level::top, "min_difference", Kind::integer, false, "2", 0, 100, nullptr,
   "", "Smallest TPS difference, in percent of the baseline, that a comparison calls faster or "
   "slower; a smaller one is never faster or slower however small its p-value, and = (the "
   "same speed) needs the ratio's whole interval within this many percent of 1, else the "
   "verdict is undecided. "
   "Two instances of one release measured side by side differ by about 1% on a 2-vCPU VM, so a "
   "smaller difference is not evidence about the releases."},
  {Key::interference_limit, Level::top, "interference_limit", Kind::integer, false, "10", 1, 100,
   nullptr, "",
   "Share of the machine's CPU time, in percent, that other processes (every process but the "
   "server's and versus) and the hypervisor's steal may take over a cell before the cell is "
   "called disturbed: the tables name it, and repeats: auto leaves it out of its decisions, as "
   "if it were missing, so its row gets another round (within max_repeats and time_budget). "
   "In idle runs others took 1-4% here; cells that sat 15-25% low beside other work, 30-39%. "
   "Needs efficiency: true (the snapshots measure it)."},
  {Key::rate, Level::top, "rate", Kind::integer, false, "0", 0, 10'000'000, nullptr,
   "0: a closed loop, each client starting its next transaction when one ends",
   "Fixed arrival rate in transactions per second over all clients (sysbench --rate): "
   "starts follow a Poisson process and latency counts from the intended start, queueing "
   "included."},
  {Key::startup_timeout, Level::top, "startup_timeout", Kind::duration, false, "60s", 1, kWeekMs,
   nullptr, "", "How long a server may take to accept connections after it is started."},
  {Key::shutdown_timeout, Level::top, "shutdown_timeout", Kind::duration, false, "60s", 1,
   kWeekMs, nullptr, "", "How long a server may take to exit after shutdown is requested."},
  {Key::stall_timeout, Level::top, "stall_timeout", Kind::duration, false, "30s", 2000, kWeekMs,
   nullptr, "",
   "How long a cell's server may go without answering any of its sessions (or stay stopped, "
   "state T, or in uninterruptible sleep, D, at any step: a cell, an instance's load) before "
   "the watchdog ends the step: it gathers the server's process and thread states, SHOW FULL "
   "PROCESSLIST, SHOW ENGINE INNODB STATUS and the error log's tail, kills the server, records "
   "the cell as unresponsive (exit status 3) and the run goes on. A measured interval that runs "
   "this much past its duration ends the same way (docs/robustness.md)."},
  {Key::stall_limit, Level::top, "stall_limit", Kind::duration, false, "1s", 1000, kWeekMs,
   nullptr, "",
   "A stretch of the measured interval at least this long in which the server answered none of "
   "the sessions waiting on it is a stall: recorded per cell (results.json stalls, to within "
   "0.1 s) and named beside the verdicts, never averaged into a throughput silently. Below "
   "stall_timeout."},
  {Key::client_cpus, Level::top, "client_cpus", Kind::cpu_list, false, "''", 0, 0, nullptr,
   "no pinning",
   "CPUs the load client (versus itself) is pinned to while a cell runs, as a Linux CPU list "
   "like \"0\", \"0-1\" or \"0,2\". Pinning steadies figures that otherwise swing with where "
   "the scheduler puts client and server."},
  {Key::server_cpus, Level::top, "server_cpus", Kind::cpu_list, false, "''", 0, 0, nullptr,
   "no pinning",
   "CPUs each server (every thread of it) is pinned to right after it starts, as a Linux CPU "
   "list."},
  {Key::thread_placement, Level::top, "thread_placement", Kind::choice, false, "free", 0, 0,
   &thread_placement_names, "",
   "Where the load's threads run. free: where the scheduler puts them. colocate: once the "
   "sessions connect, each client thread is pinned to a CPU of its own (round robin over the "
   "CPUs versus may use) and the server threads of its sessions to the same CPU, so every "
   "round trip wakes a thread on the CPU that sent it; the server's background threads stay "
   "free. Only for servers on this machine, and not with client_cpus or server_cpus."},
  {Key::cpu_probe, Level::top, "cpu_probe", Kind::boolean, false, "true", 0, 0, nullptr, "",
   "Measure the host's single-thread CPU speed for 200 ms before each cell, and for 10 ms of "
   "each measured second beside the load (usage.host_speed), and record both, so a report can "
   "tell when the host itself got faster or slower between cells or runs."},
  {Key::efficiency, Level::top, "efficiency", Kind::boolean, false, "true", 0, 0, nullptr, "",
   "Record what each cell cost: the server's CPU, context switches, I/O bytes and peak RSS, "
   "versus's own CPU, and every SHOW GLOBAL STATUS and INNODB_METRICS counter, as deltas over "
   "the measured interval (two snapshots at its edges); reports show them per transaction."},
  {Key::metric, Level::top, "metric", Kind::choice, false, "tps", 0, 0, &metric_names, "",
   "The figure the report's tables show and compare: tps, qps, rw (read/write requests per "
   "second: reads + writes, without BEGIN/COMMIT/LOCK/UNLOCK, as sysbench 0.4 printed), "
   "p95 (95th percentile latency, ms; lower is better) or nopm (TPC-C's New-Orders per "
   "minute). tpcc's tables show nopm where tps is asked for, other workloads' tps where nopm "
   "is. `versus report --metric` overrides it."},
  {Key::transport, Level::top, "transport", Kind::choice, false, "socket", 0, 0,
   &transport_names, "",
   "How cells connect to their server: over the instance's Unix socket (as the sysbench posts "
   "did; cheaper for the client) or over TCP to 127.0.0.1."},
  {Key::lifecycle, Level::top, "lifecycle", Kind::choice, false, "cell", 0, 0,
   &lifecycle_names, "",
   "How long a server lives. cell: every cell starts its instance's server on a fresh copy of "
   "the loaded snapshot (every cell starts from the same state; cells interleave across "
   "servers). server: the posts' way, one datadir and one server per (server, profile), "
   "started once; each (engine, table size) is loaded into it, its cells run back to back, "
   "its tables are dropped (much less time between cells, but no interleaving: drift lands "
   "between columns; not with repeats: auto). round: the published suite's way with rounds "
   "that pair: in each round every instance's server starts once on a fresh copy of its "
   "snapshot and runs that round's cells of the instance back to back, in plan order, each "
   "seeing what the cells before it left (with suite: microbenchmarks its warm-up passes and "
   "the postwrite step between them); the instances take turns within a round, the first "
   "one rotating (not with repeats: auto)."},
  {Key::ignore_errors, Level::top, "ignore_errors", Kind::integer_list, false, "[1213, 1020, 1205]",
   1, 65'535, nullptr, "",
   "Server error codes a transaction is retried after (counted as errors retried), as "
   "sysbench's --mysql-ignore-errors; the list replaces the default (deadlock, record changed, "
   "lock wait timeout). Any other error fails the cell. oltp_read_write on MyISAM at several "
   "threads needs 1062 (the delete + insert of one id races without transactions)."},
  {Key::myisam_max_rows, Level::top, "myisam_max_rows", Kind::integer, false, "1000000", 1,
   1'000'000'000'000LL, nullptr, "",
   "MAX_ROWS of the MyISAM table the legacy_* workloads create (sysbench 0.4's "
   "--myisam-max-rows); raise it for tables above a million rows, as the posts did."},
  {Key::table_charset, Level::top, "table_charset", Kind::name, false, "", 0, 0, nullptr,
   "the server's own (its character_set_server)",
   "Character set of the sysbench tables: the loader's CREATE TABLE names it (DEFAULT CHARSET), "
   "so every release stores the same bytes. A release without it fails at plan (utf8mb4 came "
   "in 5.5.3). results.json records every instance's tables' charset and collation either way."},
  {Key::table_collation, Level::top, "table_collation", Kind::name, false, "", 0, 0, nullptr,
   "the charset's default (or the server's own collation)",
   "Collation of the sysbench tables (CREATE TABLE ... COLLATE); it must belong to "
   "table_charset when both are given. The _0900_ collations are MySQL 8.0.1+'s, the "
   "_uca1400_ ones MariaDB 10.10.1+'s: another release fails at plan."},
  {Key::hosts, Level::top, "hosts", Kind::host_list, false, "[]", 0, 0, nullptr,
   "none: every server runs on this machine",
   "Other machines a server may run on (servers[].host), each reached with the OpenSSH client "
   "(BatchMode: keys only, never a password) and driven there by `versus agent`, the same "
   "binary copied to the host; the load client stays here. Each entry is a map described under "
   "hosts[]; docs/remote.md says what a host needs."},
  {Key::exclude, Level::top, "exclude", Kind::exclude_list, false, "[]", 0, 0, nullptr,
   "nothing excluded",
   "Combinations left out of the matrix, as GitHub Actions' matrix exclude: each entry is a map "
   "of axes (see exclude[]); a cell matching every axis of an entry is not run. An entry that "
   "matches no cell is an error."},
  {Key::include, Level::top, "include", Kind::include_list, false, "[]", 0, 0, nullptr,
   "no overrides",
   "Run lengths for some cells: each entry names axes (as exclude[]) and any of duration, "
   "max_requests and warmup, which replace the top-level values for the cells it matches. Two "
   "entries setting one key differently for one cell are an error."},
  {Key::point_selects, Level::top, "point_selects", Kind::integer, false, "10", 0, kMaxCount,
   nullptr, kCountNote, "Point SELECTs per transaction (sysbench --point-selects)."},
  {Key::simple_ranges, Level::top, "simple_ranges", Kind::integer, false, "1", 0, kMaxCount,
   nullptr, kCountNote, "Range SELECTs per transaction (sysbench --simple-ranges)."},
  {Key::sum_ranges, Level::top, "sum_ranges", Kind::integer, false, "1", 0, kMaxCount, nullptr,
   kCountNote, "SELECT SUM() ranges per transaction (sysbench --sum-ranges)."},
  {Key::order_ranges, Level::top, "order_ranges", Kind::integer, false, "1", 0, kMaxCount,
   nullptr, kCountNote, "SELECT ... ORDER BY ranges per transaction (sysbench --order-ranges)."},
  {Key::distinct_ranges, Level::top, "distinct_ranges", Kind::integer, false, "1", 0, kMaxCount,
   nullptr, kCountNote,
   "SELECT DISTINCT ... ORDER BY ranges per transaction (sysbench --distinct-ranges)."},
  {Key::range_size, Level::top, "range_size", Kind::integer, false, "100", 1, 1'000'000'000,
   nullptr, "", "Rows each range SELECT spans (sysbench --range-size)."},
  {Key::index_updates, Level::top, "index_updates", Kind::integer, false, "1", 0, kMaxCount,
   nullptr, kCountNote, "UPDATEs of the indexed column k per transaction (sysbench --index-updates)."},
  {Key::non_index_updates, Level::top, "non_index_updates", Kind::integer, false, "1", 0,
   kMaxCount, nullptr, kCountNote,
   "UPDATEs of the non-indexed column c per transaction (sysbench --non-index-updates)."},
  {Key::delete_inserts, Level::top, "delete_inserts", Kind::integer, false, "1", 0, kMaxCount,
   nullptr, "used by oltp_read_write and oltp_write_only (the legacy mixes always run one)",
   "DELETE + INSERT pairs of one id per transaction (sysbench --delete-inserts)."},
  {Key::inlist_size, Level::top, "inlist_size", Kind::integer_list, false, "100", 1, 10'000,
   nullptr, "used by random_points",
   "Values in random_points' IN-list (the published oltp_inlist_select.lua's --random-points). "
   "A list of several sizes runs random_points once per size, each a test of its own name: 10 "
   "as random_points_10, 1000 as random_points_1000, one other size as random_points "
   "([10, 100, 1000]: the published three). random_points_10 and random_points_1000 keep "
   "their sizes whatever this says."},
  {Key::rand_type, Level::top, "rand_type", Kind::choice, false, "special", 0, 0,
   &sysbench::rand_type_names, "",
   "Distribution of the ids statements use (sysbench --rand-type); uniform when suite is given "
   "and this is not."},
  {Key::rand_spec_pct, Level::top, "rand_spec_pct", Kind::integer, false, "1", 0, 100, nullptr,
   "", "special: the share of the id range, in %, that is \"special\" (sysbench "
   "--rand-spec-pct)."},
  {Key::rand_spec_res, Level::top, "rand_spec_res", Kind::integer, false, "75", 0, 100, nullptr,
   "", "special: the share of ids, in %, drawn from the special slice (sysbench "
   "--rand-spec-res)."},
  {Key::rand_pareto_h, Level::top, "rand_pareto_h", Kind::fraction, false, "0.2", 0, 0, nullptr,
   "", "pareto: the h parameter (sysbench --rand-pareto-h)."},
  {Key::rand_zipfian_exp, Level::top, "rand_zipfian_exp", Kind::fraction, false, "0.8", 0, 0,
   nullptr, "",
   "zipfian (also update_zipf's ids): the exponent (sysbench 1.1 --rand-zipfian-exp); "
   "between 0 and 1 here."},

  {Key::server_name, Level::server, "name", Kind::name, true, "", 0, 0, nullptr, "",
   "Names the server in results, reports and file names; unique among servers."},
  {Key::server_basedir, Level::server, "basedir", Kind::directory, true, "", 0, 0, nullptr, "",
   "Installation directory of the release (the one holding bin/ or sbin/ with mysqld or "
   "mariadbd)."},
  {Key::server_cpu_quota, Level::server, "cpu_quota", Kind::percent, false, "100%", 1, 100,
   nullptr, "100%: no quota",
   "CPU time the server's processes may use, in percent of the CPUs they may run on "
   "(server_cpus, or all): a slowdown made on purpose (95% gives a CPU-bound server about 5% "
   "fewer transactions). A cgroup (v2 cpu.max, or v1 cpu.cfs_quota_us) per server start; "
   "checked in preflight. Recorded per cell."},

  {Key::server_files, Level::server, "files", Kind::file_list, false, "[]", 0, 0, nullptr, "",
   "my.cnf fragments of this release only, applied under every profile, after the profile's "
   "files and options."},
  {Key::server_options, Level::server, "options", Kind::option_map, false, "{}", 0, 0, nullptr,
   "", "[mysqld] options of this release only (name: value), applied under every profile, last."},

  {Key::server_host, Level::server, "host", Kind::name, false, "", 0, 0, nullptr,
   "this machine", "The hosts[] entry this server runs on: its basedir (here) is copied there "
   "with rsync into a cache keyed by its content, and its datadirs, snapshots, my.cnf and "
   "mysqld_safe live there; the server listens on the host's address and the load connects "
   "over TCP. Every server of a matrix runs on the same host (or all here), so no comparison "
   "mixes placements."},
  {Key::server_host_basedir, Level::server, "host_basedir", Kind::host_path, false, "", 0, 0,
   nullptr, "basedir, copied there",
   "With host: the same release already installed on the host, used there instead of a copy "
   "of basedir (which still names it here, for plan's checks); it must report the same "
   "version."},
  {Key::server_data_from, Level::server, "data_from", Kind::name, false, "", 0, 0, nullptr,
   "its own: initialized and loaded",
   "The name of an earlier server of the same basedir whose prepared instances this server's "
   "start from: a copy of each (its datadir, its tables loaded and analyzed) is started once "
   "with this server's my.cnf, its settings and plans read, and kept as this server's "
   "instance, instead of an installer run and a load of its own (a start and a stop instead "
   "of the load's minutes). Only for options that a datadir takes on restart (the binary "
   "log, performance_schema, isolation, buffer pool, redo log size): a setting that decides "
   "how tables are created (character set, collation, page size) needs its own instance. "
   "explain: settings gives its variants that change no data this key. Not with lifecycle: "
   "server or a server on another host."},

  {Key::host_name, Level::host, "name", Kind::name, true, "", 0, 0, nullptr, "",
   "Names the host for servers[].host and in results; unique among hosts."},
  {Key::host_ssh, Level::host, "ssh", Kind::ssh_destination, true, "", 0, 0, nullptr, "",
   "The ssh destination, [user@]host: what `ssh` is given (a Host alias of ~/.ssh/config too)."},
  {Key::host_port, Level::host, "port", Kind::integer, false, "22", 1, 65535, nullptr, "",
   "The ssh port."},
  {Key::host_identity, Level::host, "identity", Kind::file, false, "", 0, 0, nullptr,
   "the user's ssh setup (ssh-agent, ~/.ssh/config, default keys)",
   "A private key file for ssh -i (IdentitiesOnly)."},
  {Key::host_known_hosts, Level::host, "known_hosts", Kind::file, false, "", 0, 0, nullptr,
   "the user's ~/.ssh/known_hosts",
   "The known_hosts file that must hold the host's key (StrictHostKeyChecking: an unknown key is "
   "an error, never accepted)."},
  {Key::host_workdir, Level::host, "workdir", Kind::host_path, false, "/var/tmp/versus", 0, 0,
   nullptr, "",
   "Directory on the host for versus's agent, the copied basedirs (kept between runs) and each "
   "run's instances (removed when the run ends)."},
  {Key::host_address, Level::host, "address", Kind::ssh_destination, false, "", 0, 0, nullptr,
   "the host part of ssh",
   "The address the load client connects to and the server listens on (bind-address)."},

  {Key::profile_name, Level::profile, "name", Kind::name, true, "", 0, 0, nullptr, "",
   "Names the profile in results, reports and file names; unique among profiles."},
  {Key::profile_files, Level::profile, "files", Kind::file_list, false, "[]", 0, 0, nullptr, "",
   "my.cnf fragments added to the server's configuration, in list order."},
  {Key::profile_options, Level::profile, "options", Kind::option_map, false, "{}", 0, 0, nullptr,
   "", "[mysqld] options (name: value) applied after the files, in file order."},
  {Key::profile_equalize, Level::profile, "equalize", Kind::choice_list, false, "", 0, 0,
   &equalize_names, "none: every release as shipped",
   "Settings groups every release of this profile runs as versus's reference does, which is "
   "what MariaDB before 11.6 and MySQL 5.7 ship: binlog (no binary log: disable-log-bin on "
   "MySQL/Percona 8.0.3+), performance_schema (OFF: performance_schema=OFF on MySQL/Percona "
   "5.6.6+), charset (latin1 / latin1_swedish_ci server defaults, so latin1 tables: "
   "character-set-server and collation-server on MySQL 8.0.1+ and MariaDB 11.6+), "
   "snapshot_isolation (innodb_snapshot_isolation=OFF on MariaDB 11.6.2+). Nothing is written "
   "for a release that already ships the reference (or lacks the variable, which behaves as "
   "it); the lines go before the profile's files and options, which win."},
  AXES(exclude, "Drops"),
  AXES(include, "Applies the entry's run length to"),
  {Key::include_duration, Level::include, "duration", Kind::duration, false, "", 1, kWeekMs,
   nullptr, "the top-level duration", "Measured interval of the matching cells."},
  {Key::include_max_requests, Level::include, "max_requests", Kind::integer, false, "", 0,
   1'000'000'000'000LL, nullptr, "the top-level max_requests",
   "Transactions per matching cell; set without duration (here or at the top level), the "
   "request count alone ends the cell."},
  {Key::include_warmup, Level::include, "warmup", Kind::duration, false, "", 0, kWeekMs, nullptr,
   "the top-level warmup", "Load run before the measured interval of the matching cells."},
  };
}
// clang-format on
#undef AXES

}  // namespace

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec> table = [] {  // built on first use: no init order
    std::vector<OptionSpec> rows = make_table();
    for (OptionSpec& row : workload_entry_options()) rows.push_back(std::move(row));
    for (OptionSpec& row : workload_file_options()) rows.push_back(std::move(row));
    return rows;
  }();
  return table;
}

std::vector<const OptionSpec*> options_at(Level level) {
  std::vector<const OptionSpec*> out;
  for (const OptionSpec& spec : option_table())
    if (spec.level == level) out.push_back(&spec);
  return out;
}

bool is_workload_file_level(Level level) {
  return level >= Level::workload_file;
}

std::vector<std::string_view> option_names(Level level) {
  std::vector<std::string_view> out;
  for (const OptionSpec* spec : options_at(level)) out.push_back(spec->name);
  return out;
}

const OptionSpec* find_option(Level level, std::string_view name) {
  for (const OptionSpec& spec : option_table())
    if (spec.level == level && spec.name == name) return &spec;
  return nullptr;
}

const OptionSpec& option(Key key) {
  for (const OptionSpec& spec : option_table())
    if (spec.key == key) return spec;
  return option_table().front();  // unreachable: every Key has a row (option_table_test checks)
}

const std::vector<std::string_view>& multiple_comparisons_names() {
  static const std::vector<std::string_view> names{"holm", "bh", "none"};
  return names;
}

const std::vector<std::string_view>& estimate_names() {
  static const std::vector<std::string_view> names{"paired", "independent"};
  return names;
}

const std::vector<std::string_view>& engine_names() {
  static const std::vector<std::string_view> names{"innodb", "myisam", "aria", "rocksdb", "memory"};
  return names;
}

const std::vector<std::string_view>& transport_names() {
  static const std::vector<std::string_view> names{"socket", "tcp"};
  return names;
}

const std::vector<std::string_view>& equalize_names() {
  static const std::vector<std::string_view> names{"binlog", "performance_schema", "charset",
                                                   "snapshot_isolation"};
  return names;
}

const std::vector<std::string_view>& thread_placement_names() {
  static const std::vector<std::string_view> names{"free", "colocate"};
  return names;
}

const std::vector<std::string_view>& explain_names() {
  static const std::vector<std::string_view> names{"none", "settings", "variables"};
  return names;
}

const std::vector<std::string_view>& lifecycle_names() {
  static const std::vector<std::string_view> names{"cell", "server", "round"};
  return names;
}

}  // namespace versus::config
