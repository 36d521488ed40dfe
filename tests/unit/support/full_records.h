#pragma once
// Records of results.json with every field set to a value other than its default, and every
// optional part present: what the results' JSON tests write, read back and pin
// (tests/golden/results.json is every_record() as results.json).
#include <limits>
#include <string>

#include "results/record/record.h"

namespace versus::testing {

inline results::MachineFacts facts_of(const std::string& cpu, const std::string& hostname) {
  return {cpu, 4, "Linux 6.1.0-18-amd64 x86_64", "performance", 8ULL << 30, hostname};
}

inline results::RunInfo every_run_fact() {
  return {.run_id = "run-9",
          .matrix_file = "/plans/matrix.yaml",
          .started_at = "2024-05-01T10:00:00Z",
          .versus_version = "1.2.3",
          .servers = {"mysql-8.4", "mariadb-11.4"},
          .profiles = {"default", "tuned"},
          .machine = facts_of("Xeon", "client1"),
          .min_difference_pct = 3.5,
          .interference_limit_pct = 12.5,
          .metric = "rw",
          .thread_placement = "colocate",
          .multiple_comparisons = "bh",
          .seed = 18446744073709551615ULL,
          .estimate = "paired",
          .max_repeats = 7,
          .sequential_alpha = 0.05,
          .server_host = "db1",
          .server_address = "10.0.0.2",
          .server_machine = facts_of("EPYC", ""),
          .shard = {"0123456789abcdef", 0, 2},
          .hosts = {{1, "s1", facts_of("Xeon", "node1")}, {2, "s2", facts_of("Xeon", "node2")}}};
}

inline measured::UsageRecord every_usage_figure() {
  return {.measured = true,
          .interval_s = 2.0625,
          .transactions = 1003,
          .cpu_interval_s = 2.125,
          .server_user_s = 1.25,
          .server_system_s = 0.5,
          .client_user_s = 0.125,
          .client_system_s = 0.25,
          .voluntary_switches = 12345,
          .involuntary_switches = 67,
          .read_bytes = 4096,
          .write_bytes = 1 << 20,
          .read_chars = 5000,
          .write_chars = 2000000,
          .peak_rss_bytes = 300 << 20,
          .host_busy_s = 3.5,
          .steal_s = 0.25,
          .host_cpus = 2,
          .client_on_host = false,
          .host_speed = 612.5,
          .host_speed_samples = 9,
          .status = {{"Com_commit", 1000}, {"Threads_connected", -3}},
          .innodb_metrics = {{"buffer_LRU_get_free_search", 7}},
          .placement = {4, {{0, 9}, {1, 3}, {10, 1}}, {{1, 4}}, 12, -1},
          .perf = {true, 1.6875, -1, 4'000'000'000, {"cycles: the host exposes no hardware PMU"}}};
}

// sysbench 0.4's mix under LOCK TABLES, with counts other than the defaults.
inline results::MixRecord legacy_mix() {
  results::MixRecord m;
  m.dialect = "sysbench-0.4";
  m.lock_tables = true;
  m.range_size = 7;
  m.inserts = 3;
  return m;
}

// A crashed cell of a legacy workload over a socket, with a NaN among its latencies.
inline results::CellRecord every_cell_fact() {
  using measured::ErrorKind;
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  return {.server = "mariadb-11.4",
          .profile = "tuned",
          .engine = "innodb",
          .workload = "legacy_complex",
          .threads = 16,
          .repeat = 2,
          .tables = 4,
          .table_size = 5'000'000'000,
          .status = results::CellStatus::crashed,
          .error = "server exited with signal 11",
          .diagnosis = "== the server's process\npid 42, state T (stopped)\n",
          .server_version = "11.4.2-MariaDB",
          .my_cnf = "[mysqld]\ninnodb_buffer_pool_size=1G\n",
          .error_log = "logs/mariadb-11.4-tuned.err",
          .started_at = "2024-05-01T10:00:00Z",
          .transport = "socket",
          .warmup_s = 5,
          .duration_s = 0,
          .max_requests = 100000,
          .seconds = 60.25,
          .counters = {1000, 14000, 4000, 2000, 1252, 1, 2},
          .errors = {{1020, ErrorKind::retried, 1251, "Record has changed"},
                     {2013, ErrorKind::reconnected, 1, "Lost connection"}},
          .tps = 16.597510373443985,
          .qps = 331.9502074688797,
          .latency = {0.5, 1.25, 1.1, 2.2, 3.3, 4.4, kNaN, 9.75},
          .statements = {{"point select", 10000, 1250.5, 0.12505, 0.11, 0.25, 0.5},
                         {"UNLOCK TABLES", 1000, 30.25, 0.03025, 0.03, 0.04, 0.0625}},
          .cpu_probe = 612.25,
          .cpu_quota_pct = 50,
          .series = {{1, 1, 17, 340, 0, 3.5}, {1.5, 0.5, 8, 160, 2, 4.25}},
          .stalls = {{-0.5, 1.25}, {0.75, 2.5}},
          .mix = legacy_mix(),
          .distribution = {sysbench::RandType::pareto, 2, 50, 0.45},
          .usage = every_usage_figure(),
          .warmup = {true, true, 0.5, 12.25, true, false},
          .host = "node2"};
}

inline results::DataSizeRecord every_size_fact() {
  return {.server = "mysql-8.4",
          .profile = "default",
          .engine = "innodb",
          .tables = 2,
          .table_size = 5'000'000'000,
          .file_source = "shared tablespace",
          .data_file_bytes = 1ULL << 33,
          .index_file_bytes = 7,
          .data_length = 123,
          .index_length = 45,
          .statistics = "ANALYZE TABLE",
          .from_cache = true,
          .table_charset = "utf8mb4",
          .table_collation = "utf8mb4_0900_ai_ci",
          .settings = {{"log_bin", "ON"}, {"sync_binlog", "1"}},
          .plans = {{"sysbench 1.0",
                     "ORDER BY range",
                     "SELECT c FROM sbtest1 WHERE id BETWEEN 5 AND 9 ORDER BY c",
                     "json",
                     R"({"query_block": {"ordering_operation": {"using_filesort": true}}})",
                     "",
                     {{{"sbtest1", "range", "PRIMARY", 5}}, true, false}},
                    {"sysbench 0.4", "delete", "DELETE from sbtest where id=5", "tabular", "",
                     "error 1064: You have an error in your SQL syntax", {}}}};
}

// Every record with every optional part, then a cell and a data size as plain as they come.
inline results::RunResults every_record() {
  results::RunResults r{every_run_fact(),
                        {every_cell_fact(), results::CellRecord{}},
                        {every_size_fact(), results::DataSizeRecord{}}};
  r.cells[1].server = "mysql-8.4";
  r.cells[1].threads = 1;
  return r;
}

}  // namespace versus::testing
