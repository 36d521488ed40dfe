// build_trends: History rows grouped into one series per cell, one point per run with its
// repeats pooled, and the change points of the series' TPS, every series' window tests one
// family.
#include "report/history/history_trend.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "support/history_rows.h"

using namespace versus::report;
using versus::results::HistoryRow;
using versus::testing::history_row;

namespace {

// Repeat `repeat` of run `run` (one a day from 2026-11-10) of oltp_read_only at `threads`.

// 14 runs of two repeats at `threads`, 20% slower from run 7 on; `failed_run`'s repeats as
// `failed_status` ("" keeps them ok).
std::vector<HistoryRow> stepped_trend_rows(int threads, int failed_run = -1,
                                           const std::string& failed_status = "") {
  std::vector<HistoryRow> out;
  const double wobble[4] = {0, 4, -3, 2};
  for (int run = 0; run < 14; ++run) {
    const double level = run < 7 ? 1000 : 800;
    const std::string status = run == failed_run ? failed_status : "ok";
    out.push_back(history_row(run, threads, level + wobble[run % 4], status));
    out.push_back(history_row(run, threads, level + wobble[(run + 1) % 4], status, 1));
  }
  return out;
}

}  // namespace

TEST_CASE("history trend: series per cell, repeats pooled, failed runs kept",
          "[report][history_trend]") {
  std::vector<HistoryRow> rows{history_row(0, 1, 500)};
  for (HistoryRow& r : stepped_trend_rows(8)) rows.push_back(r);
  rows[7].status = "failed";  // run 3's first repeat
  const auto trends = build_trends(rows);
  REQUIRE(trends.size() == 2);
  CHECK(trends[0].key.threads == 1);
  CHECK(trends[0].changes.empty());
  const Trend& t = trends[1];
  REQUIRE(t.points.size() == 14);
  CHECK(*t.points[0].tps == Approx(1002));
  CHECK(t.points[3].failed == 1);
  CHECK(t.points[3].ok == 1);
  REQUIRE(t.changes.size() == 1);
  CHECK(t.changes[0].point == 7);
  CHECK(t.changes[0].detail.change == Approx(-0.2).margin(0.01));
}

TEST_CASE("history trend: a point pools its repeats", "[report][history_trend]") {
  HistoryRow first = history_row(0, 8, 1000), second = history_row(0, 8, 1010, "ok", 1),
             third = history_row(0, 8, 0, "crashed", 2), fourth = history_row(0, 8, 990, "ok", 3);
  first.transport = "socket";
  second.transport = "tcp";
  first.server_version.clear();  // the first repeat that has one gives it
  second.server_version = "11.8.1";
  first.errors = 3;
  fourth.errors = 4;
  second.reconnects = 1;
  const auto trends = build_trends({first, second, third, fourth});
  REQUIRE(trends.size() == 1);
  REQUIRE(trends[0].points.size() == 1);
  const TrendPoint& p = trends[0].points[0];
  CHECK(p.run_id == "r100");
  CHECK(p.started_at == "2026-11-10T01:00:00Z");
  CHECK(p.transport == "socket");
  CHECK(p.server_version == "11.8.1");
  CHECK(p.ok == 3);
  CHECK(p.crashed == 1);
  CHECK(p.failed == 0);
  CHECK(*p.tps == Approx(1000));
  CHECK(p.repeat_tps == std::vector<double>{1000, 1010, 990});
  CHECK(p.errors == 7);
  CHECK(p.reconnects == 1);
  REQUIRE(p.ci.has_value());
  CHECK(p.ci->low == Approx(1000 - 4.302653 * 10 / std::sqrt(3.0)).epsilon(1e-5));
}

TEST_CASE("history trend: one ok repeat has no interval, none has no TPS",
          "[report][history_trend]") {
  const auto trends = build_trends({history_row(0, 8, 1000), history_row(1, 8, 0, "failed")});
  REQUIRE(trends[0].points.size() == 2);
  CHECK(trends[0].points[0].tps == 1000);
  CHECK_FALSE(trends[0].points[0].ci.has_value());
  CHECK_FALSE(trends[0].points[1].tps.has_value());
  CHECK(trends[0].points[1].failed == 1);
}

TEST_CASE("history trend: a change point is found past runs without a TPS",
          "[report][history_trend]") {
  // Run 2 failed entirely: the series tested has 13 values, the step at value 6 is point 7.
  const auto trends = build_trends(stepped_trend_rows(8, 2, "failed"));
  REQUIRE(trends.size() == 1);
  REQUIRE(trends[0].changes.size() == 1);
  CHECK(trends[0].changes[0].point == 7);
  CHECK(trends[0].changes[0].detail.index == 6);
}

TEST_CASE("history trend: a series ends where the coordinates change", "[report][history_trend]") {
  HistoryRow other_profile = history_row(1, 8, 900);
  other_profile.profile = "tuned";
  HistoryRow other_tables = history_row(2, 8, 900);
  other_tables.tables = 4;
  const auto trends =
      build_trends({history_row(0, 8, 1000), other_profile, other_tables, history_row(3, 8, 1000)});
  REQUIRE(trends.size() == 4);  // rows of one cell come contiguous (History::rows)
  CHECK(trends[1].key.profile == "tuned");
  CHECK(trends[2].key.tables == 4);
  CHECK(trends[3].points[0].run_id == "r103");
  // A microbenchmark whose statements' definition changed: two series, never one.
  HistoryRow redefined = history_row(4, 8, 700);
  redefined.definition = 2;
  const auto two = build_trends({history_row(3, 8, 1000), redefined});
  REQUIRE(two.size() == 2);
  CHECK(two[1].key.definition == 2);
}

TEST_CASE("history trend: every series' window tests are one family", "[report][history_trend]") {
  const auto alone = build_trends(stepped_trend_rows(8));
  std::vector<HistoryRow> rows = stepped_trend_rows(8);
  const double wobble[4] = {0, 4, -3, 2};
  for (int run = 0; run < 14; ++run) {  // a flat series: its window tests join the family
    rows.push_back(history_row(run, 16, 2000 + wobble[run % 4]));
    rows.push_back(history_row(run, 16, 2000 + wobble[(run + 1) % 4], "ok", 1));
  }
  const auto together = build_trends(rows);
  REQUIRE(alone[0].changes.size() == 1);
  REQUIRE(together.size() == 2);
  REQUIRE(together[0].changes.size() == 1);
  CHECK(together[1].changes.empty());
  const auto& a = alone[0].changes[0].detail;
  const auto& t = together[0].changes[0].detail;
  CHECK(t.p_value == a.p_value);
  // Holm: the smallest p of 5 window tests times 5 alone, of 10 times 10 together.
  CHECK(a.adjusted_p_value == Approx(a.p_value * 5));
  CHECK(t.adjusted_p_value == Approx(a.p_value * 10));
  versus::results::ChangePointOptions unadjusted;
  unadjusted.adjustment = versus::results::Adjustment::none;
  CHECK(build_trends(rows, unadjusted)[0].changes[0].detail.adjusted_p_value == a.p_value);
}
