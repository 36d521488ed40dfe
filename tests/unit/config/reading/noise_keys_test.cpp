// The noise-control keys of the matrix: client_cpus, server_cpus, cpu_probe.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "config/reading/matrix_parser.h"
#include "support/matrix_text.h"

using versus::config::Plan;

using versus::testing::good_plan;
using versus::testing::plan_errors;

TEST_CASE("noise keys: defaults are no pinning and the probe on", "[config][noise]") {
  const Plan plan = good_plan("");
  CHECK(plan.client_cpus.empty());
  CHECK(plan.server_cpus.empty());
  CHECK(plan.cpu_probe);
}

TEST_CASE("noise keys: CPU lists and the probe switch", "[config][noise]") {
  const Plan plan = good_plan("client_cpus: 0\nserver_cpus: 0-1,3\ncpu_probe: false\n");
  CHECK(plan.client_cpus == std::vector<int>{0});
  CHECK(plan.server_cpus == std::vector<int>{0, 1, 3});
  CHECK_FALSE(plan.cpu_probe);
  CHECK(good_plan("client_cpus: '0,1'\ncpu_probe: TRUE\n").client_cpus == std::vector<int>{0, 1});
  CHECK(good_plan("server_cpus: ''\n").server_cpus.empty());
}

TEST_CASE("noise keys: errors name line, key and the rule", "[config][noise]") {
  CHECK(plan_errors("client_cpus: 1-0\n") ==
        "m.yaml:2: client_cpus: expected a CPU list of CPU numbers 0..1023 and ranges a-b, "
        "comma-separated, got '1-0'");
  CHECK(plan_errors("server_cpus: [0, 1]\n").find("m.yaml:2: server_cpus: expected a CPU list") ==
        0);
  CHECK(plan_errors("cpu_probe: yes\n") ==
        "m.yaml:2: cpu_probe: expected true or false, got 'yes'");
  CHECK(plan_errors("cpu_probe:\n") == "m.yaml:2: cpu_probe: expected true or false, got null");
}
