#include "results/evidence/why_split.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "support/why_cells.h"

using versus::results::CellStatus;
using versus::results::RunResults;

using versus::testing::why_cell;

TEST_CASE("why_rows: each row's rounds by server, split by the design", "[results][why]") {
  RunResults r;
  // Per round: baseline 100, shipped 60, durability alike 75, all alike 90 (a little noise).
  for (int round = 0; round < 5; ++round) {
    const double e = 1 + 0.005 * (round % 2 == 0 ? 1 : -1);
    r.cells.push_back(why_cell("b", round, 100 * e));
    r.cells.push_back(why_cell("c", round, 60 * e));
    r.cells.push_back(why_cell("c.d", round, 75 * e));
    r.cells.push_back(why_cell("c.all", round, 90 * e));
  }
  r.cells.push_back(why_cell("b", 0, 50, 16));  // a row the column never ran: no gap
  auto failed = why_cell("c.d", 4, 0);
  failed.status = CellStatus::failed;
  r.cells.push_back(failed);
  const versus::results::WhyDesign d{"b", "c", "p", {{"durability", "c.d", {}}}, "c.all", {}, {}, {}};
  const auto rows = versus::results::why_rows(r, d, 0.02, versus::results::Adjustment::none);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].threads == 4);
  const auto& s = rows[0].split;
  CHECK(s.status == versus::results::GapStatus::split);
  CHECK(s.rounds.size() == 5);  // the failed cell is not a value: its round's other one counts
  CHECK(s.whole.ratio == Approx(0.6).epsilon(0.01));
  REQUIRE(s.groups.size() == 1);
  // ln(60/75) / ln(60/100) = 0.437; the release ln(90/100) / ln(0.6) = 0.206.
  CHECK(*s.groups[0].share == Approx(std::log(60.0 / 75) / std::log(0.6)).epsilon(0.01));
  CHECK(*s.release.share == Approx(std::log(0.9) / std::log(0.6)).epsilon(0.01));
  CHECK(rows[1].threads == 16);
  CHECK(rows[1].split.status == versus::results::GapStatus::no_gap);
}

TEST_CASE("why_rows: the parts' verdicts are one family, adjusted together; the whole is not",
          "[results][why]") {
  RunResults r;
  for (int round = 0; round < 5; ++round) {
    // Noisy enough that the parts' p-values are not all tiny.
    const double e = 1 + 0.03 * ((round * 3) % 5);
    const double f = 1 + 0.03 * ((round * 2) % 5);
    r.cells.push_back(why_cell("b", round, 100 * e));
    r.cells.push_back(why_cell("c", round, 60 * f));
    r.cells.push_back(why_cell("c.d", round, 64 * e));
    r.cells.push_back(why_cell("c.all", round, 62 * f));
  }
  const versus::results::WhyDesign d{"b", "c", "p", {{"durability", "c.d", {}}}, "c.all", {}, {}, {}};
  const auto raw = versus::results::why_rows(r, d, 0.02, versus::results::Adjustment::none);
  const auto holm = versus::results::why_rows(r, d, 0.02, versus::results::Adjustment::holm);
  REQUIRE(holm.size() == 1);
  const auto& s = holm[0].split;
  const auto& s0 = raw[0].split;
  const std::vector<double> p{*s0.groups[0].ratio.p_value, *s0.release.ratio.p_value,
                              *s0.interaction.ratio.p_value};
  const auto expected = versus::results::adjust_p_values(p, versus::results::Adjustment::holm);
  CHECK(*s.groups[0].ratio.adjusted_p_value == Approx(expected[0]));
  CHECK(*s.release.ratio.adjusted_p_value == Approx(expected[1]));
  CHECK(*s.interaction.ratio.adjusted_p_value == Approx(expected[2]));
  CHECK_FALSE(s.whole.adjusted_p_value);  // the release comparison: the run's, not this family's
  CHECK(*s.groups[0].share == Approx(*s0.groups[0].share));  // shares and intervals as they were
}
