#include "results/record/host_json.h"

#include <catch2/catch.hpp>

#include "results/record/record_json.h"
#include "support/cell_builder.h"

using versus::results::parse_results;
using versus::results::results_to_json;
using versus::results::RunResults;

namespace {
RunResults merged_run() {
  RunResults r;
  r.info.run_id = "merged";
  r.info.servers = {"a"};
  r.info.profiles = {"default"};
  r.info.machine = {"Xeon", 2, "Linux 6.1.0 x86_64", "", 1ULL << 32, "node1"};
  r.info.shard = {"0123456789abcdef", 0, 2};
  r.info.hosts = {{1, "s1", r.info.machine}, {2, "s2", r.info.machine}};
  r.info.hosts[1].machine.hostname = "node2";
  versus::results::CellRecord c = versus::testing::CellBuilder("a").tps(10);
  c.host = "node2";
  r.cells.push_back(c);
  return r;
}
}  // namespace

TEST_CASE("results.json: a merged run's shard, hosts and cell hosts round-trip",
          "[results][host_json]") {
  auto back = parse_results(results_to_json(merged_run()).dump(2), "results.json");
  REQUIRE(back);
  CHECK(back->info.machine.hostname == "node1");
  CHECK(back->info.shard.plan_id == "0123456789abcdef");
  CHECK(back->info.shard.index == 0);
  CHECK(back->info.shard.count == 2);
  REQUIRE(back->info.hosts.size() == 2);
  CHECK(back->info.hosts[1].shard == 2);
  CHECK(back->info.hosts[1].run_id == "s2");
  CHECK(back->info.hosts[1].machine.hostname == "node2");
  CHECK(back->info.hosts[1].machine.memory_bytes == (1ULL << 32));
  CHECK(back->cells[0].host == "node2");
}

TEST_CASE("results.json: a run of one host writes no shard, hosts or cell host",
          "[results][host_json]") {
  RunResults r = merged_run();
  r.info.shard = {};
  r.info.hosts.clear();
  r.cells[0].host.clear();
  const auto json = results_to_json(r);
  CHECK_FALSE(json["run"].contains("shard"));
  CHECK_FALSE(json["run"].contains("hosts"));
  CHECK_FALSE(json["cells"][0].contains("host"));
  r.info.machine.hostname.clear();
  CHECK_FALSE(results_to_json(r)["run"]["machine"].contains("hostname"));
}

TEST_CASE("results.json: a malformed shard or host names its path", "[results][host_json]") {
  auto json = results_to_json(merged_run());
  json["run"]["shard"]["index"] = "one";
  auto bad = parse_results(json.dump(), "results.json");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message == "results.json: run.shard.index: expected an integer, got string");
  json = results_to_json(merged_run());
  json["run"]["hosts"][1]["machine"].erase("cores");
  bad = parse_results(json.dump(), "results.json");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message == "results.json: run.hosts[1].machine.cores: missing");
}
