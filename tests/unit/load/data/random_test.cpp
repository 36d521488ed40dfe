#include "load/data/random.h"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

using versus::load::Random;
using versus::sysbench::RandSpec;
using versus::sysbench::RandType;

namespace {

RandSpec of_type(RandType d) {
  RandSpec p;
  p.type = d;
  return p;
}

}  // namespace

TEST_CASE("Random: the same seed gives the same sequence", "[load][random]") {
  Random a(42), b(42), c(43);
  bool any_differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next();
    CHECK(x == b.next());
    if (x != c.next()) any_differs = true;
  }
  CHECK(any_differs);
}

TEST_CASE("Random: uniform_double is in [0, 1)", "[load][random]") {
  Random r(1);
  double lo = 1, hi = 0;
  for (int i = 0; i < 100000; ++i) {
    const double x = r.uniform_double();
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  CHECK(lo >= 0.0);
  CHECK(hi < 1.0);
  CHECK(lo < 0.001);
  CHECK(hi > 0.999);
}

TEST_CASE("Random: uniform stays in [a, b] and is flat", "[load][random]") {
  Random r(12345);
  constexpr int kDraws = 100000;
  std::array<int, 10> counts{};
  int out_of_range = 0;
  for (int i = 0; i < kDraws; ++i) {
    const auto v = r.uniform(10, 19);
    if (v < 10u || v > 19u) {
      ++out_of_range;
      continue;
    }
    ++counts[v - 10];
  }
  CHECK(out_of_range == 0);
  // Chi-square with 9 degrees of freedom: 27.9 is the 0.1% critical value.
  double chi2 = 0;
  const double expected = kDraws / 10.0;
  for (int c : counts) {
    CHECK(c > 0);
    chi2 += (c - expected) * (c - expected) / expected;
  }
  CHECK(chi2 < 27.9);
}

TEST_CASE("Random: uniform reaches both ends", "[load][random]") {
  Random r(7);
  bool saw1 = false, saw2 = false;
  for (int i = 0; i < 1000; ++i) {
    const auto v = r.uniform(1, 2);
    REQUIRE((v == 1u || v == 2u));
    saw1 = saw1 || v == 1u;
    saw2 = saw2 || v == 2u;
  }
  CHECK(saw1);
  CHECK(saw2);
}

TEST_CASE("Random: a == b always gives a", "[load][random]") {
  Random r(99);
  for (int i = 0; i < 1000; ++i) {
    CHECK(r.uniform(5, 5) == 5u);
    CHECK(r.gaussian(5, 5) == 5u);
    CHECK(r.special(5, 5) == 5u);
    CHECK(r.pareto(5, 5) == 5u);
  }
}

TEST_CASE("Random: gaussian is centred and concentrated", "[load][random]") {
  Random r(2024);
  constexpr int kDraws = 100000;
  double sum = 0;
  int middle_half = 0;
  int out_of_range = 0;
  for (int i = 0; i < kDraws; ++i) {
    const auto v = r.gaussian(1, 1000000);
    if (v < 1u || v > 1000000u) ++out_of_range;
    sum += v;
    if (v >= 250000u && v <= 750000u) ++middle_half;
  }
  CHECK(out_of_range == 0);
  CHECK(sum / kDraws == Approx(500000.0).epsilon(0.01));
  // 12 summed uniforms: sigma ~ range/12, so the middle half holds ~99.7% (uniform: 50%).
  CHECK(static_cast<double>(middle_half) / kDraws > 0.98);
}

TEST_CASE("Random: special puts ~75% of draws in the central 1% (sysbench defaults)",
          "[load][random]") {
  Random r(31337);  // default params: special, pct 1, res 75
  constexpr int kDraws = 100000;
  int central = 0;
  int out_of_range = 0;
  for (int i = 0; i < kDraws; ++i) {
    const auto v = r.special(1, 1000000);
    if (v < 1u || v > 1000000u) ++out_of_range;
    // The central 1% slice of [1, 1000000]: 10000 values around 500000.5.
    if (v >= 495000u && v <= 505001u) ++central;
  }
  CHECK(out_of_range == 0);
  const double share = static_cast<double>(central) / kDraws;
  CHECK(share > 0.72);
  CHECK(share < 0.80);
}

TEST_CASE("Random: special follows --rand-spec-pct and --rand-spec-res", "[load][random]") {
  RandSpec p;
  p.spec_pct = 10;
  p.spec_res = 50;
  Random r(5, p);
  constexpr int kDraws = 100000;
  int central = 0;
  int out_of_range = 0;
  for (int i = 0; i < kDraws; ++i) {
    const auto v = r.special(1, 1000000);
    if (v < 1u || v > 1000000u) ++out_of_range;
    if (v >= 450000u && v <= 550001u) ++central;
  }
  CHECK(out_of_range == 0);
  const double share = static_cast<double>(central) / kDraws;
  // 50% uniform in the slice, plus the gaussian half's ~45% share of it (+-0.6 sigma).
  CHECK(share > 0.68);
  CHECK(share < 0.77);
}

TEST_CASE("Random: pareto is skewed towards the low end", "[load][random]") {
  Random r(77);  // h = 0.2
  constexpr int kDraws = 100000;
  int lowest_tenth = 0;
  std::vector<std::uint32_t> draws;
  draws.reserve(kDraws);
  int out_of_range = 0;
  for (int i = 0; i < kDraws; ++i) {
    const auto v = r.pareto(1, 1000000);
    if (v < 1u || v > 1000000u) ++out_of_range;
    if (v <= 100000u) ++lowest_tenth;
    draws.push_back(v);
  }
  CHECK(out_of_range == 0);
  // P(u^7.21 < 0.1) = 0.1^(1/7.21) ~ 72.6%.
  const double share = static_cast<double>(lowest_tenth) / kDraws;
  CHECK(share > 0.68);
  CHECK(share < 0.77);
  std::nth_element(draws.begin(), draws.begin() + kDraws / 2, draws.end());
  CHECK(draws[kDraws / 2] < 50000u);
}

TEST_CASE("Random: by_default uses the configured distribution", "[load][random]") {
  for (auto d : {RandType::uniform, RandType::gaussian, RandType::special, RandType::pareto,
                 RandType::zipfian}) {
    INFO(versus::sysbench::rand_type_name(d));
    Random a(8, of_type(d)), b(8, of_type(d));
    for (int i = 0; i < 200; ++i) {
      const auto got = a.by_default(1, 100000);
      std::uint32_t want = 0;
      switch (d) {
        case RandType::uniform:
          want = b.uniform(1, 100000);
          break;
        case RandType::gaussian:
          want = b.gaussian(1, 100000);
          break;
        case RandType::special:
          want = b.special(1, 100000);
          break;
        case RandType::pareto:
          want = b.pareto(1, 100000);
          break;
        case RandType::zipfian:
          want = b.zipfian(1, 100000);
          break;
      }
      REQUIRE(got == want);
    }
  }
  CHECK(RandSpec{}.type == RandType::special);
}

TEST_CASE("Random: fill_template", "[load][random]") {
  const std::string tmpl = "##-@@ x.#@";
  Random r(3);
  std::string digits_seen, letters_seen;
  for (int i = 0; i < 500; ++i) {
    std::string out(tmpl.size(), '\0');
    r.fill_template(tmpl, out.data());
    REQUIRE(out.size() == tmpl.size());
    for (std::size_t j = 0; j < tmpl.size(); ++j) {
      const char c = out[j];
      if (tmpl[j] == '#') {
        REQUIRE(std::isdigit(static_cast<unsigned char>(c)));
        if (digits_seen.find(c) == std::string::npos) digits_seen += c;
      } else if (tmpl[j] == '@') {
        REQUIRE((c >= 'a' && c <= 'z'));
        if (letters_seen.find(c) == std::string::npos) letters_seen += c;
      } else {
        REQUIRE(c == tmpl[j]);
      }
    }
  }
  CHECK(digits_seen.size() == 10);
  CHECK(letters_seen.size() == 26);
}

TEST_CASE("Random: fill_template writes exactly the template's length", "[load][random]") {
  Random r(4);
  std::string out = "..........";
  r.fill_template("#@#", out.data());
  CHECK(out.substr(3) == ".......");
}

TEST_CASE("Random: fill_template is reproducible from the seed", "[load][random]") {
  const std::string tmpl = "###########-@@@@@@@@@@@";
  Random a(11), b(11), c(12);
  std::string x(tmpl.size(), ' '), y(tmpl.size(), ' '), z(tmpl.size(), ' ');
  for (int i = 0; i < 10; ++i) {
    a.fill_template(tmpl, x.data());
    b.fill_template(tmpl, y.data());
    c.fill_template(tmpl, z.data());
    CHECK(x == y);
    CHECK(x != z);
  }
}

namespace {
// Zipf's exact probabilities on [1, n]: k^-e / sum_j j^-e, the distribution sysbench 1.1's
// sb_rand_zipfian_int samples (its rejection-inversion accepts k with P = C / k^e exactly).
std::vector<double> zipf_pmf(int n, double e) {
  std::vector<double> p(static_cast<std::size_t>(n) + 1, 0.0);
  double sum = 0;
  for (int k = 1; k <= n; ++k) sum += p[static_cast<std::size_t>(k)] = std::pow(k, -e);
  for (double& x : p) x /= sum;
  return p;
}

// Pearson's chi-square of `draws` zipfian values of [1, n] against zipf_pmf, over buckets
// 1..20 alone then [21,50], [51,100], [101,200], [201,500], [501,n]: 25 buckets, 24 degrees.
double zipf_chi_square(Random& r, int n, double e, int draws) {
  const std::vector<int> edges = {21, 51, 101, 201, 501, n + 1};
  auto bucket_of = [&](int k) {
    if (k <= 20) return k - 1;
    int b = 20;
    while (k >= edges[static_cast<std::size_t>(b - 19)]) ++b;
    return b;
  };
  std::vector<double> expected(25, 0), seen(25, 0);
  const auto pmf = zipf_pmf(n, e);
  for (int k = 1; k <= n; ++k)
    expected[static_cast<std::size_t>(bucket_of(k))] += pmf[static_cast<std::size_t>(k)] * draws;
  for (int i = 0; i < draws; ++i) {
    const auto v = static_cast<int>(r.zipfian(1, static_cast<std::uint32_t>(n)));
    REQUIRE(v >= 1);
    REQUIRE(v <= n);
    seen[static_cast<std::size_t>(bucket_of(v))] += 1;
  }
  double chi = 0;
  for (std::size_t b = 0; b < seen.size(); ++b)
    chi += (seen[b] - expected[b]) * (seen[b] - expected[b]) / expected[b];
  return chi;
}

// The chi-square quantile a fit exceeds by chance with probability 1e-4 (Wilson-Hilferty,
// z = 3.719): 58.9 at 24 degrees of freedom.
double chi_square_limit(int degrees) {
  const double d = degrees, c = 2.0 / (9.0 * d);
  return d * std::pow(1 - c + 3.719 * std::sqrt(c), 3);
}
}  // namespace

TEST_CASE("Random: zipfian's histogram is Zipf's law for sysbench's exponents",
          "[load][random][zipfian]") {
  for (double e : {0.8, 0.5, 0.99}) {
    INFO("exponent " << e);
    RandSpec p = of_type(RandType::zipfian);
    p.zipfian_exp = e;
    Random r(1234, p);
    const double chi = zipf_chi_square(r, 1000, e, 200000);
    CHECK(chi < chi_square_limit(24));
  }
  // A wrong exponent is seen: draws with 0.8 against the law of 0.7.
  RandSpec p = of_type(RandType::zipfian);
  Random r(99, p);
  CHECK(zipf_chi_square(r, 1000, 0.7, 200000) > 10 * chi_square_limit(24));
}

TEST_CASE("Random: zipfian is offset to [a, b], its mode at a", "[load][random][zipfian]") {
  Random r(5, of_type(RandType::zipfian));
  int at_a = 0;
  for (int i = 0; i < 10000; ++i) {
    const auto v = r.by_default(101, 200);
    REQUIRE(v >= 101u);
    REQUIRE(v <= 200u);
    at_a += v == 101u;
  }
  // P(1) = 1 / sum_{k<=100} k^-0.8 = 0.1229: 1229 of 10000 draws, +-4 sigma = +-131.
  CHECK(at_a > 1098);
  CHECK(at_a < 1360);
}
