#include "report/console/plan_writer.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>
#include <string>
#include <vector>

using namespace std::chrono_literals;
using versus::config::Cell;
using versus::config::Plan;
using versus::report::estimate_wall_time;
using versus::report::write_plan;
using versus::sysbench::Workload;

namespace {

Plan small_plan() {
  Plan p;
  p.source = "matrix.yaml";
  p.servers = {{"maria", "/opt/maria", 3, {}, {}}, {"mysql", "/opt/mysql", 5, {}, {}}};
  p.profiles = {{"default", {}, {}, 0}};
  p.engines = {"innodb"};
  p.workloads = {Workload::oltp_read_only, Workload::oltp_point_select};
  p.threads = {1, 8};
  p.repeats = 1;
  p.tables = 1;
  p.table_sizes = {10000};
  p.duration = 10s;
  return p;
}

std::string render(const Plan& p, const std::vector<Cell>& order) {
  std::ostringstream out;
  write_plan(out, p, order);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

}  // namespace

TEST_CASE("write_plan: every cell in the given order, numbered from 1", "[report][plan_writer]") {
  const auto p = small_plan();
  // Deliberately not canonical order: write_plan must keep the order it is given.
  const std::vector<Cell> order{{1, 0, 0, 1, 8, 0}, {0, 0, 0, 0, 1, 0}, {1, 0, 0, 0, 1, 0}};
  const auto text = render(p, order);
  CHECK_THAT(text, Catch::StartsWith("plan matrix.yaml: 3 cells (2 servers x 1 profiles x 1 "
                                     "engines x 2 workloads x 2 thread counts x 1 repeats)\n"));
  const auto lines = lines_of(text);
  const std::vector<std::string> want{
      "   1  mysql / default / innodb  oltp_point_select t=8 r1",
      "   2  maria / default / innodb  oltp_read_only t=1 r1",
      "   3  mysql / default / innodb  oltp_read_only t=1 r1",
  };
  std::size_t first = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i] == want[0]) first = i;
  REQUIRE(first + want.size() <= lines.size());
  for (std::size_t i = 0; i < want.size(); ++i) CHECK(lines[first + i] == want[i]);
  CHECK(lines[first + want.size()].empty());
  CHECK_THAT(text, Catch::Contains("data: 1 table(s) x 10000 rows"));
}

TEST_CASE("write_plan: indexes keep counting past 9 and repeats are 1-based",
          "[report][plan_writer]") {
  auto p = small_plan();
  p.repeats = 3;
  std::vector<Cell> order;
  for (int r = 0; r < 3; ++r)
    for (std::size_t w = 0; w < 2; ++w)
      for (int t : {1, 8})
        for (std::size_t s = 0; s < 2; ++s) order.push_back({s, 0, 0, w, t, r});
  REQUIRE(order.size() == 24);
  const auto text = render(p, order);
  CHECK_THAT(text, Catch::Contains("\n  10  mysql / default / innodb  oltp_read_only t=1 r2\n"));
  CHECK_THAT(text, Catch::Contains("\n  24  mysql / default / innodb  oltp_point_select t=8 r3\n"));
  CHECK_THAT(text, !Catch::Contains("  25  "));
  CHECK_THAT(text, !Catch::Contains(" r0\n"));
}

TEST_CASE("write_plan: 'at least' only when max_requests alone limits the cells",
          "[report][plan_writer]") {
  auto p = small_plan();
  const std::vector<Cell> order{{0, 0, 0, 0, 1, 0}};
  SECTION("duration") {
    const auto text = render(p, order);
    CHECK_THAT(text, Catch::Contains("\nestimated wall time: "));
    CHECK_THAT(text, !Catch::Contains("at least"));
    CHECK_FALSE(estimate_wall_time(p).lower_bound);
  }
  SECTION("max_requests") {
    p.duration = 0ms;
    p.max_requests = 1000;
    const auto text = render(p, order);
    CHECK_THAT(text, Catch::Contains("\nestimated wall time: at least "));
    CHECK_THAT(text, Catch::Contains("at most 1000 transactions"));
    CHECK(estimate_wall_time(p).lower_bound);
  }
  SECTION("both duration and max_requests") {
    p.max_requests = 1000;
    CHECK_THAT(render(p, order), !Catch::Contains("at least"));
    CHECK_FALSE(estimate_wall_time(p).lower_bound);
  }
}

TEST_CASE("estimate_wall_time: fixed overheads plus load and measurement",
          "[report][plan_writer]") {
  Plan p = small_plan();  // 2 instances, 2 x 2 x 1 = 4 cells per instance
  const auto e = estimate_wall_time(p);
  // 2 instances x (1 init + 2 start + 2 stop + 10000 rows / 80000 rows/s)
  CHECK(e.prepare_s == Approx(2 * (5 + 0.125)));
  // 8 cells x (2 start + 2 stop + 0 warmup + 10 duration)
  CHECK(e.cells_s == Approx(8 * 14.0));
}

TEST_CASE("estimate_wall_time: grows with duration, warmup and repeats", "[report][plan_writer]") {
  Plan p = small_plan();
  const auto base = estimate_wall_time(p);
  p.duration = 60s;
  const auto longer = estimate_wall_time(p);
  CHECK(longer.cells_s > base.cells_s);
  CHECK(longer.cells_s - base.cells_s == Approx(8 * 50.0));
  CHECK(longer.prepare_s == Approx(base.prepare_s));
  p.warmup = 5s;
  CHECK(estimate_wall_time(p).cells_s == Approx(longer.cells_s + 8 * 5.0));
  p.repeats = 2;
  CHECK(estimate_wall_time(p).cells_s == Approx(2 * (longer.cells_s + 8 * 5.0)));
}

TEST_CASE("estimate_wall_time: loading runs two tables at a time", "[report][plan_writer]") {
  Plan p = small_plan();
  p.servers.resize(1);
  p.tables = 4;
  p.table_sizes = {80000};
  // 1 instance x (5 s + 4 x 80000 rows / 80000 rows/s / 2 tables at once)
  CHECK(estimate_wall_time(p).prepare_s == Approx(5 + 2.0));
}

TEST_CASE("write_plan: minutes and seconds past two minutes", "[report][plan_writer]") {
  Plan p = small_plan();
  p.servers.resize(1);
  p.workloads.resize(1);
  p.threads = {1};
  p.table_sizes = {0};
  p.duration = 116s;  // prepare 5 s + cells 4 + 116 s = 125 s
  const auto text = render(p, {{0, 0, 0, 0, 1, 0}});
  CHECK_THAT(text,
             Catch::Contains(
                 "estimated wall time: 2 min 05 s (preparing instances 5 s, cells 2 min 00 s)"));
}

// Known bug: seconds_text rounds the seconds on their own, so 179.6 s prints as
// "2 min 60 s" instead of "3 min 00 s".
TEST_CASE("write_plan: seconds never show as 60", "[report][plan_writer]") {
  Plan p = small_plan();
  p.servers.resize(1);
  p.workloads.resize(1);
  p.threads = {1};
  p.table_sizes = {48000};  // prepare 5 + 0.6 s
  p.duration = 170s;        // cells 4 + 170 s; total 179.6 s
  const auto text = render(p, {{0, 0, 0, 0, 1, 0}});
  CHECK_THAT(text, Catch::Contains("estimated wall time: 3 min 00 s"));
  CHECK_THAT(text, !Catch::Contains("60 s"));
}

TEST_CASE("estimate_wall_time: lifecycle server starts a server per server/profile only",
          "[report][plan_writer]") {
  Plan p = small_plan();  // 2 servers x 1 profile x 1 engine, 4 cells each
  const auto cell = estimate_wall_time(p);
  p.lifecycle = versus::config::Lifecycle::server;
  const auto shared = estimate_wall_time(p);
  // The same load and measured seconds; no restart per cell (8 cells x start + stop).
  CHECK(shared.prepare_s == Approx(cell.prepare_s));  // 1 instance per server here
  CHECK(cell.cells_s - shared.cells_s == Approx(8 * (2 + 2)));
  CHECK(render(p, versus::config::expand_cells(p)).find("lifecycle: server") != std::string::npos);
  CHECK(render(small_plan(), {}).find("lifecycle") == std::string::npos);
}

TEST_CASE("estimate_wall_time: lifecycle round starts a server per round and instance",
          "[report][plan_writer]") {
  Plan p = small_plan();  // 2 servers x 1 profile x 1 engine, 4 cells each
  const auto cell = estimate_wall_time(p);
  p.lifecycle = versus::config::Lifecycle::round;
  const auto round = estimate_wall_time(p);
  const int rounds = versus::config::rounds_of(p);
  // Instances prepared as under cell; per cell no start and stop, per round's server one.
  CHECK(round.prepare_s == Approx(cell.prepare_s));
  CHECK(cell.cells_s - round.cells_s == Approx(8 * (2 + 2) - 2 * rounds * (2 + 2)));
  const auto text = render(p, versus::config::expand_cells(p));
  CHECK_THAT(text, Catch::Contains("lifecycle: round (each round, one server per instance"));
  CHECK_THAT(text, !Catch::Contains("warm-up"));  // no suite: no warm-up pass
}

TEST_CASE("write_shards: the plan's id and seed, then per shard its rows, cells and time",
          "[report][plan_writer][shards]") {
  Plan p = small_plan();
  auto shards = versus::config::assign_shards(p, 2);
  REQUIRE(shards);
  std::ostringstream out;
  versus::report::write_shards(out, p, *shards, {"0123456789abcdef", 77});
  const auto lines = lines_of(out.str());
  // 4 rows (2 workloads x 2 thread counts) of equal time: two a shard, longest first with
  // ties in plan order, so each shard gets one thread count of both workloads.
  REQUIRE(lines.size() == 8);
  CHECK(lines[0].empty());
  CHECK_THAT(lines[1], Catch::StartsWith("2 shards of plan 0123456789abcdef, seed 77 ") &&
                           Catch::Contains("--seed 77"));
  CHECK_THAT(lines[2], Catch::StartsWith("shard 1/2: 2 rows, 4 cells, estimated "));
  CHECK(lines[3] == "  innodb, 10000 rows, oltp_read_only: 1 threads");
  CHECK(lines[4] == "  innodb, 10000 rows, oltp_point_select: 1 threads");
  CHECK_THAT(lines[5], Catch::StartsWith("shard 2/2: 2 rows, 4 cells, estimated "));
  CHECK(lines[6] == "  innodb, 10000 rows, oltp_read_only: 8 threads");
  CHECK(lines[7] == "  innodb, 10000 rows, oltp_point_select: 8 threads");
}

TEST_CASE("write_plan: a tpcc plan names its warehouses, how many each cell works, its deck "
          "and its checks",
          "[report][plan_writer]") {
  Plan p = small_plan();
  p.workloads = {Workload::tpcc};
  p.table_sizes = {2, 10};
  const std::vector<Cell> order{{0, 0, 0, 0, 8, 0, 1}};
  CHECK(render(p, order).find("data: TPC-C at 2, 10 warehouse(s); each transaction draws its "
                              "home warehouse (tpcc_home: per_transaction): every cell works "
                              "all of them; the standard deck, 45% New-Order (tpcc_mix: "
                              "standard); consistency conditions 1-10 checked after each cell "
                              "(tpcc_checks: all)") != std::string::npos);
  p.tpcc = {versus::sysbench::TpccHome::per_connection, versus::sysbench::TpccMix::hammerdb,
            versus::sysbench::TpccChecks::cheap};
  const std::string other = render(p, order);
  CHECK(other.find("a cell works min(connections, warehouses) of them") != std::string::npos);
  CHECK(other.find("HammerDB's deck, 10/23 New-Order (tpcc_mix: hammerdb)") != std::string::npos);
  CHECK(other.find("consistency conditions 1-3, 8, 9 checked after each cell (tpcc_checks: "
                   "cheap)") != std::string::npos);
}

TEST_CASE("write_plan: explain: settings says what it adds, its time per column and its budget",
          "[report][plan_writer]") {
  Plan p = small_plan();
  CHECK(render(p, versus::config::expand_cells(p)).find("explain") == std::string::npos);
  p.explain_settings = true;
  p.explain_budget = 20min;
  const std::string text = render(p, versus::config::expand_cells(p));
  INFO(text);
  CHECK(text.find("explain: settings: then, for each of the 1 column whose gap to maria is "
                  "decided in a row, a second run of the matrix under profile default: maria, "
                  "the column, one variant per settings group that differs (at most 6) and one "
                  "with every group alike, 5 rounds: ") != std::string::npos);
  CHECK(text.find(" for all, every variant loading its own tables (one that changes only server "
                  "options is a copy of the column's instance, restarted: less); "
                  "explain_budget 20 min 00 s caps them") != std::string::npos);
  // One group: the baseline, the column, the group and all alike, 5 rounds of every cell.
  const double one = versus::config::explain_column_seconds(p, 1);
  const double six = versus::config::explain_column_seconds(p, 6);
  CHECK(six / one == Approx(9.0 / 4.0));
  Plan four = p;
  four.servers = {p.servers[0], p.servers[0], p.servers[0], p.servers[0]};
  four.repeats = 5;
  CHECK(one == Approx(estimate_wall_time(four).total_s()));
}

TEST_CASE("write_plan: a plan of replays names their dumps, not sysbench tables",
          "[report][plan_writer]") {
  Plan p = small_plan();
  p.workloads = {Workload::replay};
  const std::string text = render(p, {});
  CHECK(text.find("data: each replay's dump (replay_data), no sysbench tables;") !=
        std::string::npos);
  CHECK(text.find("table(s) x") == std::string::npos);
  p.workloads = {Workload::replay, Workload::oltp_read_only};  // the others' tables are loaded
  CHECK(render(p, {}).find("data: 1 table(s) x 10000 rows") != std::string::npos);
}
