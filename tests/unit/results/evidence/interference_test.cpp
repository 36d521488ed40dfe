#include "results/evidence/interference.h"

#include <catch2/catch.hpp>

using namespace versus::results;

namespace {
// 10 s on 2 CPUs; the server's tree used 6 CPU-s, versus 2.
CellRecord cell_with(double host_busy_s, double steal_s) {
  CellRecord c;
  c.usage.measured = true;
  c.usage.interval_s = 10;
  c.usage.host_cpus = 2;
  c.usage.server_user_s = 5;
  c.usage.server_system_s = 1;
  c.usage.client_user_s = 1.5;
  c.usage.client_system_s = 0.5;
  c.usage.host_busy_s = host_busy_s;
  c.usage.steal_s = steal_s;
  return c;
}
}  // namespace

TEST_CASE("interference: others' CPU is host busy less the server's and versus's",
          "[results][interference]") {
  const auto i = interference_of(cell_with(9, 0.5).usage);
  REQUIRE(i);
  CHECK(i->other_cpu_s == Approx(1));
  CHECK(i->steal_s == Approx(0.5));
  CHECK(i->capacity_s == Approx(20));
  CHECK(i->share() == Approx(0.075));  // (1 + 0.5) / 20
}

TEST_CASE("interference: the capacity is the CPU readings' own interval where recorded",
          "[results][interference]") {
  CellRecord c = cell_with(9, 0.5);
  c.usage.cpu_interval_s = 10.25;  // the first edge's status query took 0.25 s longer
  const auto i = interference_of(c.usage);
  REQUIRE(i);
  CHECK(i->capacity_s == Approx(20.5));
  CHECK(i->share() == Approx(1.5 / 20.5));
  c.usage.interval_s = 0;  // the CPU interval alone is enough
  CHECK(interference_of(c.usage));
}

TEST_CASE("interference: a slightly negative remainder (tick rounding) takes nothing",
          "[results][interference]") {
  const auto i = interference_of(cell_with(7.97, 0).usage);
  REQUIRE(i);
  CHECK(i->other_cpu_s == Approx(-0.03));
  CHECK(i->share() == 0);
}

TEST_CASE("interference: disturbed above the limit, ok cells only, recorded intervals only",
          "[results][interference]") {
  CHECK_FALSE(disturbed(cell_with(9, 0.5), 10));  // 7.5%
  CHECK(disturbed(cell_with(10, 0.5), 10));       // 12.5%
  CHECK_FALSE(disturbed(cell_with(10, 0.5), 15));
  CellRecord failed = cell_with(20, 0);
  failed.status = CellStatus::failed;
  CHECK_FALSE(disturbed(failed, 10));
  CellRecord older = cell_with(20, 0);
  older.usage.interval_s = 0;  // written before the interval was recorded: busy ticks
  CHECK_FALSE(interference_of(older.usage));
  CHECK_FALSE(disturbed(older, 10));
}

TEST_CASE("interference: with the server on another host, versus's CPU is not the host's",
          "[results][interference]") {
  CellRecord c = cell_with(9, 0);
  c.usage.client_on_host = false;  // the host ran the server (6 CPU-s) and 3 CPU-s of others
  const auto i = interference_of(c.usage);
  REQUIRE(i);
  CHECK(i->other_cpu_s == Approx(3));
}
