// The noise-control fields of the records: cpu_probe per cell, machine facts per run. Both
// round trip, and results written before them still load (missing = 0 / empty).
#include <catch2/catch.hpp>

#include "results/record/record_json.h"

namespace {
using namespace versus::results;
using Json = nlohmann::ordered_json;

RunResults noise_sample() {
  RunResults r;
  r.info.run_id = "run-1";
  r.info.servers = {"a"};
  r.info.profiles = {"default"};
  r.info.machine = {"AMD EPYC 7B13", 2, "Linux 6.1.0-18-amd64 x86_64", "", 8ULL << 30};
  CellRecord c;
  c.server = "a";
  c.profile = "default";
  c.engine = "innodb";
  c.workload = "oltp_read_only";
  c.threads = 1;
  c.cpu_probe = 412.5;
  r.cells = {c};
  return r;
}
}  // namespace

TEST_CASE("cpu_probe and machine facts round trip", "[results][probe]") {
  auto back = parse_results(results_to_json(noise_sample()).dump(), "results.json");
  REQUIRE(back);
  CHECK(back->cells.at(0).cpu_probe == 412.5);
  CHECK(back->info.machine.cpu_model == "AMD EPYC 7B13");
  CHECK(back->info.machine.cores == 2);
  CHECK(back->info.machine.kernel == "Linux 6.1.0-18-amd64 x86_64");
  CHECK(back->info.machine.governor.empty());
  CHECK(back->info.machine.memory_bytes == 8ULL << 30);
}

TEST_CASE("results without cpu_probe or machine still load", "[results][probe]") {
  Json j = results_to_json(noise_sample());
  j["cells"][0].erase("cpu_probe");
  j["run"].erase("machine");
  auto back = parse_results(j.dump(), "results.json");
  REQUIRE(back);
  CHECK(back->cells.at(0).cpu_probe == 0);
  CHECK(back->info.machine.cores == 0);
  CHECK(back->info.machine.cpu_model.empty());
}

TEST_CASE("a cpu_probe of the wrong type is an error", "[results][probe]") {
  Json j = results_to_json(noise_sample());
  j["cells"][0]["cpu_probe"] = "fast";
  auto back = parse_results(j.dump(), "results.json");
  REQUIRE_FALSE(back);
  CHECK(back.error().message == "results.json: cells[0].cpu_probe: expected a number, got string");
}
