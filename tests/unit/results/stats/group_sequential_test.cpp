// The exact boundaries against published ones and against a simulation of the design.
// Published: gsDesign's example of Lan-DeMets O'Brien-Fleming spending (sfLDOF), 5 equally
// spaced looks, one-sided 0.025, spending 2 - 2 Phi(z_{1-0.0125} / sqrt(t)) per side:
// boundaries 4.8769, 3.3569, 2.6803, 2.2898, 2.0310 (two-sided symmetric designs spending
// twice that have the same boundaries to 1e-4: a path crossing both sides is that rare).
#include "results/stats/group_sequential.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "results/stats/sequential.h"

namespace {
using namespace versus::results;
using Catch::Detail::Approx;

std::vector<double> even_looks(int n_looks) {
  std::vector<double> t;
  for (int k = 1; k <= n_looks; ++k) t.push_back(k / static_cast<double>(n_looks));
  return t;
}
}  // namespace

TEST_CASE("obf_spent: the spending function", "[results][group_sequential]") {
  // 2 - 2 Phi(1.959964 / sqrt(t)) with Phi from a normal table (mpmath): t = 0.5:
  // 2 - 2 Phi(2.771808) = 0.005575; t = 0.2: 2 - 2 Phi(4.382613) = 1.1729e-05.
  CHECK(obf_spent(1, 0.05) == Approx(0.05));
  CHECK(obf_spent(0.5, 0.05) == Approx(0.005575).epsilon(1e-3));
  CHECK(obf_spent(0.2, 0.05) == Approx(1.1729e-05).epsilon(1e-3));
  CHECK(obf_spent(0, 0.05) == 0);
}

TEST_CASE("spending_boundaries: the published five-look design", "[results][group_sequential]") {
  const double z = 2.241402728;  // Phi^-1(1 - 0.0125)
  const auto per_side = [z](double t) { return std::erfc(z / std::sqrt(t) / std::sqrt(2.0)); };
  const auto c = spending_boundaries(even_looks(5), [&](double t) { return 2 * per_side(t); });
  REQUIRE(c.size() == 5);
  const double published[] = {4.8769, 3.3569, 2.6803, 2.2898, 2.0310};
  for (int k = 0; k < 5; ++k) CHECK(c[k] == Approx(published[k]).margin(2e-3));
}

// 100,000 simulated paths of the null hypothesis through 19 looks (n = 2..20 of 20): the
// share crossing at some look is alpha; it exceeds 0.05 + 4 standard errors (0.0528) or falls
// below 0.05 - 4 (0.0472) with probability under 1e-4 if the boundaries are right.
TEST_CASE("obf_boundaries: a simulated design crosses with probability alpha",
          "[results][group_sequential]") {
  std::vector<double> t;
  for (int n = 2; n <= 20; ++n) t.push_back(n / 20.0);
  const auto c = obf_boundaries(t, 0.05);
  std::mt19937_64 rng(20261201);
  std::normal_distribution<double> step;
  constexpr int kPaths = 100000;
  int crossed = 0;
  for (int p = 0; p < kPaths; ++p) {
    double s = 0, before = 0;
    for (std::size_t k = 0; k < t.size(); ++k) {
      s += std::sqrt(t[k] - before) * step(rng);
      before = t[k];
      if (std::abs(s / std::sqrt(t[k])) >= c[k]) {
        ++crossed;
        break;
      }
    }
  }
  const double rate = crossed / double(kPaths), se = std::sqrt(0.05 * 0.95 / kPaths);
  INFO("crossed " << crossed << " of " << kPaths);
  CHECK(rate < 0.05 + 4 * se);
  CHECK(rate > 0.05 - 4 * se);
}

TEST_CASE("design_levels: wider than the union bound, and early looks that cannot decide",
          "[results][group_sequential]") {
  const auto& levels = design_levels(200, 0.05);
  REQUIRE(levels.size() == 199);
  // The last look: 2.25 on the z scale (level 0.0245) where the spent increment is 6e-4.
  CHECK(levels.back() > 0.02);
  CHECK(levels.back() < 0.05);
  CHECK(levels.back() > 40 * (obf_spent(1, 0.05) - obf_spent(199 / 200.0, 0.05)));
  for (std::size_t i = 1; i < levels.size(); ++i) CHECK(levels[i] >= levels[i - 1]);
  CHECK(levels.front() == 0);  // t = 0.01: the increment is ~1e-85, no decision possible
  CHECK(&design_levels(200, 0.05) == &levels);  // kept, not recomputed
  CHECK(look_alpha(200, 200, 0.05) == levels.back());
}
