// The watchdog's keys: stall_timeout and stall_limit, their defaults, bounds and relation.
#include <catch2/catch.hpp>
#include <string>

#include "config/reading/matrix_parser.h"
#include "support/matrix_text.h"

using namespace std::chrono_literals;
using versus::testing::good_plan;
using versus::testing::plan_errors;

TEST_CASE("stall keys: defaults and given values reach the plan", "[config][stall]") {
  CHECK(good_plan("").stall_timeout == 30s);
  CHECK(good_plan("").stall_limit == 1s);
  const auto plan = good_plan("stall_timeout: 2m\nstall_limit: 2500ms\n");
  CHECK(plan.stall_timeout == 120s);
  CHECK(plan.stall_limit == 2500ms);
}

TEST_CASE("stall keys: below their least, or a limit not below the timeout, are errors",
          "[config][stall]") {
  CHECK(plan_errors("stall_limit: 500ms\n").find("m.yaml:2: stall_limit:") == 0);
  CHECK(plan_errors("stall_timeout: 1s\n").find("m.yaml:2: stall_timeout:") == 0);
  CHECK(plan_errors("stall_timeout: 5s\nstall_limit: 5s\n") ==
        "m.yaml:3: stall_limit: 5000 ms is not below stall_timeout (5000 ms): expected a "
        "shorter stall_limit (the shortest stall recorded) or a longer stall_timeout (the "
        "longest one tolerated)");
  CHECK(plan_errors("stall_limit: 40s\n").find("m.yaml:2: stall_limit: 40000 ms is not below") ==
        0);
  CHECK(plan_errors("stall_timout: 40s\n").find("did you mean 'stall_timeout'") != std::string::npos);
}
