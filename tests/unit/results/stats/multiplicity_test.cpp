// Adjusted p-values computed by hand from the definitions (as R's p.adjust does them):
// p = {0.01, 0.04, 0.03, 0.005}, ascending 0.005, 0.01, 0.03, 0.04, m = 4:
//   Holm: 4 * 0.005 = 0.02, max(0.02, 3 * 0.01) = 0.03, max(0.03, 2 * 0.03) = 0.06,
//         max(0.06, 1 * 0.04) = 0.06;
//   BH:   from the top, min(1, 0.04 * 4/4) = 0.04, min(0.04, 0.03 * 4/3) = 0.04,
//         min(0.04, 0.01 * 4/2) = 0.02, min(0.02, 0.005 * 4/1) = 0.02.
#include "results/stats/multiplicity.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "support/noise.h"

namespace {

using namespace versus::results;
using Catch::Detail::Approx;

const std::vector<double> kP{0.01, 0.04, 0.03, 0.005};

using versus::test::Noise;
using versus::test::sample;

// Runs of `comparisons` A/A comparisons (5 repeats a side, CV 2%) in which at least one
// comparison was called faster or slower, out of `runs`.
int runs_with_a_false_verdict(Adjustment adjustment, int runs, int comparisons) {
  Noise noise(20240501);
  int bad = 0;
  for (int r = 0; r < runs; ++r) {
    std::vector<RatioEstimate> family;
    for (int c = 0; c < comparisons; ++c)
      family.push_back(compare_means(sample(noise, 5, 1000, 0.02), sample(noise, 5, 1000, 0.02)));
    std::vector<RatioEstimate*> members;
    for (auto& e : family) members.push_back(&e);
    adjust_family(members, adjustment);
    bool any = false;
    for (const auto& e : family)
      any = any || e.verdict == Verdict::faster || e.verdict == Verdict::slower;
    bad += any;
  }
  return bad;
}

}  // namespace

TEST_CASE("adjust_p_values: Holm's step-down and BH's step-up, in input order",
          "[results][multiplicity]") {
  const auto holm = adjust_p_values(kP, Adjustment::holm);
  REQUIRE(holm.size() == 4);
  CHECK(holm[0] == Approx(0.03));
  CHECK(holm[1] == Approx(0.06));
  CHECK(holm[2] == Approx(0.06));
  CHECK(holm[3] == Approx(0.02));
  const auto bh = adjust_p_values(kP, Adjustment::bh);
  CHECK(bh[0] == Approx(0.02));
  CHECK(bh[1] == Approx(0.04));
  CHECK(bh[2] == Approx(0.04));
  CHECK(bh[3] == Approx(0.02));
  CHECK(adjust_p_values(kP, Adjustment::none) == kP);
  CHECK(adjust_p_values({}, Adjustment::holm).empty());
  CHECK(adjust_p_values({0.5, 0.9}, Adjustment::holm) == std::vector<double>{1.0, 1.0});  // capped
}

TEST_CASE("adjustment names", "[results][multiplicity]") {
  for (Adjustment a : {Adjustment::holm, Adjustment::bh, Adjustment::none})
    CHECK(adjustment_from_name(adjustment_name(a)) == a);
  CHECK(adjustment_from_name("") == Adjustment::none);  // results before the choice existed
  CHECK_FALSE(adjustment_from_name("bonferroni"));
}

TEST_CASE("adjust_family: verdicts follow the adjusted p; estimates without p are no members",
          "[results][multiplicity]") {
  // p ~ 0.04: significant alone, not as the smallest of three (Holm: 3 p > 0.05).
  auto weak = compare_means({100, 103, 97, 100, 102, 98}, {104, 106, 100, 103, 105, 101});
  auto flat = compare_means({100, 102, 99, 101}, {100, 101, 99, 100});
  auto flat2 = flat;
  auto none = compare_means({100}, {90});
  REQUIRE(weak.p_value);
  REQUIRE(*weak.p_value < 0.05);
  REQUIRE(*weak.p_value * 3 > 0.05);
  REQUIRE(*flat.p_value > *weak.p_value);
  REQUIRE(weak.verdict == Verdict::faster);
  auto holm_weak = weak;
  adjust_family({&holm_weak, &flat, &none, &flat2}, Adjustment::holm);
  CHECK(holm_weak.verdict == Verdict::undecided);
  CHECK(*holm_weak.adjusted_p_value == Approx(*weak.p_value * 3));
  CHECK(*holm_weak.p_value == *weak.p_value);  // the raw p stays
  CHECK_FALSE(none.adjusted_p_value);
  CHECK(none.verdict == Verdict::insufficient_data);
  // Alone, it is its own family: adjusted p = p, the verdict stands.
  auto alone = weak;
  adjust_family({&alone}, Adjustment::holm);
  CHECK(alone.verdict == Verdict::faster);
  CHECK(*alone.adjusted_p_value == Approx(*weak.p_value));
}

TEST_CASE("held_back: an undecided the family's adjustment made, not the data",
          "[results][multiplicity]") {
  auto weak = compare_means({100, 103, 97, 100, 102, 98}, {104, 106, 100, 103, 105, 101});
  auto flat = compare_means({100, 102, 99, 101}, {100, 101, 99, 100});
  REQUIRE(weak.verdict == Verdict::faster);
  CHECK_FALSE(held_back(weak));  // not adjusted: its verdict is its own
  auto held = weak;
  auto flat2 = flat;
  adjust_family({&held, &flat, &flat2}, Adjustment::holm);
  REQUIRE(held.verdict == Verdict::undecided);
  CHECK(held_back(held));
  CHECK_FALSE(held_back(flat));  // undecided (or =) on its own p as well
  auto alone = weak;
  adjust_family({&alone}, Adjustment::holm);
  CHECK_FALSE(held_back(alone));  // decided
}

// A/A: 60 comparisons per run, nothing differs. Unadjusted, most runs get a false verdict
// (1 - 0.95^60 = 0.95); Holm and BH bound the chance of any by 0.05. Over 1000 simulated runs
// the observed rate exceeds 0.05 + 4 standard errors (sqrt(0.05 * 0.95 / 1000) = 0.0069,
// so 0.078) with probability below 1e-4 when the true rate is 0.05 or less.
TEST_CASE("A/A simulation: Holm and BH keep the run's false-verdict rate at 0.05",
          "[results][multiplicity]") {
  constexpr int kRuns = 1000, kComparisons = 60;
  const double bound = 0.05 + 4 * std::sqrt(0.05 * 0.95 / kRuns);
  const double none = runs_with_a_false_verdict(Adjustment::none, kRuns, kComparisons) / 1000.0;
  const double holm = runs_with_a_false_verdict(Adjustment::holm, kRuns, kComparisons) / 1000.0;
  const double bh = runs_with_a_false_verdict(Adjustment::bh, kRuns, kComparisons) / 1000.0;
  INFO("none " << none << ", holm " << holm << ", bh " << bh);
  CHECK(none > 0.5);  // the problem is real: the simulation can tell
  CHECK(holm <= bound);
  CHECK(bh <= bound);
}
