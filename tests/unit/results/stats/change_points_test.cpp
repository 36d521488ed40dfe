#include "results/stats/change_points.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "support/noise.h"

namespace {

using namespace versus::results;

using versus::test::Noise;
// n values around `level` with relative noise `cv`; `level_at(i)` gives the level.
template <class Level>
std::vector<double> series(std::size_t n, double cv, std::uint64_t seed, Level level_at) {
  Noise noise(seed);
  std::vector<double> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(level_at(i) * (1 + cv * noise.next()));
  return out;
}

}  // namespace

TEST_CASE("change points: a 10% step in 2% noise is found near its index", "[results]") {
  for (std::uint64_t seed : {1u, 2u, 3u, 42u}) {
    const auto s = series(40, 0.02, seed, [](std::size_t i) { return i < 20 ? 1000.0 : 900.0; });
    const auto found = find_change_points(s);
    INFO("seed " << seed);
    REQUIRE(found.size() == 1);
    CHECK(found[0].index >= 18);
    CHECK(found[0].index <= 22);
    CHECK(found[0].change < -0.05);
    CHECK(found[0].p_value < 0.01);
  }
}

TEST_CASE("change points: pure noise has none", "[results]") {
  const auto s = series(60, 0.02, 7, [](std::size_t) { return 1000.0; });
  CHECK(find_change_points(s).empty());
}

TEST_CASE("change points: a slow drift of 0.1% per run has none", "[results]") {
  const auto s = series(
      60, 0.02, 11, [](std::size_t i) { return 1000.0 * std::pow(0.999, static_cast<double>(i)); });
  CHECK(find_change_points(s).empty());
  const auto clean = series(
      60, 0, 11, [](std::size_t i) { return 1000.0 * (1 + 0.001 * static_cast<double>(i)); });
  CHECK(find_change_points(clean).empty());
}

TEST_CASE("change points: too short a series has none", "[results]") {
  CHECK(find_change_points({1, 2, 3, 4, 5, 6, 7, 8, 9}).empty());
  CHECK(find_change_points({}).empty());
}

TEST_CASE("change points: two steps far apart are both found", "[results]") {
  const auto s = series(60, 0.01, 5, [](std::size_t i) {
    return i < 20 ? 1000.0 : i < 40 ? 800.0 : 1000.0;
  });
  const auto found = find_change_points(s);
  REQUIRE(found.size() == 2);
  CHECK(std::abs(static_cast<int>(found[0].index) - 20) <= 2);
  CHECK(std::abs(static_cast<int>(found[1].index) - 40) <= 2);
  CHECK(found[1].change > 0.05);
}
