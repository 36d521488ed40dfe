// Expected values were computed independently of Boost: Python's statistics module for
// means and standard deviations, Student t quantiles from tables (t(0.975, 2) = 4.302653,
// t(0.975, 4) = 2.776445) and, for Welch's p-values and Fieller's limits, mpmath (the
// regularized incomplete beta function and bisection on (a - r b)^2 = t^2 (va + r^2 vb)).
#include "results/stats/statistics.h"

#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "support/noise.h"

namespace {

using namespace versus::results;

const std::vector<double> kBase{1197, 1202, 1238};  // three back-to-back runs, 2 vCPUs

}  // namespace

TEST_CASE("summarize: mean, median, sample sd, cv and the t interval", "[results][statistics]") {
  const Summary s = summarize({10, 12, 9, 11, 13});
  CHECK(s.n == 5);
  CHECK(s.mean == Catch::Detail::Approx(11));
  CHECK(s.median == Catch::Detail::Approx(11));
  CHECK(s.sd == Catch::Detail::Approx(1.5811388300841898));
  CHECK(s.cv == Catch::Detail::Approx(0.14373989364401726));
  REQUIRE(s.ci);
  // 11 -+ 2.776445 * 1.581139 / sqrt(5)
  CHECK(s.ci->low == Catch::Detail::Approx(9.036756838522442));
  CHECK(s.ci->high == Catch::Detail::Approx(12.963243161477558));
}

TEST_CASE("summarize: three runs with 2 degrees of freedom", "[results][statistics]") {
  const Summary s = summarize(kBase);
  CHECK(s.mean == Catch::Detail::Approx(1212.3333333333333));
  CHECK(s.median == Catch::Detail::Approx(1202));
  CHECK(s.sd == Catch::Detail::Approx(22.368132093076824));
  CHECK(s.cv == Catch::Detail::Approx(0.018450480142763397));
  REQUIRE(s.ci);
  CHECK(s.ci->low == Catch::Detail::Approx(1156.7678128595083));  // t(0.975, 2) = 4.302653
  CHECK(s.ci->high == Catch::Detail::Approx(1267.8988538071583));
  CHECK(*relative_half_width(s) == Catch::Detail::Approx(55.5655204737 / 1212.3333333333333));
}

TEST_CASE("summarize: even count median, one value, no value", "[results][statistics]") {
  CHECK(summarize({4, 1, 3, 2}).median == Catch::Detail::Approx(2.5));
  const Summary one = summarize({1234.5});
  CHECK(one.n == 1);
  CHECK(one.mean == Catch::Detail::Approx(1234.5));
  CHECK(one.sd == 0);
  CHECK(one.cv == 0);
  CHECK_FALSE(one.ci);
  CHECK_FALSE(relative_half_width(one));
  const Summary none = summarize({});
  CHECK(none.n == 0);
  CHECK(none.mean == 0);
  CHECK_FALSE(none.ci);
}

TEST_CASE("compare_means: a clear improvement", "[results][statistics]") {
  const RatioEstimate r = compare_means(kBase, {1265, 1281, 1290});
  CHECK(r.ratio == Catch::Detail::Approx(1.0547154248006600));
  REQUIRE(r.p_value);
  CHECK(*r.p_value == Catch::Detail::Approx(0.018644022884533191));  // Welch df = 3.1624
  REQUIRE(r.ci);
  CHECK(r.ci->low == Catch::Detail::Approx(1.0163968413572772));
  CHECK(r.ci->high == Catch::Detail::Approx(1.0953248353506989));
  CHECK(r.verdict == Verdict::faster);
}

TEST_CASE("compare_means: noise is no significant difference", "[results][statistics]") {
  const RatioEstimate r = compare_means(kBase, {1210, 1190, 1250});
  CHECK(r.ratio == Catch::Detail::Approx(1.0035743744844653));
  CHECK(*r.p_value == Catch::Detail::Approx(0.85337000043615263));
  REQUIRE(r.ci);
  CHECK(r.ci->low == Catch::Detail::Approx(0.95250334306998932));
  CHECK(r.ci->high == Catch::Detail::Approx(1.0565352975635936));
  CHECK(r.verdict == Verdict::undecided);
}

TEST_CASE("compare_means: a clear regression, integer Welch df", "[results][statistics]") {
  // Equal variances and sizes: df = 2 (n - 1) = 8, t = -5.
  const RatioEstimate r = compare_means({100, 102, 98, 101, 99}, {95, 97, 94, 96, 93});
  CHECK(r.ratio == Catch::Detail::Approx(0.95));
  CHECK(*r.p_value == Catch::Detail::Approx(0.0010528257933665393));
  CHECK(r.ci->low == Catch::Detail::Approx(0.92775731618535986));
  CHECK(r.ci->high == Catch::Detail::Approx(0.97274799540007587));
  CHECK(r.verdict == Verdict::slower);
}

TEST_CASE("compare_means: noisy pairs give wide or unbounded intervals", "[results][statistics]") {
  const RatioEstimate wide = compare_means({1000, 1200}, {1100, 1150});
  REQUIRE(wide.ci);
  CHECK(wide.ci->low == Catch::Detail::Approx(0.51316521801454842));
  CHECK(wide.ci->high == Catch::Detail::Approx(9.5569018247147358));
  CHECK(*wide.p_value == Catch::Detail::Approx(0.84502838739367097));
  CHECK(wide.verdict == Verdict::undecided);
  const RatioEstimate unbounded = compare_means({1000, 1300}, {1100, 1150});
  CHECK_FALSE(unbounded.ci);  // the base mean is not even distinguishable from 0
  CHECK(unbounded.verdict == Verdict::undecided);
}

TEST_CASE("compare_means: too little data", "[results][statistics]") {
  const RatioEstimate single = compare_means({1000}, {1100, 1120});
  CHECK(single.ratio == Catch::Detail::Approx(1.11));
  CHECK_FALSE(single.ci);
  CHECK_FALSE(single.p_value);
  CHECK(single.verdict == Verdict::insufficient_data);
  CHECK(compare_means({}, {1, 2}).verdict == Verdict::insufficient_data);
  CHECK(compare_means({0, 0}, {1, 2}).ratio == 0);
  CHECK(compare_means({0, 0}, {1, 2}).verdict == Verdict::insufficient_data);
}

TEST_CASE("compare_means: identical repeats are exact", "[results][statistics]") {
  const RatioEstimate same = compare_means({100, 100}, {100, 100});
  CHECK(same.verdict == Verdict::equivalent);  // the interval [1, 1] lies inside any band
  CHECK(*same.p_value == 1);
  const RatioEstimate slower = compare_means({100, 100}, {90, 90});
  CHECK(slower.verdict == Verdict::slower);
  CHECK(slower.ci->low == Catch::Detail::Approx(0.9));
  CHECK(slower.ci->high == Catch::Detail::Approx(0.9));
}

TEST_CASE("compare_means: a significant difference below min_difference is none",
          "[results][statistics]") {
  // The A/A pair CI once measured: x0.988 [0.978, 0.997], significant at 5%.
  const std::vector<double> a1{2480, 2470, 2494}, a2{2450, 2441, 2463};
  const RatioEstimate plain = compare_means(a1, a2);
  REQUIRE(plain.verdict == Verdict::slower);
  const RatioEstimate floored = compare_means(a1, a2, 0.95, 0.02);
  CHECK(floored.verdict == Verdict::undecided);
  CHECK(floored.ratio == plain.ratio);  // only the verdict changes
  CHECK(*floored.p_value == *plain.p_value);
  CHECK(compare_means({100, 100}, {97, 97}, 0.95, 0.02).verdict == Verdict::slower);
  CHECK(compare_means({100, 100}, {99, 99}, 0.95, 0.02).verdict ==
        Verdict::equivalent);  // [0.99, 0.99] inside +-2%
  CHECK(compare_means({100, 101}, {110, 111}, 0.95, 0.02).verdict == Verdict::faster);
}

TEST_CASE("the verdict agrees with the interval", "[results][statistics]") {
  for (double shift : {0.0, 5.0, 10.0, 20.0, 40.0, 80.0}) {
    const RatioEstimate r = compare_means(kBase, {1197 + shift, 1225 + shift, 1238 + shift});
    REQUIRE(r.ci);
    const bool excludes_one = r.ci->low > 1 || r.ci->high < 1;
    CHECK(excludes_one == (r.verdict != Verdict::undecided));
    CHECK(excludes_one == (*r.p_value < 0.05));
  }
}

TEST_CASE("suggested repeats for alpha 0.05 and power 0.8", "[results][statistics]") {
  // 2 * ((1.959964 + 0.841621) * cv / d)^2
  CHECK(suggested_repeats(0.03) == 16);         // 15.70
  CHECK(suggested_repeats(0.117) == 239);       // 238.79: the 20-run measurement, 3%
  CHECK(suggested_repeats(0.117, 0.05) == 86);  // 85.96
  CHECK(suggested_repeats(0.005) == 2);         // 0.44, at least 2
  CHECK(suggested_repeats(0) == 2);
  CHECK(suggested_repeats(0.05, 0) == 2);
}

TEST_CASE("verdict names", "[results][statistics]") {
  CHECK(verdict_name(Verdict::faster) == "faster");
  CHECK(verdict_name(Verdict::slower) == "slower");
  CHECK(verdict_name(Verdict::equivalent) == "equivalent");
  CHECK(verdict_name(Verdict::undecided) == "undecided");
  CHECK(verdict_name(Verdict::insufficient_data) == "insufficient_data");
  using versus::results::VerdictForm;
  CHECK(verdict_name(Verdict::faster, VerdictForm::words) == "faster");
  CHECK(verdict_name(Verdict::equivalent, VerdictForm::words) == "same speed");
  CHECK(verdict_name(Verdict::undecided, VerdictForm::words) == "undecided");
  CHECK(verdict_name(Verdict::insufficient_data, VerdictForm::words) == "insufficient data");
  CHECK(verdict_name(Verdict::slower, VerdictForm::symbol) == "slower");
  CHECK(verdict_name(Verdict::equivalent, VerdictForm::symbol) == "=");
  CHECK(verdict_name(Verdict::undecided, VerdictForm::symbol) == "undecided");
  CHECK(verdict_name(Verdict::insufficient_data, VerdictForm::symbol) == "?");
}

// compare_paired: the references are mpmath computations (40 digits) of the same
// definitions: d_i = ln(other_i / base_i), exp(mean d -+ t sd / sqrt(n)) with the t quantile by
// bisection on the regularized incomplete beta function, p = I_{df/(df+t^2)}(df/2, 1/2).
TEST_CASE("compare_paired: pairs by round, drops unpaired rounds", "[results][statistics]") {
  // Round 5 has a base value only; other's rounds come in another order: pairing is by round.
  const std::vector<RoundValue> base{{0, 1000}, {1, 1100}, {2, 950},
                                     {3, 1200}, {4, 1050}, {5, 1300}};
  const std::vector<RoundValue> other{{3, 1130}, {0, 940}, {1, 1045}, {2, 900}, {4, 1000}};
  const RatioEstimate r = compare_paired(base, other);
  CHECK(r.pairs == 5);
  CHECK(r.ratio == Catch::Detail::Approx(0.94627126503838246).epsilon(1e-10));
  REQUIRE(r.ci);
  CHECK(r.ci->low == Catch::Detail::Approx(0.93969362098129709).epsilon(1e-10));
  CHECK(r.ci->high == Catch::Detail::Approx(0.95289495112488645).epsilon(1e-10));
  REQUIRE(r.p_value);
  CHECK(*r.p_value == Catch::Detail::Approx(2.534698515390299e-5).epsilon(1e-8));
  CHECK(r.verdict == Verdict::slower);
  const RatioEstimate wide = compare_paired(base, other, 0.99);
  REQUIRE(wide.ci);
  CHECK(wide.ci->low == Catch::Detail::Approx(0.93538873162083856).epsilon(1e-10));
  CHECK(wide.ci->high == Catch::Detail::Approx(0.95728040841987016).epsilon(1e-10));
  // The same values as independent samples: the drift between rounds swamps the 5%.
  std::vector<double> b, o;
  for (int i = 0; i < 5; ++i) b.push_back(base[i].value);
  for (double v : {940, 1045, 900, 1130, 1000}) o.push_back(v);
  CHECK(compare_means(b, o).verdict == Verdict::undecided);
  CHECK(compare_means(b, o).pairs == 0);
}

TEST_CASE("compare_paired: no difference, too few pairs, exact pairs", "[results][statistics]") {
  const RatioEstimate same =
      compare_paired({{0, 100}, {1, 102}, {2, 98}}, {{0, 101}, {1, 103}, {2, 97.5}});
  CHECK(same.ratio == Catch::Detail::Approx(1.0048756491942767).epsilon(1e-10));
  REQUIRE(same.ci);
  CHECK(same.ci->low == Catch::Detail::Approx(0.98353168164821795).epsilon(1e-10));
  CHECK(same.ci->high == Catch::Detail::Approx(1.0266828097000618).epsilon(1e-10));
  CHECK(*same.p_value == Catch::Detail::Approx(0.4324896791757403).epsilon(1e-8));
  CHECK(same.verdict == Verdict::undecided);  // [0.984, 1.027]: no band given
  // One pair (round 1 only on one side, round 2 with a 0): insufficient data.
  const RatioEstimate one = compare_paired({{0, 100}, {1, 90}, {2, 0}}, {{0, 95}, {2, 80}});
  CHECK(one.pairs == 1);
  CHECK(one.ratio == Catch::Detail::Approx(0.95));
  CHECK_FALSE(one.ci);
  CHECK_FALSE(one.p_value);
  CHECK(one.verdict == Verdict::insufficient_data);
  CHECK(compare_paired({}, {{0, 1}}).ratio == 0);
  CHECK(compare_paired({}, {{0, 1}}).verdict == Verdict::insufficient_data);
  // A repeated round on one side: its first value pairs.
  CHECK(compare_paired({{0, 100}, {0, 50}, {1, 100}}, {{0, 90}, {1, 90}}).pairs == 2);
  const RatioEstimate exact = compare_paired({{0, 100}, {1, 200}}, {{0, 90}, {1, 180}}, 0.95, 0.02);
  CHECK(exact.ci->low == Catch::Detail::Approx(0.9));
  CHECK(exact.ci->high == Catch::Detail::Approx(0.9));
  CHECK(*exact.p_value == 0);
  CHECK(exact.verdict == Verdict::slower);
  CHECK(estimate_from_name("paired") == Estimate::paired);
  CHECK(estimate_from_name("") == Estimate::independent);
  CHECK_FALSE(estimate_from_name("fieller"));
  CHECK(estimate_name(Estimate::independent) == "independent");
}

// Coverage by simulation: rounds drift together (10% SD shared by both cells of a round) and
// each cell adds 2% of its own, log-normally, so d_i = ln 0.95 + N(0, 0.02^2 * 2) exactly and
// the 95% interval covers 0.95 with probability 0.95 exactly. Over 2000 samples of 5 rounds
// the count of covering intervals is Binomial(2000, 0.95): outside [1850, 1950] with
// probability 6.2e-7 (mpmath, summed tails), so the test fails by chance less than 1e-6.
TEST_CASE("compare_paired: 95% coverage under shared drift", "[results][statistics]") {
  versus::test::Noise noise(20261201);
  int covered = 0, decided = 0;
  for (int s = 0; s < 2000; ++s) {
    std::vector<RoundValue> base, other;
    for (int round = 0; round < 5; ++round) {
      const double drift = 0.10 * noise.next();
      base.push_back({round, 1000 * std::exp(drift + 0.02 * noise.next())});
      other.push_back({round, 950 * std::exp(drift + 0.02 * noise.next())});
    }
    const RatioEstimate r = compare_paired(base, other);
    REQUIRE(r.ci);
    covered += r.ci->low <= 0.95 && 0.95 <= r.ci->high;
    decided += r.verdict == Verdict::slower;
  }
  INFO("covered " << covered << " of 2000, slower " << decided);
  CHECK(covered >= 1850);
  CHECK(covered <= 1950);
}

TEST_CASE("the four outcomes: inside the band, straddling it, outside it, too few",
          "[results][statistics]") {
  using versus::results::compare_paired;
  using versus::results::RoundValue;
  auto rounds = [](std::vector<double> v) {
    std::vector<RoundValue> out;
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back({static_cast<int>(i), v[i]});
    return out;
  };
  const auto base = rounds({1000, 1010, 990, 1005, 995, 1000});
  // Inside +-2%: ratios 1.004 .. 1.006, an interval well inside [0.98, 1.02].
  const auto inside = compare_paired(base, rounds({1005, 1015, 995, 1010, 1000, 1005}), 0.95, 0.02);
  CHECK(inside.verdict == Verdict::equivalent);
  REQUIRE(inside.ci);
  CHECK(inside.ci->low >= 0.98);
  CHECK(inside.ci->high <= 1.02);
  // Straddling: a noisy pair whose interval reaches past the band's edge: undecided, not "=".
  const auto straddling =
      compare_paired(base, rounds({900, 1100, 950, 1080, 1010, 990}), 0.95, 0.02);
  CHECK(straddling.verdict == Verdict::undecided);
  // The quickstart's case: x0.58 [0.33, 1.06] is undecided.
  const auto wide = compare_paired(rounds({1483, 1488, 979}), rounds({700, 1000, 700}), 0.95, 0.02);
  REQUIRE(wide.ci);
  CHECK(wide.ci->low < 0.98);
  CHECK(wide.ci->high > 1.0);
  CHECK(wide.verdict == Verdict::undecided);
  // Outside: a steady 10% loss.
  const auto outside = compare_paired(base, rounds({900, 909, 891, 904, 896, 900}), 0.95, 0.02);
  CHECK(outside.verdict == Verdict::slower);
  // Too few: one round.
  CHECK(compare_paired(rounds({1000}), rounds({900}), 0.95, 0.02).verdict ==
        Verdict::insufficient_data);
}

TEST_CASE("rounds_to_decide: the rounds at which a difference of its size decides, by simulation",
          "[results][statistics]") {
  using versus::results::compare_paired;
  using versus::results::difference_to_decide;
  using versus::results::rounds_to_decide;
  using versus::results::RoundValue;
  // Paired log ratios with spread s = 0.05 around a true 5% gain: 3 rounds leave it open, and
  // the estimate says how many rounds would decide it.
  std::mt19937_64 rng(20261206);
  std::normal_distribution<double> noise(0.0, 0.05);
  auto run = [&](int n) {
    std::vector<RoundValue> base, other;
    for (int i = 0; i < n; ++i) {
      base.push_back({i, 1000});
      other.push_back({i, 1000 * std::exp(std::log(1.05) + noise(rng))});
    }
    return compare_paired(base, other, 0.95, 0.02);
  };
  // The estimate from many 3-round runs, at its median; then the power at that many rounds.
  std::vector<int> needed;
  for (int k = 0; k < 400; ++k) {
    const auto e = run(3);
    if (e.verdict != Verdict::undecided) continue;
    if (auto n = rounds_to_decide(e)) needed.push_back(*n);
    CHECK(difference_to_decide(e) >= 0.02);
  }
  REQUIRE(needed.size() > 100);
  std::nth_element(needed.begin(), needed.begin() + needed.size() / 2, needed.end());
  const int n = needed[needed.size() / 2];
  // The formula's own answer at the true spread and difference: ((1.96 + 0.84) 0.05 / ln 1.05)^2
  // = 8.2, so 9; the 3-round estimates of the spread and the difference scatter around it.
  CHECK(n >= 4);
  CHECK(n <= 30);
  int decided = 0;
  const int trials = 2000;
  for (int k = 0; k < trials; ++k) decided += run(9).verdict == Verdict::faster;
  // At the formula's 9 rounds, a t test (8 df) finds the 5% gain about 3 times in 4 (the
  // normal approximation's 80% less the t's heavier tails); 2,000 trials put the share within
  // +-0.04 of that at 4 standard errors.
  CHECK(decided > 0.6 * trials);
  CHECK(decided < 0.9 * trials);
  // Nothing to estimate from: an unbounded interval or too few rounds.
  versus::results::RatioEstimate none;
  CHECK_FALSE(rounds_to_decide(none));
}
