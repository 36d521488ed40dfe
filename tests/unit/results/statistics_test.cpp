// Expected values were computed independently of Boost: Python's statistics module for
// means and standard deviations, Student t quantiles from tables (t(0.975, 2) = 4.302653,
// t(0.975, 4) = 2.776445) and, for Welch's p-values and Fieller's limits, mpmath (the
// regularized incomplete beta function and bisection on (a - r b)^2 = t^2 (va + r^2 vb)).
#include "results/statistics.h"

#include <catch2/catch.hpp>
#include <vector>

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
  CHECK(r.verdict == Verdict::no_significant_difference);
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
  CHECK(wide.verdict == Verdict::no_significant_difference);
  const RatioEstimate unbounded = compare_means({1000, 1300}, {1100, 1150});
  CHECK_FALSE(unbounded.ci);  // the base mean is not even distinguishable from 0
  CHECK(unbounded.verdict == Verdict::no_significant_difference);
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
  CHECK(same.verdict == Verdict::no_significant_difference);
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
  CHECK(floored.verdict == Verdict::no_significant_difference);
  CHECK(floored.ratio == plain.ratio);  // only the verdict changes
  CHECK(*floored.p_value == *plain.p_value);
  CHECK(compare_means({100, 100}, {97, 97}, 0.95, 0.02).verdict == Verdict::slower);
  CHECK(compare_means({100, 100}, {99, 99}, 0.95, 0.02).verdict ==
        Verdict::no_significant_difference);
  CHECK(compare_means({100, 101}, {110, 111}, 0.95, 0.02).verdict == Verdict::faster);
}

TEST_CASE("the verdict agrees with the interval", "[results][statistics]") {
  for (double shift : {0.0, 5.0, 10.0, 20.0, 40.0, 80.0}) {
    const RatioEstimate r = compare_means(kBase, {1197 + shift, 1225 + shift, 1238 + shift});
    REQUIRE(r.ci);
    const bool excludes_one = r.ci->low > 1 || r.ci->high < 1;
    CHECK(excludes_one == (r.verdict != Verdict::no_significant_difference));
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
  CHECK(verdict_name(Verdict::no_significant_difference) == "no_significant_difference");
  CHECK(verdict_name(Verdict::insufficient_data) == "insufficient_data");
  using versus::results::VerdictForm;
  CHECK(verdict_name(Verdict::faster, VerdictForm::words) == "faster");
  CHECK(verdict_name(Verdict::no_significant_difference, VerdictForm::words) == "no difference");
  CHECK(verdict_name(Verdict::insufficient_data, VerdictForm::words) == "insufficient data");
  CHECK(verdict_name(Verdict::slower, VerdictForm::symbol) == "slower");
  CHECK(verdict_name(Verdict::no_significant_difference, VerdictForm::symbol) == "=");
  CHECK(verdict_name(Verdict::insufficient_data, VerdictForm::symbol) == "?");
}
