// The matrix's keys for figures to trust: repeats: auto with max_repeats and time_budget,
// multiple_comparisons, seed, servers[].cpu_quota.
#include <catch2/catch.hpp>
#include <string>

#include "config/reading/matrix_parser.h"
#include "support/matrix_text.h"

using versus::config::Plan;
using versus::testing::good_plan;
using versus::testing::parse_with_server;
using versus::testing::plan_errors;

TEST_CASE("trust keys: defaults", "[config][trust]") {
  const Plan plan = good_plan("");
  CHECK(plan.repeats == 1);
  CHECK_FALSE(plan.auto_repeats);
  CHECK(plan.max_repeats == 10);
  CHECK(plan.time_budget.count() == 0);
  CHECK(plan.multiple_comparisons == "holm");
  CHECK(plan.estimate == "paired");
  CHECK(plan.seed == 0);
  CHECK(plan.servers.front().cpu_quota_pct == 100);
  CHECK(versus::config::rounds_of(plan) == 1);
}

TEST_CASE("trust keys: given values reach the plan", "[config][trust]") {
  const Plan plan = good_plan(
      "repeats: auto\nmax_repeats: 12\ntime_budget: 20m\nmultiple_comparisons: BH\n"
      "seed: 42\n");
  CHECK(plan.auto_repeats);
  CHECK(plan.max_repeats == 12);
  CHECK(versus::config::rounds_of(plan) == 12);
  CHECK(plan.time_budget.count() == 20 * 60 * 1000);
  CHECK(plan.multiple_comparisons == "bh");
  CHECK(plan.seed == 42);
  CHECK(good_plan("estimate: Independent\n").estimate == "independent");
  CHECK(versus::config::run_estimate(plan) == "paired");
  // lifecycle: server runs each column's cells back to back: no interleaved rounds to pair.
  CHECK(versus::config::run_estimate(good_plan("lifecycle: server\n")) == "independent");
  CHECK(good_plan("repeats: 4\n").repeats == 4);
  CHECK_FALSE(good_plan("repeats: 4\n").auto_repeats);
  auto quota = versus::config::parse_matrix_text(
      "servers:\n  - {name: a, basedir: ., cpu_quota: 95%}\n  - {name: b, basedir: ., "
      "cpu_quota: 50}\n",
      "m.yaml", std::filesystem::temp_directory_path());
  REQUIRE(quota);
  CHECK(quota->servers[0].cpu_quota_pct == 95);
  CHECK(quota->servers[1].cpu_quota_pct == 50);
}

TEST_CASE("trust keys: malformed values name line, key and rule", "[config][trust]") {
  CHECK(plan_errors("repeats: often\n") ==
        "m.yaml:2: repeats: expected an integer 1..1000 or auto, got 'often'");
  CHECK(plan_errors("max_repeats: 1\n") ==
        "m.yaml:2: max_repeats: expected an integer 2..1000, got '1'");
  CHECK(plan_errors("multiple_comparisons: bonferroni\n") ==
        "m.yaml:2: multiple_comparisons: expected one of holm, bh, none, got 'bonferroni'");
  CHECK(plan_errors("estimate: fieller\n") ==
        "m.yaml:2: estimate: expected one of paired, independent, got 'fieller'");
  CHECK(plan_errors("seed: -3\n").find("seed: expected an integer 0..") != std::string::npos);
  auto quota =
      versus::config::parse_matrix_text("servers:\n  - {name: a, basedir: ., cpu_quota: 0%}\n",
                                        "m.yaml", std::filesystem::temp_directory_path());
  REQUIRE_FALSE(quota);
  CHECK(quota.error().message ==
        "m.yaml:2: servers[0].cpu_quota: expected a percentage 1%..100%, got '0%'");
}
