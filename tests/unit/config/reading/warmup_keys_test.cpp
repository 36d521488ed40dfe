// The warmup keys of the matrix: warmup (a duration, or steady), warmup_max, prewarm.
#include <catch2/catch.hpp>
#include <string>

#include "config/reading/matrix_parser.h"
#include "support/matrix_text.h"

using versus::config::Plan;
using versus::testing::good_plan;
using versus::testing::plan_errors;

TEST_CASE("warmup keys: defaults keep a fixed 5 s warmup and no prewarm", "[config][warmup]") {
  const Plan plan = good_plan("");
  CHECK(plan.warmup.count() == 5000);
  CHECK_FALSE(plan.warmup_steady);
  CHECK(plan.warmup_max.count() == 60'000);
  CHECK_FALSE(plan.prewarm);
}

TEST_CASE("warmup keys: a duration stays valid; steady and the others reach the plan",
          "[config][warmup]") {
  const Plan fixed = good_plan("warmup: 10s\n");
  CHECK(fixed.warmup.count() == 10'000);
  CHECK_FALSE(fixed.warmup_steady);
  const Plan steady = good_plan("warmup: steady\nwarmup_max: 30s\nprewarm: true\n");
  CHECK(steady.warmup_steady);
  CHECK(steady.warmup.count() == 0);
  CHECK(steady.warmup_max.count() == 30'000);
  CHECK(steady.prewarm);
}

TEST_CASE("warmup keys: malformed values name line, key and rule", "[config][warmup]") {
  CHECK(plan_errors("warmup: stable\n") ==
        "m.yaml:2: warmup: expected a duration 0s..168h (like 500ms, 5s, 2m, 1h, or integer "
        "seconds) or steady, got 'stable'");
  CHECK(plan_errors("warmup_max: 500ms\n") ==
        "m.yaml:2: warmup_max: expected a duration 1s..168h (like 500ms, 5s, 2m, 1h, or integer "
        "seconds), got '500ms'");
  CHECK(plan_errors("prewarm: yes\n") == "m.yaml:2: prewarm: expected true or false, got 'yes'");
}
