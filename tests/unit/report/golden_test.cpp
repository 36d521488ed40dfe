// Golden file tests: tests/golden/comparison.{txt,md,csv,json} hold the exact output of
// the terminal, Markdown, CSV and JSON writers for the fixture below, compared byte for
// byte. After an intended change of output, regenerate them with
//   VERSUS_UPDATE_GOLDEN=1 build/tests/versus_tests "[golden]"
// and review `git diff tests/golden` before committing.
#include "support/golden.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "report/run/run_csv.h"
#include "report/run/run_json.h"
#include "report/run/run_markdown.h"
#include "report/run/run_report.h"
#include "report/run/run_terminal.h"
#include "report/shared/comparison.h"
#include "support/cell_builder.h"
#include "support/settings_fixture.h"
#include "support/tpcc_fixture.h"

namespace {

using namespace versus::report;
using versus::results::CellRecord;
using versus::results::CellStatus;
using versus::results::RunResults;
using versus::testing::check_golden;

CellRecord record(const std::string& server, const std::string& profile, int threads, double tps,
                  double p95_ms, int repeat = 0) {
  return versus::testing::CellBuilder(server)
      .profile(profile)
      .threads(threads)
      .repeat(repeat)
      .tps(tps)
      .qps(tps * 20)
      .p95_ms(p95_ms);
}

// 2 servers x 2 profiles x threads 1, 4, 16; mariadb-11.4/tuned at 16 threads failed,
// mariadb-10.11/tuned at 4 threads ran twice.
RunResults fixture() {
  RunResults r;
  r.info = {"20240501-100000",
            "matrix.yaml",
            "2024-05-01T10:00:00Z",
            "0.1.0",
            {"mariadb-10.11", "mariadb-11.4"},
            {"default", "tuned"},
            {}};
  const double tps[2][2][3] = {{{812.4, 2950.7, 7410.2}, {835.9, 3105.3, 8120.6}},
                               {{790.1, 2890.2, 7605.8}, {845.3, 3240.9, 0}}};
  const int threads[3] = {1, 4, 16};
  for (int s = 0; s < 2; ++s)
    for (int p = 0; p < 2; ++p)
      for (int t = 0; t < 3; ++t)
        r.cells.push_back(record(r.info.servers[s], r.info.profiles[p], threads[t], tps[s][p][t],
                                 0.5 + 0.75 * threads[t] + 0.25 * p));
  r.cells.push_back(record("mariadb-10.11", "tuned", 4, 3087.1, 4.25, 1));
  CellRecord& failed = r.cells[11];
  failed.status = CellStatus::failed;
  failed.error = "sysbench: connection lost";
  failed.qps = failed.latency.p95 = 0;
  // mariadb-11.4/default at 4 threads stalled twice in its one run; mariadb-11.4/tuned at 16
  // threads has an unresponsive second run beside its failed one.
  r.cells[7].stalls = {{12.25, 4.5}, {40, 1.25}};
  CellRecord mute = record("mariadb-11.4", "tuned", 16, 0, 0, 1);
  mute.status = CellStatus::unresponsive;
  mute.error = "the server stopped answering: no session got an answer from the server for 30.0 s";
  r.cells.push_back(mute);
  return r;
}

// Repeats: mariadb-10.11 vs mariadb-11.4 (profile default), 3 runs per cell. At 1 thread
// 11.4 is significantly faster; at 8 threads its runs are noisy (CV 5%) and the difference
// is not significant; at 32 threads the baseline ran once (no statistics on its side).
RunResults repeats_fixture() {
  RunResults r;
  r.info = {"20240502-100000",
            "repeats.yaml",
            "2024-05-02T10:00:00Z",
            "0.1.0",
            {"mariadb-10.11", "mariadb-11.4"},
            {"default"},
            {}};
  const std::vector<std::vector<double>> tps[2] = {
      {{1197, 1202, 1238}, {3010, 2990, 3005}, {5120}},
      {{1265, 1281, 1290}, {2900, 3150, 2850}, {5301, 5288, 5310}}};
  const int threads[3] = {1, 8, 32};
  for (int s = 0; s < 2; ++s)
    for (int t = 0; t < 3; ++t)
      for (std::size_t k = 0; k < tps[s][t].size(); ++k)
        r.cells.push_back(record(r.info.servers[s], "default", threads[t], tps[s][t][k], 2.5,
                                 static_cast<int>(k)));
  return r;
}

// Usage figures: two servers at 1 and 8 threads; mariadb-11.4 spends more server CPU and reads
// from storage where the baseline read nothing (no ratio to a zero); one 8-thread cell of the
// baseline ran without figures (older results), so its costs are the other run's. Retried
// errors: mariadb-11.4 at 8 threads retried 14% of its transactions (1020 and 1213: an errors
// line), at 1 thread 0.5% (none), and the baseline none. The kernel counted the task clock of
// every measured cell, not cycles or instructions.
// `share` of the cell's transactions retried: all but 30 of them error 1020, 30 deadlocks.
void add_retries(CellRecord& c, double share) {
  using versus::measured::ErrorKind;
  const auto n = static_cast<std::uint64_t>(static_cast<double>(c.counters.transactions) * share);
  c.counters.ignored_errors = n;
  c.errors = {{1020, versus::measured::ErrorKind::retried, n - 30,
               "Record has changed since last read in table 'sbtest1'"},
              {1213, versus::measured::ErrorKind::retried, 30,
               "Deadlock found when trying to get lock; try restarting transaction"}};
}

// oltp_read_write's statements, per transaction: mariadb-11.4 (s = 1) spends twice as long in
// its DISTINCT range and a little longer in COMMIT, a little less in its point selects.
void add_statements(CellRecord& c, int s) {
  const struct {
    const char* name;
    int per_txn;
    double ms[2];  // each, per server
  } classes[] = {{"point select", 10, {0.05, 0.048}}, {"simple range", 1, {0.12, 0.12}},
                 {"SUM range", 1, {0.10, 0.10}},      {"ORDER BY range", 1, {0.18, 0.18}},
                 {"DISTINCT range", 1, {0.41, 0.88}}, {"index update", 1, {0.09, 0.09}},
                 {"non-index update", 1, {0.08, 0.08}}, {"delete", 1, {0.07, 0.07}},
                 {"insert", 1, {0.08, 0.08}},          {"BEGIN", 1, {0.02, 0.02}},
                 {"COMMIT", 1, {0.30, 0.36}}};
  const std::uint64_t txn = c.counters.transactions;
  for (const auto& k : classes) {
    const std::uint64_t n = txn * static_cast<std::uint64_t>(k.per_txn);
    const double mean = k.ms[s];
    c.statements.push_back(
        {k.name, n, mean * static_cast<double>(n), mean, mean * 0.9, mean * 1.8, mean * 3});
  }
}

RunResults efficiency_fixture() {
  RunResults r;
  r.info = {"20240504-100000",
            "efficiency.yaml",
            "2024-05-04T10:00:00Z",
            "0.1.0",
            {"mariadb-10.11", "mariadb-11.4"},
            {"default"},
            {}};
  const int threads[2] = {1, 8};
  for (int s = 0; s < 2; ++s)
    for (int t = 0; t < 2; ++t) {
      CellRecord c = record(r.info.servers[s], "default", threads[t], 1000.0 * (t + 1) - 50 * s,
                            1.5 + t + 0.25 * s);
      c.seconds = 10;
      c.counters.transactions = static_cast<std::uint64_t>(c.tps * 10);
      c.counters.reads = c.counters.transactions * 14;
      c.counters.writes = c.counters.transactions * 4;
      c.counters.other = c.counters.transactions * 2;
      c.usage.measured = true;
      const double txn = static_cast<double>(c.counters.transactions);
      c.usage.server_user_s = txn * (600 + 60 * s) / 1e6;
      c.usage.server_system_s = txn * (212 + 20 * s) / 1e6;
      c.usage.client_user_s = txn * 40 / 1e6;
      c.usage.client_system_s = txn * 110 / 1e6;
      c.usage.voluntary_switches = static_cast<std::uint64_t>(txn * (20 + 3 * s));
      c.usage.involuntary_switches = static_cast<std::uint64_t>(txn * 0.5);
      c.usage.read_bytes = s == 0 ? 0 : static_cast<std::uint64_t>(txn * 3174);
      c.usage.write_bytes = static_cast<std::uint64_t>(txn * 5324);
      // The snapshot interval: 10.05 s on 2 CPUs; other processes took 0.1 CPU-s, but 3.2
      // (and 0.3 stolen: 17% of the machine) beside mariadb-11.4's cell at 8 threads.
      const bool busy = s == 1 && t == 1;
      c.usage.interval_s = 10.05;
      c.usage.transactions = c.counters.transactions;
      c.usage.host_cpus = 2;
      c.usage.steal_s = busy ? 0.3 : 0;
      c.usage.host_busy_s = c.usage.server_cpu_s() + c.usage.client_cpu_s() + (busy ? 3.2 : 0.1);
      // The kernel's task clock, a little under /proc's ticks; no PMU for cycles and
      // instructions: a task-clock column and a line saying why the others are missing.
      c.usage.perf = {true, c.usage.server_cpu_s() * 0.98, -1, -1,
                      {"cycles: the host exposes no hardware PMU (perf_event_open: No such file "
                       "or directory)",
                       "instructions: the host exposes no hardware PMU (perf_event_open: No such "
                       "file or directory)"}};
      if (s == 1) add_retries(c, t == 1 ? 0.14 : 0.005);
      add_statements(c, s);
      r.cells.push_back(c);
    }
  CellRecord old = record("mariadb-10.11", "default", 8, 2010, 2.5, 1);
  old.seconds = 10;
  old.counters = {20100, 20100 * 14, 20100 * 4, 20100 * 2, 0, 0, 0};
  r.cells.push_back(old);
  return r;
}

// Seed 004's size sweep (MyISAM, legacy_complex, 100 threads; its figures as TPS): rows in
// the table 0.5M, 1M and 1.5M, MySQL 5.1 against 5.5.
RunResults sweep_fixture() {
  RunResults r;
  r.info = {"20240503-100000",
            "sweep.yaml",
            "2024-05-03T10:00:00Z",
            "0.1.0",
            {"mysql-5.1", "mysql-5.5"},
            {"default"},
            {}};
  const std::int64_t sizes[3] = {500000, 1000000, 1500000};
  const double tps[2][3] = {{7248.31, 6015.68, 4663.41}, {6935.99, 7701.45, 6769.95}};
  for (int z = 0; z < 3; ++z)
    for (int s = 0; s < 2; ++s) {
      CellRecord c = record(r.info.servers[s], "default", 100, tps[s][z], 40.5 + z);
      c.engine = "myisam";
      c.workload = "legacy_complex";
      c.tables = 1;
      c.table_size = sizes[z];
      r.cells.push_back(c);
    }
  return r;
}

}  // namespace

TEST_CASE("golden: terminal with efficiency", "[report][golden][efficiency]") {
  std::ostringstream out;
  write_terminal(out, build_comparison(efficiency_fixture()));
  check_golden("comparison_efficiency.txt", out.str());
}

TEST_CASE("golden: markdown with efficiency", "[report][golden][efficiency]") {
  const RunResults r = efficiency_fixture();
  std::ostringstream out;
  write_markdown(out, build_comparison(r), r.info);
  check_golden("comparison_efficiency.md", out.str());
}

TEST_CASE("golden: csv with efficiency", "[report][golden][efficiency]") {
  std::ostringstream out;
  write_csv(out, build_comparison(efficiency_fixture()));
  check_golden("comparison_efficiency.csv", out.str());
}

TEST_CASE("golden: json with efficiency", "[report][golden][efficiency]") {
  const RunResults r = efficiency_fixture();
  std::ostringstream out;
  write_json(out, build_comparison(r), r.info);
  check_golden("comparison_efficiency.json", out.str());
}

TEST_CASE("golden: every metric in the terminal and markdown tables", "[report][golden][metric]") {
  const RunResults r = efficiency_fixture();
  std::ostringstream txt, md;
  for (auto metric :
       {versus::config::Metric::qps, versus::config::Metric::rw, versus::config::Metric::p95}) {
    write_terminal(txt, build_comparison(r, metric));
    txt << '\n';
    write_markdown(md, build_comparison(r, metric), r.info);
  }
  check_golden("comparison_metrics.txt", txt.str());
  check_golden("comparison_metrics.md", md.str());
}

TEST_CASE("golden: the run's metric picks the tables' figure", "[report][golden][metric]") {
  RunResults r = repeats_fixture();
  r.info.metric = "rw";
  for (auto& c : r.cells) {
    c.seconds = 10;
    c.counters.reads = static_cast<std::uint64_t>(c.tps * 10 * 14);
    c.counters.writes = static_cast<std::uint64_t>(c.tps * 10 * 4);
  }
  std::ostringstream out;
  write_terminal(out, build_comparison(r));
  check_golden("comparison_repeats_rw.txt", out.str());
}

TEST_CASE("golden: a size sweep in every writer", "[report][golden]") {
  const RunResults r = sweep_fixture();
  const auto tables = build_comparison(r);
  std::ostringstream text, md, csv, json;
  write_terminal(text, tables);
  write_markdown(md, tables, r.info);
  write_csv(csv, tables);
  write_json(json, tables, r.info);
  check_golden("sweep.txt", text.str());
  check_golden("sweep.md", md.str());
  check_golden("sweep.csv", csv.str());
  check_golden("sweep.json", json.str());
}

TEST_CASE("golden: terminal", "[report][golden]") {
  std::ostringstream out;
  write_terminal(out, build_comparison(fixture()));
  check_golden("comparison.txt", out.str());
}

TEST_CASE("golden: markdown", "[report][golden]") {
  const RunResults r = fixture();
  std::ostringstream out;
  write_markdown(out, build_comparison(r), r.info);
  check_golden("comparison.md", out.str());
}

TEST_CASE("golden: terminal with repeats", "[report][golden]") {
  std::ostringstream out;
  write_terminal(out, build_comparison(repeats_fixture()));
  check_golden("comparison_repeats.txt", out.str());
}

TEST_CASE("golden: markdown with repeats", "[report][golden]") {
  const RunResults r = repeats_fixture();
  std::ostringstream out;
  write_markdown(out, build_comparison(r), r.info);
  check_golden("comparison_repeats.md", out.str());
}

TEST_CASE("golden: csv with repeats", "[report][golden]") {
  std::ostringstream out;
  write_csv(out, build_comparison(repeats_fixture()));
  check_golden("comparison_repeats.csv", out.str());
}

TEST_CASE("golden: csv", "[report][golden]") {
  std::ostringstream out;
  write_csv(out, build_comparison(fixture()));
  check_golden("comparison.csv", out.str());
}

TEST_CASE("golden: json", "[report][golden]") {
  const RunResults r = fixture();
  std::ostringstream out;
  write_json(out, build_comparison(r), r.info);
  check_golden("comparison.json", out.str());
}

namespace {
// Seed 004's third experiment: the MyISAM table's files in 5.1 (utf8 tables) and 5.5.
RunResults data_size_fixture() {
  RunResults r = sweep_fixture();
  const std::int64_t sizes[3] = {500000, 1000000, 1500000};
  const std::uint64_t data[2] = {140'000'000, 48'000'000};
  for (int z = 0; z < 3; ++z)
    for (int s = 0; s < 2; ++s) {
      versus::results::DataSizeRecord d;
      d.server = r.info.servers[s];
      d.profile = "default";
      d.engine = "myisam";
      d.tables = 1;
      d.table_size = sizes[z];
      d.file_source = "files";
      d.data_file_bytes = data[s] * static_cast<std::uint64_t>(z + 1);
      d.index_file_bytes = 10'500'000 * static_cast<std::uint64_t>(z + 1);
      d.data_length = d.data_file_bytes;
      d.index_length = d.index_file_bytes - 1024;
      r.data_sizes.push_back(d);
    }
  return r;
}
}  // namespace

TEST_CASE("golden: data-size tables in every report format", "[report][golden][data_size]") {
  const RunResults r = data_size_fixture();
  const auto tables = build_comparison(r);
  std::ostringstream text, md, json, csv;
  write_report(text, ReportFormat::terminal, tables, r, {});
  write_report(md, ReportFormat::markdown, tables, r, {});
  write_report(json, ReportFormat::json, tables, r, {});
  write_data_sizes_csv(csv, r.data_sizes);
  check_golden("data_sizes.txt", text.str());
  check_golden("data_sizes.md", md.str());
  check_golden("data_sizes.json", json.str());
  check_golden("data_sizes.csv", csv.str());
}

TEST_CASE("golden: a settings line in every report format", "[report][golden][settings]") {
  const RunResults r = versus::testing::settings_fixture();
  const auto tables = build_comparison(r);
  std::ostringstream text, md, csv, json;
  write_report(text, ReportFormat::terminal, tables, r, {});
  write_report(md, ReportFormat::markdown, tables, r, {});
  write_report(csv, ReportFormat::csv, tables, r, {});
  write_report(json, ReportFormat::json, tables, r, {});
  check_golden("settings.txt", text.str());
  check_golden("settings.md", md.str());
  check_golden("settings.csv", csv.str());
  check_golden("settings.json", json.str());
}

TEST_CASE("golden: the TPC-C tables in every report format", "[report][golden][tpcc]") {
  const RunResults r = versus::testing::tpcc_fixture();
  const auto tables = build_comparison(r);
  std::ostringstream text, md, json, csv, html;
  write_report(text, ReportFormat::terminal, tables, r, {});
  write_report(md, ReportFormat::markdown, tables, r, {});
  write_report(json, ReportFormat::json, tables, r, {});
  write_report(html, ReportFormat::html, tables, r, {});
  write_tpcc_csv(csv, r.cells);
  check_golden("tpcc.txt", text.str());
  check_golden("tpcc.md", md.str());
  check_golden("tpcc.json", json.str());
  check_golden("tpcc.csv", csv.str());
  CHECK(html.str().find("<section class=\"table tpcc\"><h2>TPC-C, innodb, 2 warehouse(s)") !=
        std::string::npos);
}
