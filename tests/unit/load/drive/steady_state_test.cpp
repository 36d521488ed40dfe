// The steady-state rule of `warmup: steady`: a climb is not steady, a flat noisy series is.
#include "load/drive/steady_state.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "support/noise.h"

using namespace versus::load;

namespace {
const SteadyRule kRule{5, 0.05};
}

TEST_CASE("steady_state: a series climbing through its window is not steady", "[load][steady]") {
  // The buffer pool refilling: +4% a second is a 16% rise over five seconds.
  std::vector<double> climb;
  for (int s = 0; s < 10; ++s) climb.push_back(1000 * std::pow(1.04, s));
  CHECK_FALSE(is_steady(climb, kRule));
  CHECK(window_drift(climb, kRule) == Approx(0.16).epsilon(0.05));
  // +2% a second (8% over the window) is still a climb; falling as much is not steady either.
  std::vector<double> slow{1000, 1020, 1040, 1060, 1080};
  CHECK_FALSE(is_steady(slow, kRule));
  std::vector<double> falling(slow.rbegin(), slow.rend());
  CHECK_FALSE(is_steady(falling, kRule));
  CHECK(window_drift(falling, kRule) < 0);
}

TEST_CASE("steady_state: a flat series is steady, noisy or with one outlying second",
          "[load][steady]") {
  CHECK(is_steady(std::vector<double>{1000, 1000, 1000, 1000, 1000}, kRule));
  // One second at half the rate (a checkpoint, a stall): the median slope barely moves.
  CHECK(is_steady(std::vector<double>{1000, 1010, 500, 990, 1000}, kRule));
  // Seeded Gaussian noise of 2% a second around a flat level: steady in nearly every window.
  versus::test::Noise noise(13);
  int steady = 0;
  for (int trial = 0; trial < 100; ++trial)
    if (is_steady(versus::test::sample(noise, 5, 1000, 0.02), kRule)) ++steady;
  CHECK(steady >= 85);
}

TEST_CASE("steady_state: a climb that levels off becomes steady once the window is past it",
          "[load][steady]") {
  std::vector<double> rates{200, 500, 800, 950, 1000, 1000, 1000, 1000, 1000};
  std::vector<bool> verdicts;
  for (std::size_t n = 1; n <= rates.size(); ++n)
    verdicts.push_back(is_steady(std::span<const double>(rates.data(), n), kRule));
  CHECK(verdicts == std::vector<bool>{false, false, false, false, false, false, false, true, true});
}

TEST_CASE("steady_state: too few seconds, or no transactions, are never steady", "[load][steady]") {
  CHECK_FALSE(is_steady(std::vector<double>{1000, 1000, 1000, 1000}, kRule));
  CHECK_FALSE(is_steady(std::vector<double>{0, 0, 0, 0, 0}, kRule));
  CHECK(std::isinf(window_drift(std::vector<double>{}, kRule)));
  // The window is the last five: an early climb no longer counts.
  CHECK(is_steady(std::vector<double>{1, 10, 100, 1000, 1000, 1000, 1000, 1000}, kRule));
}
