#include "results/record/record_json.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "results/record/usage_json.h"

namespace {

using namespace versus::results;
using Json = nlohmann::ordered_json;

CellRecord full_cell() {
  CellRecord c;
  c.server = "mariadb-11.4";
  c.profile = "tuned";
  c.engine = "innodb";
  c.workload = "oltp_read_write";
  c.threads = 16;
  c.repeat = 2;
  c.status = CellStatus::crashed;
  c.error = "server exited with signal 11";
  c.server_version = "11.4.2-MariaDB";
  c.my_cnf = "[mysqld]\ninnodb_buffer_pool_size=1G\n";
  c.error_log = "logs/mariadb-11.4-tuned.err";
  c.started_at = "2024-05-01T10:00:00Z";
  c.seconds = 60.25;
  c.counters = {1000, 14000, 4000, 2000, 3, 1, 0};
  c.tps = 16.597510373443985;
  c.qps = 331.9502074688797;
  c.latency = {0.5, 1.25, 1.1, 2.2, 3.3, 4.4, 5.5, 9.75};
  return c;
}

void require_same(const CellRecord& a, const CellRecord& b) {
  CHECK(cell_to_json(a) == cell_to_json(b));
  CHECK(a.tps == b.tps);
  CHECK(a.latency.p999 == b.latency.p999);
  CHECK(a.counters.queries() == b.counters.queries());
}

RunResults sample_results() {
  RunResults r;
  r.info = {"run-1", "matrix.yaml", "2024-05-01T10:00:00Z", "0.1.0", {"a", "b"}, {"default"}, {}};
  r.cells = {full_cell(), full_cell()};
  r.cells[1].status = CellStatus::ok;
  r.cells[1].error.clear();
  return r;
}

std::string with_cell_field(const std::string& key, const Json& value) {
  Json j = results_to_json(sample_results());
  j["cells"][0][key] = value;
  return j.dump();
}

std::string without_cell_field(const std::string& key) {
  Json j = results_to_json(sample_results());
  j["cells"][0].erase(key);
  return j.dump();
}

std::string error_of(const std::string& text) {
  auto parsed = parse_results(text, "run/results.json");
  REQUIRE_FALSE(parsed.has_value());
  return parsed.error().message;
}

}  // namespace

TEST_CASE("status names round trip", "[results]") {
  for (CellStatus s : {CellStatus::ok, CellStatus::failed, CellStatus::crashed})
    CHECK(status_from_name(status_name(s)) == s);
  CHECK(status_name(CellStatus::failed) == "failed");
  CHECK_FALSE(status_from_name("OK").has_value());
}

TEST_CASE("a cell record round trips through JSON", "[results]") {
  const CellRecord cell = full_cell();
  auto back = cell_from_json(cell_to_json(cell), "cell");
  REQUIRE(back.has_value());
  require_same(cell, *back);
  CHECK(back->status == CellStatus::crashed);
  CHECK(back->my_cnf == cell.my_cnf);
}

TEST_CASE("the JSON of a cell uses the documented names", "[results]") {
  const Json j = cell_to_json(full_cell());
  CHECK(j["status"] == "crashed");
  CHECK(j["counters"]["ignored_errors"] == 3);
  CHECK(j["latency_ms"]["p95"] == 3.3);
  CHECK(j.begin().key() == "server");  // written in declaration order
}

TEST_CASE("run results round trip through text", "[results]") {
  const RunResults r = sample_results();
  const std::string text = results_to_json(r).dump(2);
  CHECK(text.find("\"format\": \"versus-results/3\"") != std::string::npos);
  auto back = parse_results(text, "results.json");
  REQUIRE(back.has_value());
  CHECK(back->info.run_id == "run-1");
  CHECK(back->info.servers == r.info.servers);
  CHECK(back->info.profiles == r.info.profiles);
  REQUIRE(back->cells.size() == 2);
  require_same(r.cells[1], back->cells[1]);
}

TEST_CASE("min_difference_pct round trips; results without it read the default", "[results]") {
  RunResults r = sample_results();
  r.info.min_difference_pct = 5;
  auto json = results_to_json(r);
  auto back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->info.min_difference_pct == 5);
  json["run"].erase("min_difference_pct");
  back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->info.min_difference_pct == 2);
}

TEST_CASE("estimate round trips; results without it read independent", "[results]") {
  RunResults r = sample_results();
  r.info.estimate = "paired";
  auto json = results_to_json(r);
  auto back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->info.estimate == "paired");
  json["run"].erase("estimate");
  back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->info.estimate == "independent");  // what results written before it used
  json["run"]["estimate"] = "fieller";
  back = parse_results(json.dump(), "results.json");
  REQUIRE_FALSE(back.has_value());
  CHECK_THAT(back.error().message, Catch::Contains("estimate"));
}

TEST_CASE("abandoned transactions round trip; results without them read 0", "[results]") {
  RunResults r = sample_results();
  r.cells[0].counters.abandoned = 3;
  auto json = results_to_json(r);
  auto back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->cells[0].counters.abandoned == 3);
  for (auto& cell : json["cells"]) cell["counters"].erase("abandoned");
  back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->cells[0].counters.abandoned == 0);
}

TEST_CASE("errors by code round trip; results without them read none", "[results][errors]") {
  RunResults r = sample_results();
  r.cells[0].counters.ignored_errors = 1252;
  r.cells[0].errors = {
      {1020, versus::measured::ErrorKind::retried, 1251,
       "Record has changed since last read in table 'sbtest1'"},
      {1213, versus::measured::ErrorKind::retried, 1, "Deadlock found when trying to get lock"},
      {2013, versus::measured::ErrorKind::reconnected, 2,
       "Lost connection to server during query"}};
  auto json = results_to_json(r);
  CHECK(json["cells"][0]["errors"][0]["kind"] == "retried");
  CHECK(json["cells"][0]["errors"][2]["kind"] == "reconnected");
  auto back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->cells[0].errors == r.cells[0].errors);
  CHECK(back->cells[0].counters.ignored_errors == 1252);
  for (auto& cell : json["cells"]) cell.erase("errors");  // as written before they were kept
  back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->cells[0].errors.empty());
  CHECK(back->cells[0].counters.ignored_errors == 1252);
}

TEST_CASE("a malformed error entry names its field", "[results][errors]") {
  RunResults r = sample_results();
  r.cells[0].errors = {{1020, versus::measured::ErrorKind::fatal, 1, "x"}};
  auto json = results_to_json(r);
  json["cells"][0]["errors"][0]["kind"] = "ignored";
  auto bad = parse_results(json.dump(), "results.json");
  REQUIRE_FALSE(bad.has_value());
  CHECK_THAT(bad.error().message,
             Catch::Contains("cells[0].errors[0].kind: expected \"retried\", \"reconnected\""));
  json["cells"][0]["errors"][0].erase("count");
  bad = parse_results(json.dump(), "results.json");
  REQUIRE_FALSE(bad.has_value());
  CHECK_THAT(bad.error().message, Catch::Contains("cells[0].errors[0].count: missing"));
}

TEST_CASE("a NaN number reads back as NaN", "[results]") {
  CellRecord cell = full_cell();
  cell.latency.p999 = std::nan("");
  auto back = cell_from_json(Json::parse(cell_to_json(cell).dump()), "cell");
  REQUIRE(back.has_value());
  CHECK(std::isnan(back->latency.p999));
}

TEST_CASE("malformed results name the file and the problem", "[results]") {
  SECTION("not JSON") {
    const auto msg = error_of("{\"format\": ");
    CHECK_THAT(msg, Catch::StartsWith("run/results.json: not valid JSON"));
    CHECK_THAT(msg, Catch::Contains("line 1"));
  }
  SECTION("empty") {
    CHECK(error_of("\n") == "run/results.json: empty file (truncated?)");
  }
  SECTION("truncated") {
    const std::string text = results_to_json(sample_results()).dump(2);
    CHECK_THAT(error_of(text.substr(0, text.size() / 2)), Catch::Contains("not valid JSON"));
  }
  SECTION("top level not an object") {
    CHECK(error_of("[1]") == "run/results.json: expected an object, got array");
  }
  SECTION("other format") {
    CHECK_THAT(error_of(R"({"format": "versus-results/9", "run": {}, "cells": []})"),
               Catch::Contains("format: expected \"versus-results/3\", got \"versus-results/9\""));
  }
  SECTION("no format") {
    CHECK_THAT(error_of("{}"), Catch::Contains("format: missing"));
  }
  SECTION("missing field") {
    CHECK(error_of(without_cell_field("tps")) == "run/results.json: cells[0].tps: missing");
  }
  SECTION("wrong type") {
    CHECK(error_of(with_cell_field("server", 3)) ==
          "run/results.json: cells[0].server: expected a string, got number");
  }
  SECTION("unknown status") {
    CHECK_THAT(error_of(with_cell_field("status", "exploded")),
               Catch::Contains("cells[0].status: expected \"ok\", \"failed\", \"crashed\" or \"unresponsive\""));
  }
  SECTION("threads below 1") {
    CHECK_THAT(error_of(with_cell_field("threads", 0)),
               Catch::EndsWith("cells[0].threads: expected an integer >= 1"));
  }
  SECTION("negative counter") {
    Json j = results_to_json(sample_results());
    j["cells"][1]["counters"]["reads"] = -1;
    CHECK_THAT(
        error_of(j.dump()),
        Catch::EndsWith("cells[1].counters.reads: expected an unsigned integer, got number"));
  }
  SECTION("run info") {
    Json j = results_to_json(sample_results());
    j["run"]["servers"] = Json::array({"a", 1});
    CHECK_THAT(error_of(j.dump()), Catch::EndsWith("run.servers: expected an array of strings"));
  }
}

TEST_CASE("the mix and distribution of a cell round trip", "[results][mix]") {
  CellRecord cell = full_cell();
  cell.mix.dialect = "sysbench-0.4";
  cell.mix.lock_tables = true;
  cell.mix.point_selects = 3;
  cell.mix.distinct_ranges = 0;
  cell.mix.range_size = 7;
  cell.mix.delete_inserts = 0;
  cell.mix.inserts = 2;
  cell.distribution = {versus::sysbench::RandType::pareto, 4, 60, 0.35};
  const Json j = cell_to_json(cell);
  CHECK(j["mix"]["point_selects"] == 3);
  CHECK(j["mix"]["lock_tables"] == true);
  CHECK(j["distribution"]["type"] == "pareto");
  auto back = cell_from_json(Json::parse(j.dump()), "cell");
  REQUIRE(back.has_value());
  require_same(cell, *back);
  CHECK(back->mix.dialect == "sysbench-0.4");
  CHECK(back->mix.range_size == 7u);
  CHECK(back->mix.inserts == 2);
  CHECK(back->distribution.spec_res == 60);
  CHECK(back->distribution.pareto_h == 0.35);
}

TEST_CASE("a microbenchmark's definition round trips; none is written for the others",
          "[results][mix]") {
  CellRecord cell = full_cell();
  cell.workload = "update_one";
  cell.mix.definition = 2;
  const Json j = cell_to_json(cell);
  CHECK(j["mix"]["definition"] == 2);
  auto back = cell_from_json(Json::parse(j.dump()), "cell");
  REQUIRE(back.has_value());
  CHECK(back->mix.definition == 2);
  cell.mix.definition = 0;
  CHECK_FALSE(cell_to_json(cell)["mix"].contains("definition"));
}

TEST_CASE("results without a mix read as sysbench 1.0's defaults", "[results][mix]") {
  Json j = cell_to_json(full_cell());
  j.erase("mix");
  j.erase("distribution");
  auto back = cell_from_json(j, "cell");
  REQUIRE(back.has_value());
  CHECK(back->mix.dialect == "sysbench-1.0");
  CHECK(back->mix.point_selects == 10);
  CHECK(back->mix.range_size == 100u);
  CHECK(back->mix.delete_inserts == 1);
  CHECK(back->distribution.type == versus::sysbench::RandType::special);
  CHECK(back->distribution.spec_pct == 1);
  CHECK(back->distribution.spec_res == 75);
  CHECK(back->distribution.pareto_h == 0.2);
}

TEST_CASE("a malformed mix names its field", "[results][mix]") {
  Json j = cell_to_json(full_cell());
  j["mix"]["range_size"] = 0;
  auto back = cell_from_json(j, "cells[0]");
  REQUIRE_FALSE(back.has_value());
  CHECK(back.error().message == "cells[0].mix.range_size: expected an integer >= 1");
  j = cell_to_json(full_cell());
  j["mix"]["transaction"] = "yes";
  back = cell_from_json(j, "cells[0]");
  REQUIRE_FALSE(back.has_value());
  CHECK(back.error().message == "cells[0].mix.transaction: expected true or false, got string");
}

TEST_CASE("usage figures round trip; a cell without them writes none", "[results][usage]") {
  RunResults r = sample_results();
  versus::measured::UsageRecord& u = r.cells[0].usage;
  u.measured = true;
  u.server_user_s = 1.25;
  u.server_system_s = 0.5;
  u.client_user_s = 0.125;
  u.client_system_s = 0.25;
  u.voluntary_switches = 12345;
  u.involuntary_switches = 67;
  u.read_bytes = 4096;
  u.write_bytes = 1 << 20;
  u.read_chars = 5000;
  u.write_chars = 2000000;
  u.peak_rss_bytes = 300 << 20;
  u.host_busy_s = 3.5;
  u.steal_s = 0.25;
  u.host_cpus = 2;
  u.host_speed = 612.5;
  u.host_speed_samples = 9;
  u.interval_s = 2.0625;
  u.cpu_interval_s = 2.125;
  u.transactions = 1003;
  u.placement = {4, {{0, 9}, {1, 3}}, {{1, 4}}, 12, -1};
  u.status = {{"Com_commit", 1000}, {"Threads_connected", -3}};
  u.innodb_metrics = {{"buffer_LRU_get_free_search", 7}};
  auto json = results_to_json(r);
  CHECK_FALSE(json["cells"][1].contains("usage"));
  auto back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  const versus::measured::UsageRecord& b = back->cells[0].usage;
  CHECK(b.measured);
  CHECK(usage_to_json(b) == usage_to_json(u));
  CHECK(b.status.at("Threads_connected") == -3);
  CHECK_FALSE(back->cells[1].usage.measured);
  SECTION("a usage record written before the snapshot interval, steal and speed were recorded") {
    for (const char* key : {"interval_s", "cpu_interval_s", "transactions", "steal_s", "placement",
                            "host_speed", "host_speed_samples"})
      json["cells"][0]["usage"].erase(key);
    auto old = parse_results(json.dump(), "results.json");
    REQUIRE(old.has_value());
    CHECK(old->cells[0].usage.measured);
    CHECK(old->cells[0].usage.transactions == 0);
    CHECK(old->cells[0].usage.interval_s == 0);
    CHECK(old->cells[0].usage.cpu_interval_s == 0);
    CHECK(old->cells[0].usage.steal_s == 0);
    CHECK(old->cells[0].usage.placement.samples == 0);
    CHECK(old->cells[0].usage.host_speed_samples == 0);
  }
  SECTION("a placement's CPU must be a number") {
    json["cells"][0]["usage"]["placement"]["server_cpus"]["x"] = 1;
    CHECK_THAT(parse_results(json.dump(), "results.json").error().message,
               Catch::Contains("cells[0].usage.placement.server_cpus.x: expected a CPU number"));
  }
  json["cells"][0]["usage"]["status"]["Com_commit"] = "many";
  CHECK_THAT(parse_results(json.dump(), "results.json").error().message,
             Catch::Contains("cells[0].usage.status.Com_commit: expected an integer"));
}

TEST_CASE("results.json of format 1 still reads, without usage and with metric tps",
          "[results][usage]") {
  RunResults r = sample_results();
  r.info.metric = "rw";
  auto json = results_to_json(r);
  auto back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->info.metric == "rw");
  json["format"] = "versus-results/1";
  json["run"].erase("metric");
  back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->info.metric == "tps");
  CHECK_FALSE(back->cells[0].usage.measured);
}

TEST_CASE("results.json round-trips every field: series, mix, distribution, cpu_probe",
          "[results]") {
  RunResults r = sample_results();
  r.info.machine = {"Xeon", 8, "Linux 6.1.0 x86_64", "performance", 1ULL << 34};
  r.info.min_difference_pct = 3.5;
  CellRecord& c = r.cells[0];
  c.counters.abandoned = 4;
  c.cpu_probe = 123.25;
  c.series = {{1.0, 1.0, 100, 2000, 1, 2.5}, {1.5, 0.5, 40, 800, 0, 3.75}};
  c.mix.dialect = "sysbench-0.4";
  c.mix.transaction = false;
  c.mix.lock_tables = true;
  int next = 2;  // every count different from its default and from the others
  versus::sysbench::for_each_count(c.mix, [&](const char*, int& count) { count = next++; });
  c.distribution = {versus::sysbench::RandType::gaussian, 7, 42, 0.45};

  auto back = parse_results(results_to_json(r).dump(2), "results.json");
  REQUIRE(back.has_value());
  const CellRecord& b = back->cells[0];
  CHECK(back->info.machine.cpu_model == "Xeon");
  CHECK(back->info.machine.cores == 8);
  CHECK(back->info.machine.kernel == r.info.machine.kernel);
  CHECK(back->info.machine.governor == "performance");
  CHECK(back->info.machine.memory_bytes == (1ULL << 34));
  CHECK(back->info.min_difference_pct == 3.5);
  CHECK(b.counters.abandoned == 4);
  CHECK(b.cpu_probe == 123.25);
  REQUIRE(b.series.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(b.series[i].t_s == c.series[i].t_s);
    CHECK(b.series[i].seconds == c.series[i].seconds);
    CHECK(b.series[i].transactions == c.series[i].transactions);
    CHECK(b.series[i].queries == c.series[i].queries);
    CHECK(b.series[i].errors == c.series[i].errors);
    CHECK(b.series[i].p95_ms == c.series[i].p95_ms);
  }
  CHECK(b.mix.dialect == "sysbench-0.4");
  CHECK_FALSE(b.mix.transaction);
  CHECK(b.mix.lock_tables);
  int expected = 2;
  versus::sysbench::for_each_count(b.mix, [&](const char* name, int count) {
    INFO(name);
    CHECK(count == expected++);
  });
  CHECK(b.distribution.type == versus::sysbench::RandType::gaussian);
  CHECK(b.distribution.spec_pct == 7);
  CHECK(b.distribution.spec_res == 42);
  CHECK(b.distribution.pareto_h == 0.45);
  // And the rest, through the writer: nothing lost or changed.
  CHECK(cell_to_json(b) == cell_to_json(c));
  CHECK(cell_to_json(back->cells[1]) == cell_to_json(r.cells[1]));
}

TEST_CASE("an unknown rand type in results.json names the field", "[results][mix]") {
  Json j = results_to_json(sample_results());
  j["cells"][0]["distribution"]["type"] = "zipf";
  CHECK(error_of(j.dump()).find("distribution.type: expected a sysbench --rand-type name, got "
                                "\"zipf\"") != std::string::npos);
}

TEST_CASE(
    "tables, table_size, transport and run length round trip; older results read the "
    "defaults",
    "[results]") {
  RunResults r = sample_results();
  r.cells[0].tables = 4;
  r.cells[0].table_size = 5'000'000'000;  // above 32 bits
  r.cells[0].transport = "socket";
  r.cells[0].warmup_s = 0;
  r.cells[0].duration_s = 0;
  r.cells[0].max_requests = 100000;
  auto json = results_to_json(r);
  auto back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->cells[0].tables == 4);
  CHECK(back->cells[0].table_size == 5'000'000'000);
  CHECK(back->cells[0].transport == "socket");
  CHECK(back->cells[0].duration_s == 0);
  CHECK(back->cells[0].max_requests == 100000);
  for (auto& cell : json["cells"])
    for (const char* key : {"tables", "table_size", "transport", "run_length"}) cell.erase(key);
  back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->cells[0].tables == 0);
  CHECK(back->cells[0].table_size == 0);
  CHECK(back->cells[0].transport == "tcp");
  CHECK(back->cells[0].duration_s == -1);
}

TEST_CASE("data sizes round trip; a malformed one names its field; none when absent",
          "[results][data_size]") {
  RunResults r = sample_results();
  DataSizeRecord s;
  s.server = "a";
  s.profile = "p";
  s.engine = "innodb";
  s.tables = 2;
  s.table_size = 5'000'000'000;
  s.file_source = "shared tablespace";
  s.data_file_bytes = 1ULL << 33;
  s.index_file_bytes = 7;
  s.data_length = 123;
  s.index_length = 45;
  r.data_sizes = {s};
  Json j = results_to_json(r);
  auto back = parse_results(j.dump(), "results.json");
  REQUIRE(back.has_value());
  REQUIRE(back->data_sizes.size() == 1);
  const DataSizeRecord& b = back->data_sizes[0];
  CHECK(b.table_size == s.table_size);
  CHECK(b.file_source == s.file_source);
  CHECK(b.data_file_bytes == s.data_file_bytes);
  CHECK(b.index_length == 45);
  j["data_sizes"][0]["data_length"] = "big";
  CHECK_THAT(error_of(j.dump()),
             Catch::Contains("data_sizes[0].data_length: expected an unsigned integer"));
  j.erase("data_sizes");
  back = parse_results(j.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->data_sizes.empty());
}

TEST_CASE("where the servers ran round trips; a local run writes none", "[results][hosts]") {
  RunResults r = sample_results();
  CHECK_FALSE(results_to_json(r)["run"].contains("server_host"));
  r.info.server_host = "db1";
  r.info.server_address = "10.231.0.2";
  r.info.server_machine = {"EPYC", 4, "Linux 6.1", "", 8u << 30};
  r.cells[0].usage.measured = true;
  r.cells[0].usage.client_on_host = false;
  auto json = results_to_json(r);
  CHECK(json["cells"][0]["usage"]["client_on_host"] == false);
  CHECK_FALSE(json["cells"][1].contains("usage"));
  auto back = parse_results(json.dump(), "results.json");
  REQUIRE(back.has_value());
  CHECK(back->info.server_host == "db1");
  CHECK(back->info.server_address == "10.231.0.2");
  CHECK(back->info.server_machine.cpu_model == "EPYC");
  CHECK(back->info.server_machine.memory_bytes == 8u << 30);
  CHECK_FALSE(back->cells[0].usage.client_on_host);
  json["cells"][0]["usage"]["client_on_host"] = "no";
  auto bad = parse_results(json.dump(), "results.json");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message.find("client_on_host: expected true or false") != std::string::npos);
}
