// Every record of results.json through its one field declaration (results/record/record_fields.h):
// the file's form (keys, order, numbers) pinned to the letter, a round trip of every record,
// a wrong-typed field of each named by its path, and older files without the optional keys.
#include "results/record/record_fields.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "results/record/record_json.h"
#include "support/full_records.h"
#include "support/golden.h"

namespace {

using namespace versus::results;
using versus::testing::every_record;
using Json = nlohmann::ordered_json;

versus::Expected<RunResults> reread(const Json& json) {
  return parse_results(json.dump(2), "results.json");
}

// The error reading `json` ("" when it reads).
std::string problem_of(const Json& json) {
  auto back = reread(json);
  return back.has_value() ? "" : back.error().message;
}

}  // namespace

// tests/golden/results.json: every key of every record, in the order written, to the letter.
TEST_CASE("record_fields: results.json is written key for key as before",
          "[results][record_fields][golden]") {
  versus::testing::check_golden("results.json", results_to_json(every_record()).dump(2) + "\n");
}

TEST_CASE("record_fields: every record round trips", "[results][record_fields]") {
  const RunResults r = every_record();
  const Json json = results_to_json(r);
  auto back = reread(json);
  REQUIRE(back.has_value());
  CHECK(results_to_json(*back).dump() == json.dump());  // NaN == NaN is false: compare text
  CHECK(back->info.seed == r.info.seed);
  CHECK(back->info.hosts[1].machine.hostname == "node2");
  CHECK(back->info.server_machine.cpu_model == "EPYC");
  const CellRecord& c = back->cells[0];
  CHECK(std::isnan(c.latency.p999));
  CHECK(c.table_size == 5'000'000'000);
  CHECK(c.errors == r.cells[0].errors);
  CHECK(c.usage.measured);
  CHECK_FALSE(c.usage.client_on_host);
  CHECK(c.usage.placement.server_cpus.at(10) == 1);
  CHECK(c.usage.status.at("Threads_connected") == -3);
  CHECK(c.warmup.recorded);
  CHECK(c.warmup.until_steady);
  CHECK(c.mix.range_size == 7);
  CHECK(c.distribution.type == versus::sysbench::RandType::pareto);
  CHECK(c.host == "node2");
  CHECK_FALSE(back->cells[1].usage.measured);
  CHECK_FALSE(back->cells[1].warmup.recorded);
  CHECK(back->data_sizes[0].settings == r.data_sizes[0].settings);
  CHECK(back->data_sizes[0].from_cache);
}

TEST_CASE("record_fields: a wrong-typed field of any record names its path",
          "[results][record_fields]") {
  struct Case {
    const char* pointer;  // where the wrong value goes (JSON pointer)
    Json value;
    const char* message;  // the error, after "results.json: "
  };
  const Case cases[] = {
      {"/run/matrix_file", 1, "run.matrix_file: expected a string, got number"},
      {"/run/seed", -1, "run.seed: expected an unsigned integer, got number"},
      {"/run/machine/cores", "4", "run.machine.cores: expected an integer, got string"},
      {"/run/server_host/address", true, "run.server_host.address: expected a string, got boolean"},
      {"/run/server_host/machine/kernel", 6,
       "run.server_host.machine.kernel: expected a string, "
       "got number"},
      {"/run/shard/plan_id", 0, "run.shard.plan_id: expected a string, got number"},
      {"/run/hosts/1/run_id", Json::array(), "run.hosts[1].run_id: expected a string, got array"},
      {"/cells/0/run_length/max_requests", 1.5,
       "cells[0].run_length.max_requests: expected an unsigned integer, got number"},
      {"/cells/0/counters/abandoned", "2",
       "cells[0].counters.abandoned: expected an unsigned integer, got string"},
      {"/cells/0/errors/1/message", 5, "cells[0].errors[1].message: expected a string, got number"},
      {"/cells/0/latency_ms/p99", "slow", "cells[0].latency_ms.p99: expected a number, got string"},
      {"/cells/0/series/1/queries", -4,
       "cells[0].series[1].queries: expected an unsigned integer, got number"},
      {"/cells/0/mix/dialect", 1, "cells[0].mix.dialect: expected a string, got number"},
      {"/cells/0/distribution/pareto_h", "x",
       "cells[0].distribution.pareto_h: expected a number, got string"},
      {"/cells/0/usage/cpu_interval_s", "2",
       "cells[0].usage.cpu_interval_s: expected a number, got string"},
      {"/cells/0/usage/placement/server_migrations", 0.5,
       "cells[0].usage.placement.server_migrations: expected an integer, got number"},
      {"/cells/0/warmup/prewarm_seconds", "0",
       "cells[0].warmup.prewarm_seconds: expected a number, got string"},
      {"/cells/1/host", 7, "cells[1].host: expected a string, got number"},
      {"/data_sizes/0/index_length", "45",
       "data_sizes[0].index_length: expected an unsigned integer, got string"},
      {"/data_sizes/1/statistics", 1, "data_sizes[1].statistics: expected a string, got number"},
  };
  for (const Case& c : cases) {
    INFO(c.pointer);
    Json json = results_to_json(every_record());
    json[Json::json_pointer(c.pointer)] = c.value;
    CHECK(problem_of(json) == std::string("results.json: ") + c.message);
  }
}

TEST_CASE("record_fields: a file without the keys older versions did not write reads",
          "[results][record_fields]") {
  Json json = results_to_json(every_record());
  Json& run = json["run"];
  for (const char* key :
       {"min_difference_pct", "interference_limit_pct", "metric", "thread_placement",
        "multiple_comparisons", "estimate", "seed", "max_repeats", "sequential_alpha", "machine",
        "server_host", "shard", "hosts"})
    run.erase(key);
  for (Json& cell : json["cells"]) {
    for (const char* key :
         {"tables", "table_size", "transport", "run_length", "errors", "cpu_probe", "cpu_quota_pct",
          "series", "mix", "distribution", "usage", "warmup", "host"})
      cell.erase(key);
    cell["counters"].erase("abandoned");
  }
  for (Json& size : json["data_sizes"])
    for (const char* key :
         {"statistics", "from_cache", "table_charset", "table_collation", "settings"})
      size.erase(key);
  auto back = reread(json);
  REQUIRE(back.has_value());
  const RunInfo defaults;
  const RunInfo& i = back->info;
  CHECK(i.min_difference_pct == defaults.min_difference_pct);
  CHECK(i.interference_limit_pct == defaults.interference_limit_pct);
  CHECK(i.metric == "tps");
  CHECK(i.thread_placement == "free");
  CHECK(i.multiple_comparisons.empty());  // what results without it used: no adjustment
  CHECK(i.estimate == "independent");
  CHECK(i.seed == 0);
  CHECK(i.max_repeats == 0);
  CHECK(i.machine.cpu_model.empty());
  CHECK(i.server_host.empty());
  CHECK(i.shard.count == 0);
  CHECK(i.hosts.empty());
  const CellRecord& c = back->cells[0];
  CHECK(c.tables == 0);
  CHECK(c.table_size == 0);
  CHECK(c.transport == "tcp");
  CHECK(c.warmup_s == -1);
  CHECK(c.duration_s == -1);
  CHECK(c.max_requests == 0);
  CHECK(c.counters.abandoned == 0);
  CHECK(c.errors.empty());
  CHECK(c.cpu_probe == 0);
  CHECK(c.series.empty());
  CHECK(c.mix.dialect == "sysbench-1.0");
  CHECK(c.distribution.type == versus::sysbench::RandType::special);
  CHECK_FALSE(c.usage.measured);
  CHECK_FALSE(c.warmup.recorded);
  CHECK(c.host.empty());
  const DataSizeRecord& s = back->data_sizes[0];
  CHECK(s.statistics.empty());
  CHECK_FALSE(s.from_cache);
  CHECK(s.table_collation.empty());
  CHECK(s.settings.empty());
  // What such a file reads as, it writes back: nothing more than it had, but the defaults.
  Json again = results_to_json(*back);
  CHECK(again["run"]["estimate"] == "independent");
  CHECK_FALSE(again["cells"][0].contains("usage"));
}

namespace {
versus::measured::QueryResults some_query_results() {
  namespace m = versus::measured;
  m::QueryResults q;
  q.recorded = true;
  q.seconds = 1.25;
  m::ClassResults c;
  c.statement = "select id from people where name = ?";
  c.nondeterminism = {"calls NOW()"};
  m::ExecutionResult e;
  e.line = 12;
  e.text = "SELECT id FROM people WHERE name = 'Strasse'";
  e.result_set = true;
  e.rows = 1;
  e.checksum = "1:00000000000000010000000000000002";
  e.warnings = {{1292, "Warning", "Truncated incorrect INTEGER value: '1x'"}};
  e.columns = {"id"};
  e.rows_shown = {"id=#c4ca4238"};
  c.executions.push_back(e);
  m::ExecutionResult failed;
  failed.text = "SELECT JSON_DETAILED('[]')";
  failed.error = 1305;
  failed.error_message = "FUNCTION sbtest.JSON_DETAILED does not exist";
  c.executions.push_back(failed);
  c.rest = {4, "0123456789abcdef"};
  q.classes.push_back(c);
  m::ClassResults sums;
  sums.statement = "select sum(x) from t";
  sums.tolerant = true;
  sums.executions.push_back(e);
  q.classes.push_back(sums);
  return q;
}
}  // namespace

TEST_CASE("a cell's query results round trip; a cell without them writes none",
          "[results][query_results]") {
  CellRecord cell = every_record().cells[0];
  CHECK_FALSE(cell_to_json(cell).contains("query_results"));
  auto plain = cell_from_json(Json::parse(cell_to_json(cell).dump()), "cell");
  REQUIRE(plain);
  CHECK_FALSE(plain->query_results.recorded);  // an older file, or another workload
  cell.query_results = some_query_results();
  const Json j = cell_to_json(cell);
  REQUIRE(j.contains("query_results"));
  const Json& q = j["query_results"];
  CHECK_FALSE(q.contains("rows_values"));
  CHECK_FALSE(q.contains("stopped"));
  CHECK(q["classes"][0]["executions"][1].dump() ==
        R"j({"text":"SELECT JSON_DETAILED('[]')","result_set":false,"rows":0,"error":1305,)j"
        R"j("error_message":"FUNCTION sbtest.JSON_DETAILED does not exist"})j");
  CHECK(q["classes"][1]["tolerant"] == true);
  CHECK_FALSE(q["classes"][1].contains("rest"));
  auto back = cell_from_json(Json::parse(j.dump()), "cell");
  REQUIRE(back);
  CHECK(back->query_results == cell.query_results);
  cell.query_results.rows_values = true;
  cell.query_results.stopped = "interrupted";
  back = cell_from_json(Json::parse(cell_to_json(cell).dump()), "cell");
  REQUIRE(back);
  CHECK(back->query_results == cell.query_results);
}

TEST_CASE("malformed query results name their field", "[results][query_results]") {
  CellRecord cell = every_record().cells[0];
  cell.query_results = some_query_results();
  Json j = cell_to_json(cell);
  j["query_results"]["classes"][0]["executions"][0]["warnings"][0]["code"] = "x";
  auto back = cell_from_json(j, "cells[0]");
  REQUIRE_FALSE(back);
  CHECK(back.error().message.find("cells[0].query_results.classes[0].executions[0].warnings[0]"
                                  ".code") != std::string::npos);
}
