#include "run/why/explain.h"

#include <catch2/catch.hpp>

#include "results/record/why_record.h"
#include "support/temp_dir.h"
#include "support/why_cells.h"

using versus::testing::why_cell;

namespace {
struct SilentProgress : versus::results::ProgressSink {
  std::vector<std::string> notes;
  void note(const std::string& m) override { notes.push_back(m); }
  void cell_started(const versus::results::CellCoordinates&) override {}
  void cell_live(const versus::results::CellCoordinates&,
                 const versus::results::LiveFigures&) override {}
  void cell_finished(const versus::results::CellCoordinates&, const versus::results::CellRecord&,
                     double) override {}
};

versus::config::Plan two_servers() {
  versus::config::Plan p;
  p.servers = {{"b", "/opt/b", 0, {}, {}}, {"c", "/opt/c", 0, {}, {}}};
  p.profiles = {{"p", {}, {}, 0}};
  p.explain_settings = true;
  return p;
}
}  // namespace

TEST_CASE("run_explain: a column without a decided gap is not split, and explain.json says why",
          "[run][why]") {
  versus::testing::TempDir dir;
  versus::run::RunOutcome run;
  run.dir = dir.path();
  for (int round = 0; round < 3; ++round) {  // the same speed within 0.4%: no gap
    run.results.cells.push_back(why_cell("b", round, 100 * (1 + 0.004 * round)));
    run.results.cells.push_back(why_cell("c", round, 100 * (1 + 0.004 * ((round + 1) % 3))));
  }
  SilentProgress progress;
  auto x = versus::run::run_explain(two_servers(), run, nullptr, progress);
  CHECK(x.splits.empty());
  REQUIRE(x.skipped.size() == 1);
  CHECK(x.skipped[0].column == "c");
  CHECK(x.skipped[0].why == "no row's gap to b is decided in the run: nothing to split");
  CHECK_FALSE(x.stop_error);
  auto saved = versus::results::load_explain_skips(dir.path());
  REQUIRE(saved);
  REQUIRE(saved->size() == 1);
  CHECK((*saved)[0].why == x.skipped[0].why);
  CHECK(progress.notes.empty());  // no second run started
}

TEST_CASE("run_explain: nothing without explain: settings, or after an interrupted run",
          "[run][why]") {
  versus::testing::TempDir dir;
  versus::run::RunOutcome run;
  run.dir = dir.path();
  SilentProgress progress;
  auto plan = two_servers();
  plan.explain_settings = false;
  CHECK(versus::run::run_explain(plan, run, nullptr, progress).skipped.empty());
  run.interrupted = true;
  CHECK(versus::run::run_explain(two_servers(), run, nullptr, progress).skipped.empty());
  CHECK_FALSE(std::filesystem::exists(dir.path() / "explain.json"));
}

TEST_CASE("column_gap: decided where some row's paired verdict is, widest gap as |ln ratio|",
          "[results][why]") {
  versus::results::RunResults r;
  for (int round = 0; round < 4; ++round) {
    const double e = 1 + 0.004 * (round % 3);
    r.cells.push_back(why_cell("b", round, 100 * e));
    r.cells.push_back(why_cell("c", round, 60 * e));
    r.cells.push_back(why_cell("b", round, 100 * e, 16));
    r.cells.push_back(why_cell("c", round, 80 * e, 16));
  }
  const auto gap = versus::results::column_gap(r, "b", "c", "p", 0.02);
  CHECK(gap.decided);
  CHECK(gap.widest == Approx(-std::log(0.6)));
  CHECK_FALSE(versus::results::column_gap(r, "b", "b", "p", 0.02).decided);
  CHECK_FALSE(versus::results::column_gap(r, "b", "c", "other", 0.02).decided);
}
