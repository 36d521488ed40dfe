#include "report/shared/comparison.h"

#include <catch2/catch.hpp>
#include <string>

#include "report/shared/cell_text.h"
#include "support/cell_builder.h"

namespace {

using namespace versus::report;
using versus::results::CellRecord;
using versus::results::CellStatus;
using versus::results::RunResults;

CellRecord record(const std::string& server, const std::string& profile, int threads, double tps,
                  CellStatus status = CellStatus::ok) {
  const double measured = status == CellStatus::ok ? tps : 0;
  return versus::testing::CellBuilder(server)
      .profile(profile)
      .threads(threads)
      .status(status)
      .tps(measured)
      .qps(measured * 20)
      .p95_ms(tps / 100);
}

RunResults run(std::vector<CellRecord> cells) {
  RunResults r;
  r.info.servers = {"old", "new"};
  r.info.profiles = {"default", "tuned"};
  r.cells = std::move(cells);
  return r;
}

std::vector<std::string> labels(const ComparisonTable& table) {
  std::vector<std::string> out;
  for (const Column& c : table.columns) out.push_back(column_label(c));
  return out;
}

}  // namespace

TEST_CASE("no cells give no tables", "[report]") {
  CHECK(build_comparison(run({})).empty());
}

TEST_CASE("columns follow RunInfo order, server-major, not the run order", "[report]") {
  const auto tables =
      build_comparison(run({record("new", "tuned", 1, 4), record("new", "default", 1, 3),
                            record("old", "tuned", 1, 2), record("old", "default", 1, 1)}));
  REQUIRE(tables.size() == 1);
  CHECK(labels(tables[0]) ==
        std::vector<std::string>{"old/default", "old/tuned", "new/default", "new/tuned"});
  CHECK(tables[0].workload == "oltp_read_write");
  CHECK(tables[0].engine == "innodb");
}

TEST_CASE("columns without any cell are dropped; unknown ones are appended", "[report]") {
  const auto tables =
      build_comparison(run({record("new", "tuned", 1, 4), record("other", "default", 1, 5),
                            record("old", "tuned", 1, 2)}));
  REQUIRE(tables.size() == 1);
  CHECK(labels(tables[0]) == std::vector<std::string>{"old/tuned", "new/tuned", "other/default"});
}

TEST_CASE("one table per workload and engine, in order of first appearance", "[report]") {
  CellRecord ro = record("old", "default", 1, 10);
  ro.workload = "oltp_read_only";
  CellRecord myisam = record("old", "default", 1, 10);
  myisam.engine = "myisam";
  const auto tables = build_comparison(
      run({ro, record("old", "default", 1, 1), myisam, record("new", "default", 1, 1), ro}));
  REQUIRE(tables.size() == 3);
  CHECK(tables[0].workload == "oltp_read_only");
  CHECK(tables[1].workload == "oltp_read_write");
  CHECK(tables[1].engine == "innodb");
  CHECK(tables[1].columns.size() == 2);
  CHECK(tables[2].engine == "myisam");
  CHECK(tables[0].rows.at(0).cells.at(0).tps_runs.size() == 2);
}

TEST_CASE("rows are thread counts ascending, with a cell per column", "[report]") {
  const auto tables =
      build_comparison(run({record("old", "default", 16, 1), record("old", "default", 1, 1),
                            record("new", "default", 4, 1)}));
  REQUIRE(tables.size() == 1);
  const auto& rows = tables[0].rows;
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].threads == 1);
  CHECK(rows[1].threads == 4);
  CHECK(rows[2].threads == 16);
  for (const auto& row : rows) CHECK(row.cells.size() == 2);
  CHECK(rows[1].cells[0].runs == 0);  // old/default has no 4-thread record
  CHECK(rows[1].cells[1].runs == 1);
}

TEST_CASE("ratios are to the first column of the same row", "[report]") {
  const auto tables =
      build_comparison(run({record("old", "default", 1, 100), record("new", "default", 1, 125)}));
  const auto& cells = tables.at(0).rows.at(0).cells;
  REQUIRE(cells[0].ratio.has_value());
  CHECK(*cells[0].ratio == 1.0);
  REQUIRE(cells[1].ratio.has_value());
  CHECK(*cells[1].ratio == Approx(1.25));
}

TEST_CASE("tpcc's tables show NOPM, its mean over the ok runs and its ratio", "[report]") {
  auto tpcc = [](const std::string& server, double tps, double nopm) {
    CellRecord c = record(server, "default", 8, tps);
    c.workload = "tpcc";
    c.nopm = nopm;
    return c;
  };
  auto r = run({tpcc("old", 100, 2700), tpcc("old", 100, 2710), tpcc("new", 120, 3250)});
  r.cells[1].repeat = 2;
  const auto tables = build_comparison(r);
  REQUIRE(tables.size() == 1);
  CHECK(tables[0].metric == versus::config::Metric::nopm);
  const auto& cells = tables[0].rows.at(0).cells;
  CHECK(cells[0].nopm == Approx(2705));
  REQUIRE(cells[1].ratio);
  CHECK(*cells[1].ratio == Approx(3250.0 / 2705));
  // Asked for NOPM, a sysbench workload's table shows TPS.
  const auto plain = build_comparison(run({record("old", "default", 1, 100)}),
                                      versus::config::Metric::nopm);
  CHECK(plain.at(0).metric == versus::config::Metric::tps);
}

TEST_CASE("the run's min_difference_pct decides which differences count", "[report]") {
  auto results = run({record("old", "default", 1, 1000), record("new", "default", 1, 985),
                      record("old", "default", 1, 1002), record("new", "default", 1, 987)});
  results.info.min_difference_pct = 0;
  const auto strict = build_comparison(results).at(0).rows.at(0).cells.at(1).vs_baseline;
  REQUIRE(strict);
  CHECK(strict->verdict == versus::results::Verdict::slower);
  results.info.min_difference_pct = 2;
  const auto floored = build_comparison(results).at(0).rows.at(0).cells.at(1).vs_baseline;
  REQUIRE(floored);
  CHECK(floored->verdict == versus::results::Verdict::undecided);
}

TEST_CASE("a missing or failed baseline gives no ratio", "[report]") {
  const auto tables =
      build_comparison(run({record("old", "default", 1, 100, CellStatus::failed),
                            record("new", "default", 1, 125), record("new", "default", 4, 1),
                            record("old", "default", 8, 0), record("new", "default", 8, 3)}));
  const auto& rows = tables.at(0).rows;
  REQUIRE(rows.size() == 3);
  for (const auto& row : rows)
    CHECK_FALSE(row.cells[1].ratio.has_value());  // failed, absent, 0 tps
  CHECK(rows[0].cells[1].tps == 125);
}

TEST_CASE("a failed or crashed cell has no ratio itself", "[report]") {
  const auto tables = build_comparison(
      run({record("old", "default", 1, 100), record("new", "default", 1, 0, CellStatus::crashed)}));
  const auto& cell = tables.at(0).rows.at(0).cells.at(1);
  CHECK(cell.runs == 0);
  CHECK(cell.crashed == 1);
  CHECK_FALSE(cell.ratio.has_value());
}

TEST_CASE("repeats are averaged over the ok runs; failures are counted", "[report]") {
  const auto tables =
      build_comparison(run({record("old", "default", 1, 100), record("old", "default", 1, 110),
                            record("old", "default", 1, 0, CellStatus::failed),
                            record("old", "default", 1, 0, CellStatus::crashed),
                            record("new", "default", 1, 90), record("new", "default", 1, 120)}));
  const auto& cells = tables.at(0).rows.at(0).cells;
  CHECK(cells[0].runs == 2);
  CHECK(cells[0].failed == 1);
  CHECK(cells[0].crashed == 1);
  CHECK(cells[0].tps == Approx(105));
  CHECK(cells[0].qps == Approx(2100));
  CHECK(cells[0].p95_ms == Approx(1.05));
  CHECK(cells[0].tps_runs == std::vector<double>{100, 110});
  CHECK(cells[0].p95_ms_runs.size() == 2);
  CHECK(*cells[1].ratio == Approx(1.0));
}

TEST_CASE("a size sweep: thread tables per size, then size tables per thread count", "[report]") {
  std::vector<CellRecord> cells;
  for (std::int64_t size : {2000, 1000})
    for (int threads : {1, 2})
      for (const char* server : {"old", "new"}) {
        CellRecord c = record(server, "default", threads, static_cast<double>(size) / threads);
        c.tables = 1;
        c.table_size = size;
        cells.push_back(c);
      }
  const auto tables = build_comparison(run(cells));
  REQUIRE(tables.size() == 4);
  CHECK(tables[0].rows_by == RowAxis::threads);
  CHECK(tables[0].table_size == 2000);
  CHECK(tables[0].sweep);
  CHECK(tables[1].table_size == 1000);
  REQUIRE(tables[2].rows_by == RowAxis::table_size);
  CHECK(tables[2].threads == 1);
  CHECK(tables[3].threads == 2);
  REQUIRE(tables[3].rows.size() == 2);
  CHECK(tables[3].rows[0].table_size == 1000);  // ascending
  CHECK(tables[3].rows[1].table_size == 2000);
  CHECK(tables[3].rows[1].cells[0].tps == 1000);  // old at 2 threads, 2000 rows
  CHECK(tables[3].rows[1].cells[1].ratio == Approx(1.0));
}

TEST_CASE("one table size: no size tables, and thread tables are as before", "[report]") {
  CellRecord a = record("old", "default", 1, 10), b = record("new", "default", 1, 11);
  a.table_size = b.table_size = 5000;
  const auto tables = build_comparison(run({a, b}));
  REQUIRE(tables.size() == 1);
  CHECK_FALSE(tables[0].sweep);
}

namespace {
// A merge of two shards (one row each) whose machines differ only in cores, or not at all.
RunResults merged_two_hosts(int second_cores) {
  RunResults r;
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  versus::results::MachineFacts m{"Xeon", 2, "Linux 6.1", "", 1ULL << 32, "node1"};
  r.info.hosts = {{1, "s1", m}, {2, "s2", m}};
  r.info.hosts[1].machine.hostname = "node2";
  r.info.hosts[1].machine.cores = second_cores;
  for (const char* s : {"a", "b"}) {
    CellRecord one = versus::testing::CellBuilder(s).threads(1).tps(100);
    one.host = "node1";
    CellRecord four = versus::testing::CellBuilder(s).threads(4).tps(300);
    four.host = "node2";
    r.cells.push_back(one);
    r.cells.push_back(four);
  }
  return r;
}
}  // namespace

TEST_CASE("comparison: rows name their host only when the merged hosts differ",
          "[report][comparison][shards]") {
  auto tables = build_comparison(merged_two_hosts(4));
  REQUIRE(tables.size() == 1);
  REQUIRE(tables[0].rows.size() == 2);
  CHECK(tables[0].rows[0].host == "node1");
  CHECK(tables[0].rows[1].host == "node2");
  CHECK(row_key_text(tables[0], tables[0].rows[1]) == "4 @node2");
  auto same = build_comparison(merged_two_hosts(2));
  CHECK(same[0].rows[0].host.empty());
  CHECK(row_key_text(same[0], same[0].rows[1]) == "4");
}
