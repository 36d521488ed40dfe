#pragma once
// CellRecord: what one measured cell produced, as plain data. Measurement fills it;
// the store persists it; reporters read it. Nothing here formats text.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "measured/consistency_record.h"
#include "measured/query_results.h"
#include "measured/measurement.h"
#include "measured/statement_time.h"
#include "measured/transaction_kind.h"
#include "measured/usage_record.h"
#include "measured/warmup_record.h"
#include "results/record/statement_plan.h"
#include "sysbench/rand_type.h"
#include "sysbench/statement_counts.h"

namespace versus::results {

// unresponsive: the server stopped answering and the cell's watchdog ended it (run/watchdog.h).
enum class CellStatus { ok, failed, crashed, unresponsive };

// What each transaction of the cell ran (load/step/workload_mix.h): its statement counts and how
// they were wrapped. Results written before it was recorded read as sysbench 1.0's defaults
// (the oltp_read_write mix).
struct MixRecord : sysbench::StatementCounts {
  std::string dialect = "sysbench-1.0";  // or "sysbench-0.4" (legacy_* workloads)
  bool transaction = true;               // BEGIN/COMMIT (or LOCK/UNLOCK TABLES) around it
  bool lock_tables = false;              // LOCK TABLES ... UNLOCK TABLES instead of BEGIN/COMMIT
  // tpcc: "per_transaction" or "per_connection" (tpcc_home); "" for the other workloads and
  // in tpcc results written before it was recorded (which were per_connection).
  std::string tpcc_home{};
  // tpcc: "standard" or "hammerdb" (tpcc_mix); "" for the other workloads and in tpcc results
  // written before it was recorded (which were standard).
  std::string tpcc_mix{};
  // The version of the statements' definition the workload ran (a microbenchmark's:
  // load/family/oltp/micro_statements.h kMicroDefinition); 0 for the others, and for
  // microbenchmarks recorded before it was (their definition 1).
  int definition = 0;
};

struct CellRecord {
  // Coordinates in the matrix.
  std::string server;
  std::string profile;
  std::string engine;
  std::string workload;
  int threads = 0;
  int repeat = 0;  // 0-based
  // Sysbench tables and rows per table. Results written before they were recorded read them
  // from the run's matrix copy (store.h); 0 when unknown.
  int tables = 0;
  std::int64_t table_size = 0;

  CellStatus status = CellStatus::ok;
  std::string error;              // why the cell failed or crashed; empty when ok
  // unresponsive: what the watchdog gathered before it killed the server (the process's and
  // its threads' states, SHOW PROCESSLIST, SHOW ENGINE INNODB STATUS, the error log's tail).
  std::string diagnosis{};
  std::string server_version;     // the server's own SELECT VERSION()
  std::string my_cnf;             // the rendered my.cnf the server ran with
  std::string error_log;          // path of the kept server error log, relative to the run dir
  std::string started_at;         // ISO-8601 UTC
  std::string transport = "tcp";  // "socket" or "tcp": how the cell connected (older: tcp)
  // The cell's run length (plan or include[] entry); -1 s / 0 when not recorded (older results).
  double warmup_s = -1, duration_s = -1;  // duration 0: max_requests alone limited
  std::uint64_t max_requests = 0;

  double seconds = 0;  // length of the measured interval
  measured::Counters counters;
  // The errors of the measured interval by code and kind, with the server's first message of
  // each (counters.ignored_errors is the retried ones' total); empty in older results.
  measured::ErrorCounts errors;
  double tps = 0;
  double qps = 0;
  measured::LatencyMs latency;
  // The measured transactions' statements by class (load/family/statement_class.h): count, total,
  // mean and percentiles in ms; empty in results written before they were timed.
  measured::StatementTimes statements;
  // Host single-thread CPU speed measured just before the cell (host/cpu_probe.h), in millions
  // of probe iterations per second; 0 when not measured (cpu_probe: false, or older results).
  double cpu_probe = 0;
  // CPU quota of the server's processes (cgroup), in percent of the CPUs it may run on;
  // 0 = none (host/cpu_quota.h): a slowdown made on purpose.
  double cpu_quota_pct = 0;
  std::vector<measured::SecondSample>
      series;     // per second: tps = transactions / seconds, and so on
  // Every stretch of at least stall_limit in which the server answered no session, in the
  // measured interval or reaching into it; empty when none (and in older results).
  std::vector<measured::Stall> stalls{};
  MixRecord mix;  // statements per transaction
  // The distribution of the ids the statements used (sysbench --rand-type and its parameters);
  // sysbench 1.0's defaults for results written before it was recorded.
  sysbench::RandSpec distribution;
  measured::UsageRecord usage;    // server and client cost of the interval (usage_record.h)
  measured::WarmupRecord warmup;  // prewarm and warmup before the interval (warmup_record.h)
  // By kind, for a workload whose transactions are of several kinds (tpcc); empty otherwise.
  std::vector<measured::TransactionKind> kinds{};
  // tpcc: New-Orders and all transactions per minute of the measured interval; 0 otherwise.
  double nopm = 0, tpm = 0;
  // tpcc: the New-Orders the server committed per minute (HammerDB's NOPM: SUM(d_next_o_id)
  // at the measured interval's two quiet edges); 0 when not read (older results).
  double nopm_server = 0;
  // tpcc: the consistency conditions checked after the run; empty otherwise.
  std::vector<measured::ConsistencyRecord> consistency{};
  // A replay: what each query class returned in the unmeasured pass before the timed one
  // (measured/query_results.h); not recorded (recorded false) for other workloads.
  measured::QueryResults query_results{};
  // The host that measured the cell (MachineFacts::hostname), in a merged run of shards
  // (cluster/shard_merge.h); empty in a run of one host.
  std::string host{};
};

// The machine a run measured on; empty strings and 0 for facts that could not be read (and in
// results written before these were recorded).
struct MachineFacts {
  std::string cpu_model;           // /proc/cpuinfo "model name"
  int cores = 0;                   // logical CPUs (std::thread::hardware_concurrency)
  std::string kernel;              // uname: "Linux 6.1.0-18-amd64 x86_64"
  std::string governor;            // cpufreq scaling_governor of cpu0; "" without cpufreq
  std::uint64_t memory_bytes = 0;  // /proc/meminfo MemTotal
  std::string hostname{};          // gethostname(2); not part of the fingerprint
};

// A run of one shard of a plan (versus run --shard I/N), or a merge of all of them.
struct ShardInfo {
  std::string plan_id;  // config::plan_id of the whole plan: the same in every shard of it
  int index = 0;        // 1-based; 0 in a merged run
  int count = 0;        // N; 0 = not sharded
};

// Where one shard of a merged run measured.
struct ShardHost {
  int shard = 0;       // 1-based
  std::string run_id;  // the shard's own run id
  MachineFacts machine;
};

// Identity of a run and the order of the comparison's axes, as declared in the plan.
struct RunInfo {
  std::string run_id;
  std::string matrix_file;
  std::string started_at;  // ISO-8601 UTC
  std::string versus_version;
  std::vector<std::string> servers;   // plan order; the first is the baseline
  std::vector<std::string> profiles;  // plan order
  MachineFacts machine;               // where the run measured (the client's machine)
  // Smallest TPS difference (percent of the baseline) a comparison calls faster or slower.
  double min_difference_pct = 2;
  // Others' share of the machine's CPU (percent) above which a cell is disturbed
  // (results/evidence/interference.h); results written before it was recorded read the default.
  double interference_limit_pct = 10;
  std::string metric = "tps";  // what the report's tables show (config/plan/metric.h)
  // Where the load's threads ran (thread_placement: host/colocation.h): "free" or "colocate";
  // written only when not free, so results without it read as free.
  std::string thread_placement = "free";
  // Error control over the run's comparisons (results/stats/multiplicity.h): "holm", "bh", "none";
  // results written before it was recorded read as "none" (what their verdicts used).
  std::string multiple_comparisons = "holm";
  std::uint64_t seed = 0;  // every session's random ids derive from it (load/data/random.h)
  // How the run's tables compare a column with the baseline (results/stats/statistics.h): "paired"
  // or "independent"; results written before it was recorded read as "independent" (what
  // their verdicts used).
  std::string estimate = "independent";
  // repeats: auto (results/stats/sequential.h): the design's looks and the alpha of each
  // comparison; 0 for fixed repeats.
  int max_repeats = 0;
  double sequential_alpha = 0;
  // When the servers ran on another host (servers[].host): its hosts[] name, the address the
  // client connected to, and that machine's facts; empty when they ran on `machine` too.
  std::string server_host{};
  std::string server_address{};
  MachineFacts server_machine{};
  ShardInfo shard{};               // a shard or a merge of shards; count 0 otherwise
  std::vector<ShardHost> hosts{};  // a merged run: each shard's machine, by shard
};

// The size of the sysbench tables of one instance right after its load (host/data_size.h):
// from the files themselves and as the server reports them. Bytes; 0 when not measured.
struct DataSizeRecord {
  // Coordinates of the instance: every cell of it starts from this data.
  std::string server;
  std::string profile;
  std::string engine;
  int tables = 0;               // sbtest1..N (sysbench 0.4's single sbtest counts as 1)
  std::int64_t table_size = 0;  // rows per table
  // From the files, with the server stopped: "files" (.MYD/.MYI, .MAD/.MAI, .ibd summed) or
  // "shared tablespace" (the growth of ibdata* during the load: innodb_file_per_table off).
  std::string file_source;
  std::uint64_t data_file_bytes = 0;   // .MYD/.MAD/.ibd, or the shared tablespace's growth
  std::uint64_t index_file_bytes = 0;  // .MYI/.MAI (InnoDB keeps its indexes in the data file)
  // information_schema.TABLES right after the load (InnoDB's figures are estimates).
  std::uint64_t data_length = 0;
  std::uint64_t index_length = 0;
  // How the optimizer statistics were made current after the load, before the snapshot and
  // the sizes above ("ANALYZE TABLE"); empty in results written before versus did that.
  std::string statistics;
  // The instance was copied from the instance cache (run/instance_cache.h), not prepared by
  // this run: its sizes are those measured when the cache entry was made.
  bool from_cache = false;
  // The instance is a copy of this server's instance of the same profile, engine and tables,
  // restarted with its own my.cnf (servers[].data_from): its tables and sizes are that
  // instance's, its settings and plans its own. "" = initialized and loaded for itself.
  std::string data_from{};
  // The loaded tables' charset and collation (information_schema.TABLES of the first table),
  // and the listed settings (results/evidence/settings_list.h) the server ran the load with (SHOW
  // GLOBAL VARIABLES, name -> value): empty in results written before versus recorded them.
  std::string table_charset{};
  std::string table_collation{};
  std::map<std::string, std::string> settings{};
  // EXPLAIN of every statement template after ANALYZE TABLE (results/record/statement_plan.h):
  // empty in results written before versus recorded plans.
  std::vector<StatementPlan> plans{};
  std::uint64_t file_bytes() const { return data_file_bytes + index_file_bytes; }
  std::uint64_t server_bytes() const { return data_length + index_length; }
};

struct RunResults {
  RunInfo info;
  std::vector<CellRecord> cells;  // in the order they were run
  // One per prepared instance (results written before sizes were measured have none).
  std::vector<DataSizeRecord> data_sizes;
};

}  // namespace versus::results
