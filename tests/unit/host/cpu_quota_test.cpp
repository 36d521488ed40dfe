// The quota arithmetic, and the controller lookup on this machine (whose cpu controller is
// a v1 hierarchy at /sys/fs/cgroup/cpu, or a v2 one; tests/integration/cpu_quota_test.cpp
// applies a quota to a real server).
#include "host/cpu_quota.h"

#include <catch2/catch.hpp>

using namespace versus::host;

TEST_CASE("cpu quota: microseconds per 100 ms period", "[run][cpu_quota]") {
  CHECK(quota_us(95, 1) == 95'000);
  CHECK(quota_us(95, 2) == 190'000);
  CHECK(quota_us(100, 2) == 200'000);
  CHECK(quota_us(1, 1) == 1'000);
}

TEST_CASE("cpu quota: the controller is found where cgroups are mounted", "[run][cpu_quota]") {
  auto c = find_cpu_controller();
  INFO((c ? c->dir.string() : c.error().message));
  REQUIRE(c);  // this project's machines have one; a machine without says why, here
  CHECK(std::filesystem::is_directory(c->dir));
  if (!c->v2) CHECK(std::filesystem::exists(c->dir / "cpu.cfs_quota_us"));
}
