// compare_runs and its writers: which cells match, what counts as a regression, and the
// exact Markdown and terminal reports (golden files tests/golden/compare.{md,txt}; rewrite
// them with VERSUS_UPDATE_GOLDEN=1 build/tests/versus_tests "[golden]" and review the diff).
#include "report/compare/regression.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "report/compare/compare_html.h"
#include "report/compare/compare_writer.h"
#include "support/cell_builder.h"
#include "support/golden.h"

namespace {

using namespace versus::report;
using versus::results::CellRecord;
using versus::results::CellStatus;
using versus::results::RunResults;
using versus::results::Verdict;
using versus::testing::check_golden;

struct RunCell {  // one row of a run: its tps per repeat
  int threads;
  std::vector<double> tps;  // one record per repeat
  std::string server = "trunk";
  std::string workload = "oltp_read_write";
};

RunResults run(const std::string& id, const std::vector<RunCell>& cells) {
  RunResults r;
  r.info = {id, "nightly.yaml", "2024-05-01T02:00:00Z", "0.1.0", {}, {"default"}, {}};
  for (const RunCell& cell : cells)
    for (std::size_t k = 0; k < cell.tps.size(); ++k) {
      r.cells.push_back(versus::testing::CellBuilder(cell.server)
                            .workload(cell.workload)
                            .threads(cell.threads)
                            .repeat(static_cast<int>(k))
                            .tps(cell.tps[k]));
    }
  return r;
}

const CellChange& only_change(const RegressionReport& report) {
  REQUIRE(report.matched.size() == 1);
  return report.matched.front();
}

}  // namespace

TEST_CASE("a clear loss beyond the threshold is a regression", "[report][regression]") {
  const auto report =
      compare_runs(run("base-1", {{8, {1000, 1010, 990}}}), run("new-2", {{8, {900, 905, 895}}}));
  const CellChange& c = only_change(report);
  CHECK(c.change.ratio == Catch::Detail::Approx(0.9));
  CHECK(c.change.verdict == Verdict::slower);
  CHECK(c.outcome == Outcome::regression);
  CHECK(report.has_regression());
  CHECK(report.count(Outcome::regression) == 1);
}

TEST_CASE("a difference within the noise is not a regression", "[report][regression]") {
  const auto report = compare_runs(run("base-1", {{8, {1197, 1202, 1238}}}),
                                   run("new-2", {{8, {1150, 1240, 1190}}}));
  const CellChange& c = only_change(report);
  CHECK(c.change.ratio < 0.99);  // slower on average, yet inside the noise
  CHECK(c.change.verdict == Verdict::undecided);  // its interval reaches past -5% and +5%
  CHECK(c.outcome == Outcome::undecided);
  CHECK_FALSE(report.has_regression());
}

TEST_CASE("an interval inside +-threshold is unchanged", "[report][regression]") {
  const auto report = compare_runs(run("base-1", {{8, {1000, 1002, 998, 1001}}}),
                                   run("new-2", {{8, {1004, 1003, 1006, 1002}}}));
  const CellChange& c = only_change(report);
  REQUIRE(c.change.ci);
  CHECK(c.change.ci->low > 0.95);
  CHECK(c.change.ci->high < 1.05);
  CHECK(c.change.verdict == Verdict::equivalent);
  CHECK(c.outcome == Outcome::unchanged);
  CHECK(outcome_name(Outcome::undecided) == "undecided");
}

TEST_CASE("the threshold decides whether a significant loss regresses", "[report][regression]") {
  const RunResults base = run("base-1", {{8, {1000, 1001, 999}}});
  const RunResults now = run("new-2", {{8, {970, 971, 969}}});  // 3% slower, very stable
  CHECK(only_change(compare_runs(base, now, {5, 0.95})).outcome == Outcome::unchanged);
  CHECK(only_change(compare_runs(base, now, {2, 0.95})).outcome == Outcome::regression);
  CHECK(only_change(compare_runs(base, now, {3, 0.95})).outcome == Outcome::unchanged);
}

TEST_CASE("improvements are counted, symmetric to regressions", "[report][regression]") {
  const auto report = compare_runs(run("base-1", {{8, {1000, 1010, 990}}}),
                                   run("new-2", {{8, {1100, 1105, 1095}}}));
  CHECK(only_change(report).outcome == Outcome::improvement);
  CHECK(report.count(Outcome::improvement) == 1);
  CHECK_FALSE(report.has_regression());
}

TEST_CASE("single runs give insufficient data and never a regression", "[report][regression]") {
  const auto report = compare_runs(run("base-1", {{8, {1000}}}), run("new-2", {{8, {500}}}));
  const CellChange& c = only_change(report);
  CHECK(c.change.ratio == Catch::Detail::Approx(0.5));
  CHECK(c.change.verdict == Verdict::insufficient_data);
  CHECK(c.outcome == Outcome::insufficient_data);
  CHECK_FALSE(report.has_regression());
  CHECK(report.count(Outcome::insufficient_data) == 1);
}

TEST_CASE("failed repeats are left out; none ok is insufficient data", "[report][regression]") {
  RunResults now = run("new-2", {{8, {900, 905, 895}}});
  for (CellRecord& c : now.cells) c.status = CellStatus::failed;
  const auto report = compare_runs(run("base-1", {{8, {1000, 1010, 990}}}), now);
  CHECK(only_change(report).now.n == 0);
  CHECK(only_change(report).outcome == Outcome::insufficient_data);
}

TEST_CASE("cells in only one run are reported as unmatched", "[report][regression]") {
  const auto report = compare_runs(run("base-1", {{1, {100, 101}}, {8, {800, 801}}}),
                                   run("new-2", {{1, {100, 101}}, {16, {1600, 1601}}}));
  CHECK(report.matched.size() == 1);
  REQUIRE(report.only_in_base.size() == 1);
  CHECK(report.only_in_base[0].threads == 8);
  REQUIRE(report.only_in_new.size() == 1);
  CHECK(report.only_in_new[0].threads == 16);
  CHECK(report.unmatched() == 2);
}

TEST_CASE("an unmatched cell of a size sweep is named with its table size",
          "[report][regression]") {
  RunResults base = run("base-1", {{8, {800, 801}}, {8, {700, 701}}});
  RunResults now = run("new-2", {{8, {800, 801}}});
  for (std::size_t i = 0; i < base.cells.size(); ++i) {
    base.cells[i].tables = 1;
    base.cells[i].table_size = i < 2 ? 10000 : 100000;
  }
  for (CellRecord& c : now.cells) {
    c.tables = 1;
    c.table_size = 10000;
  }
  std::ostringstream out;
  write_regression_terminal(out, compare_runs(base, now));
  CHECK_THAT(out.str(), Catch::Contains("only in base: oltp_read_write, innodb, "
                                        "trunk/default, 8 threads, 1 x 100000 rows"));
}

TEST_CASE("one server on each side is matched across server names", "[report][regression]") {
  const auto report = compare_runs(run("base-1", {{8, {1000, 1010}, "mariadb-11.4"}}),
                                   run("new-2", {{8, {990, 1000}, "trunk"}}));
  CHECK(report.across_servers);
  const CellChange& c = only_change(report);
  CHECK(c.key.server == "mariadb-11.4");
  CHECK(c.new_server == "trunk");
}

TEST_CASE("with several servers only equal names match", "[report][regression]") {
  const auto report = compare_runs(run("base-1", {{8, {1000, 1010}, "a"}, {8, {1000, 1010}, "b"}}),
                                   run("new-2", {{8, {990, 1000}, "a"}, {8, {990, 1000}, "c"}}));
  CHECK_FALSE(report.across_servers);
  CHECK(report.matched.size() == 1);
  CHECK(report.matched[0].key.server == "a");
  CHECK(report.only_in_base.size() == 1);
  CHECK(report.only_in_new.size() == 1);
}

TEST_CASE("matched cells are ordered by coordinates, threads numerically", "[report][regression]") {
  const auto report = compare_runs(run("base-1", {{16, {1, 2}}, {2, {1, 2}}, {8, {1, 2}}}),
                                   run("new-2", {{8, {1, 2}}, {2, {1, 2}}, {16, {1, 2}}}));
  REQUIRE(report.matched.size() == 3);
  CHECK(report.matched[0].key.threads == 2);
  CHECK(report.matched[1].key.threads == 8);
  CHECK(report.matched[2].key.threads == 16);
}

namespace {

// Each cell's transactions: 10 s of its TPS.
RunResults nightly(RunResults r, const std::string& started_at) {
  r.info.started_at = started_at;
  for (auto& c : r.cells) c.counters.transactions = static_cast<std::uint64_t>(c.tps * 10);
  return r;
}

// The new run's regression at 8 threads retried 12% of its transactions (deadlocks).
RunResults with_deadlocks(RunResults r) {
  for (auto& c : r.cells)
    if (c.threads == 8 && c.workload == "oltp_read_write") {
      c.counters.ignored_errors = c.counters.transactions * 12 / 100;
      c.errors = {{1213, versus::measured::ErrorKind::retried, c.counters.ignored_errors,
                   "Deadlock found when trying to get lock; try restarting transaction"}};
    }
  return r;
}

// Nightly trunk runs: a regression at 8 threads (where the new run retried 12% of its
// transactions), an improvement on oltp_read_only, noise at 1 thread, a single run at 32
// threads, and a thread count in each run only.
RunResults compare_base() {
  return nightly(run("20240501-020000", {{1, {1197, 1202, 1238}},
                                         {8, {3010, 2990, 3005}},
                                         {32, {5120}},
                                         {64, {5400, 5390}},
                                         {8, {4100, 4120, 4090}, "trunk", "oltp_read_only"}}),
                 "2024-05-01T02:00:00Z");
}

RunResults compare_new() {
  return with_deadlocks(
      nightly(run("20240502-020000", {{1, {1150, 1240, 1190}},
                                      {8, {2740, 2710, 2755}},
                                      {32, {4010}},
                                      {128, {5300, 5310}},
                                      {8, {4480, 4475, 4490}, "trunk", "oltp_read_only"}}),
              "2024-05-02T02:00:00Z"));
}

}  // namespace

TEST_CASE("golden: compare markdown", "[report][regression][golden]") {
  const auto report = compare_runs(compare_base(), compare_new());
  CHECK(report.count(Outcome::regression) == 1);
  CHECK(report.count(Outcome::improvement) == 1);
  CHECK(report.count(Outcome::unchanged) + report.count(Outcome::undecided) == 1);
  CHECK(report.count(Outcome::insufficient_data) == 1);
  CHECK(report.unmatched() == 2);
  std::ostringstream out;
  write_regression_markdown(out, report);
  check_golden("compare.md", out.str());
}

TEST_CASE("golden: compare terminal", "[report][regression][golden]") {
  std::ostringstream out;
  write_regression_terminal(out, compare_runs(compare_base(), compare_new()));
  check_golden("compare.txt", out.str());
}

TEST_CASE("compare json carries counts, cells and unmatched keys", "[report][regression]") {
  const auto json = regression_to_json(compare_runs(compare_base(), compare_new()));
  CHECK(json["format"] == "versus-compare/1");
  CHECK(json["threshold_pct"] == 5.0);
  CHECK(json["counts"]["regressions"] == 1);
  CHECK(json["counts"]["unmatched"] == 2);
  REQUIRE(json["cells"].size() == 4);
  const auto& regressed = json["cells"][2];
  CHECK(regressed["threads"] == 8);
  CHECK(regressed["outcome"] == "regression");
  CHECK(regressed["change"]["verdict"] == "slower");
  CHECK(regressed["base"]["n"] == 3);
  CHECK(json["only_in_base"][0]["threads"] == 64);
  CHECK(json["only_in_new"][0]["threads"] == 128);
  CHECK(regressed["errors"]["base"]["retried"] == 0);
  CHECK(regressed["errors"]["new"]["retried"] == 9846);
  CHECK(regressed["errors"]["new"]["codes"][0]["code"] == 1213);
}

TEST_CASE("compare html names the retried errors", "[report][regression][errors]") {
  std::ostringstream out;
  write_regression_html(out, compare_runs(compare_base(), compare_new()));
  CHECK(out.str().find("<b>Retried errors</b><ul>\n<li>errors: oltp_read_write, innodb, "
                       "trunk/default, 8 threads: BASE retried 0.0% of its transactions "
                       "(0/90050); NEW retried 12.0%") != std::string::npos);
}

TEST_CASE("a comparison of runs on different machines says so first", "[report][regression]") {
  auto base = run("base-1", {{8, {1000, 1010, 990}}});
  auto now = run("new-2", {{8, {1000, 1010, 990}}});
  CHECK(versus::report::placement_warning(compare_runs(base, now)).empty());
  now.info.server_host = "db1";
  const auto report = compare_runs(base, now);
  CHECK(versus::report::placement_warning(report) ==
        "placement differs: the base's servers ran on the machine versus ran on, the new run's "
        "on host db1: the changes include the machines, not only the releases");
  std::ostringstream text;
  versus::report::write_regression_terminal(text, report);
  CHECK(text.str().rfind("versus compare\nWARNING: placement differs", 0) == 0);
}

TEST_CASE("a microbenchmark of another definition is unmatched, each said with its definition",
          "[report][regression]") {
  RunResults base = run("base-1", {{8, {800, 801}, "trunk", "update_one"}});  // definition 1
  RunResults now = run("new-2", {{8, {900, 901}, "trunk", "update_one"}});
  for (CellRecord& c : now.cells) c.mix.definition = 2;
  const auto report = compare_runs(base, now);
  CHECK(report.matched.empty());
  REQUIRE(report.only_in_base.size() == 1);
  REQUIRE(report.only_in_new.size() == 1);
  std::ostringstream text;
  write_regression_terminal(text, report);
  CHECK_THAT(text.str(), Catch::Contains("statements of definition 1"));
  CHECK_THAT(text.str(), Catch::Contains("statements of definition 2"));
  for (CellRecord& c : base.cells) c.mix.definition = 2;
  CHECK(compare_runs(base, now).matched.size() == 1);
}

TEST_CASE("tpcc runs with another home draw or deck are unmatched, each said with its variant",
          "[report][regression]") {
  RunResults base = run("base-1", {{8, {800, 801}, "trunk", "tpcc"}});
  RunResults now = run("new-2", {{8, {900, 901}, "trunk", "tpcc"}});
  for (RunResults* r : {&base, &now})
    for (CellRecord& c : r->cells) c.mix.dialect = "tpcc", c.mix.tpcc_home = "per_transaction";
  for (CellRecord& c : now.cells) c.mix.tpcc_mix = "hammerdb";
  const auto report = compare_runs(base, now);
  CHECK(report.matched.empty());
  std::ostringstream text;
  write_regression_terminal(text, report);
  CHECK_THAT(text.str(), Catch::Contains("tpcc_home: per_transaction, tpcc_mix: standard"));
  CHECK_THAT(text.str(), Catch::Contains("tpcc_home: per_transaction, tpcc_mix: hammerdb"));
  for (CellRecord& c : base.cells) c.mix.tpcc_mix = "hammerdb";
  CHECK(compare_runs(base, now).matched.size() == 1);
}
