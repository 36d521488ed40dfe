// The noise-control keys of the matrix: client_cpus, server_cpus, cpu_probe.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "config/matrix_parser.h"

using versus::config::parse_matrix_text;
using versus::config::Plan;

namespace {

const std::string kServer = "servers: [{name: a, basedir: .}]\n";

versus::Expected<Plan> parse(const std::string& text) {
  return parse_matrix_text(kServer + text, "m.yaml", std::filesystem::temp_directory_path());
}

Plan good(const std::string& text) {
  auto plan = parse(text);
  if (!plan) FAIL(plan.error().message);
  return std::move(plan).value();
}

std::string errors(const std::string& text) {
  auto plan = parse(text);
  REQUIRE_FALSE(plan.has_value());
  return plan.error().message;
}

}  // namespace

TEST_CASE("noise keys: defaults are no pinning and the probe on", "[config][noise]") {
  const Plan plan = good("");
  CHECK(plan.client_cpus.empty());
  CHECK(plan.server_cpus.empty());
  CHECK(plan.cpu_probe);
}

TEST_CASE("noise keys: CPU lists and the probe switch", "[config][noise]") {
  const Plan plan = good("client_cpus: 0\nserver_cpus: 0-1,3\ncpu_probe: false\n");
  CHECK(plan.client_cpus == std::vector<int>{0});
  CHECK(plan.server_cpus == std::vector<int>{0, 1, 3});
  CHECK_FALSE(plan.cpu_probe);
  CHECK(good("client_cpus: '0,1'\ncpu_probe: TRUE\n").client_cpus == std::vector<int>{0, 1});
  CHECK(good("server_cpus: ''\n").server_cpus.empty());
}

TEST_CASE("noise keys: errors name line, key and the rule", "[config][noise]") {
  CHECK(errors("client_cpus: 1-0\n") ==
        "m.yaml:2: client_cpus: expected a CPU list of CPU numbers 0..1023 and ranges a-b, "
        "comma-separated, got '1-0'");
  CHECK(errors("server_cpus: [0, 1]\n").find("m.yaml:2: server_cpus: expected a CPU list") == 0);
  CHECK(errors("cpu_probe: yes\n") == "m.yaml:2: cpu_probe: expected true or false, got 'yes'");
  CHECK(errors("cpu_probe:\n") == "m.yaml:2: cpu_probe: expected true or false, got null");
}
