// Odd rounds: which rounds of a cell lie far from the others, and the facts beside them.
#include "results/evidence/odd_rounds.h"

#include <catch2/catch.hpp>

using versus::results::odd_rounds;
using versus::results::RoundFacts;

namespace {
RoundFacts run(int round, double tps, double server_cpu_us) {
  RoundFacts f;
  f.round = round;
  f.tps = tps;
  f.server_cpu_us = server_cpu_us;
  f.host_speed = 600;
  return f;
}
}  // namespace

TEST_CASE("odd rounds: the quickstart's 979 among 1,483 and 1,488 is odd, with its CPU",
          "[results][odd_rounds]") {
  const auto odd = odd_rounds({run(0, 1483, 842), run(1, 1488, 846), run(2, 979, 1378)});
  REQUIRE(odd.size() == 1);
  CHECK(odd[0].odd.round == 2);
  CHECK(odd[0].typical.tps == Approx(1485.5));
  REQUIRE(odd[0].typical.server_cpu_us);
  CHECK(*odd[0].typical.server_cpu_us == Approx(844));
  CHECK(odd[0].typical.host_speed == 600);
  CHECK_FALSE(odd[0].typical.flushed);  // none of the others measured it
}

TEST_CASE("odd rounds: spread rounds, small deviations and too few rounds are none",
          "[results][odd_rounds]") {
  // Every round 10% from the next: no one of them is odd.
  CHECK(odd_rounds({run(0, 1000, 1), run(1, 1100, 1), run(2, 900, 1), run(3, 1050, 1)}).empty());
  // 12% off a tight cluster: beyond 3 MADs, within the 15% floor.
  CHECK(odd_rounds({run(0, 1000, 1), run(1, 1001, 1), run(2, 999, 1), run(3, 880, 1)}).empty());
  // Two rounds: no median to stand apart from.
  CHECK(odd_rounds({run(0, 1000, 1), run(1, 500, 1)}).empty());
  // A round far from a noisy cell: beyond 15%, within 3 MADs.
  CHECK(odd_rounds({run(0, 1000, 1), run(1, 1300, 1), run(2, 700, 1), run(3, 1250, 1),
                    run(4, 760, 1)})
            .empty());
}

TEST_CASE("odd rounds: a fast round is odd as well as a slow one", "[results][odd_rounds]") {
  const auto odd = odd_rounds({run(0, 1000, 1), run(1, 1010, 1), run(2, 1400, 1), run(3, 995, 1)});
  REQUIRE(odd.size() == 1);
  CHECK(odd[0].odd.round == 2);
}
