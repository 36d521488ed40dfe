// The run report's JSON ("versus-comparison/1"): nulls for what a cell lacks, full-precision
// numbers, and the optional parts (pairs, sequential, disturbed, host, warnings) only when due.
#include "report/run/run_json.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "support/comparison_tables.h"
#include "support/efficiency_costs.h"

using namespace versus::report;
using versus::testing::ok_comparison_cell;
using versus::testing::shaped_comparison_table;
using versus::testing::small_comparison_table;

TEST_CASE("json: cells without an ok run have null values", "[report][run_json]") {
  const auto json = comparison_to_json({small_comparison_table()}, {});
  const auto& cells = json["tables"][0]["rows"][0]["cells"];
  CHECK(json["format"] == "versus-comparison/1");
  CHECK(cells[0]["ratio"] == 1.0);
  CHECK(cells[2]["tps"].is_null());
  CHECK(cells[2]["ratio"].is_null());
  CHECK(cells[2]["crashed"] == 2);
}

TEST_CASE("json: each table has its load as text, mix and distribution", "[report][run_json]") {
  const auto json = comparison_to_json({shaped_comparison_table()}, {});
  const auto& table = json["tables"][0];
  CHECK(table["load_shape"].get<std::string>().find("BEGIN, 7 point selects, ") !=
        std::string::npos);
  CHECK(table["mix"]["point_selects"] == 7);
  CHECK(table["mix"]["point_selects"].is_number_integer());
  CHECK(table["mix"]["range_size"] == 100);
  CHECK(table["mix"]["transaction"] == true);
  CHECK(table["mix"]["dialect"] == "sysbench-1.0");
  CHECK(table["distribution"]["type"] == "pareto");
  CHECK(table["distribution"]["pareto_h"] == 0.3);
  CHECK(table["distribution"]["spec_pct"] == 1);
}

TEST_CASE("json: TPS statistics, null where there are too few runs", "[report][run_json]") {
  const auto none = summary_to_json(versus::results::summarize({}));
  CHECK(none["n"] == 0);
  CHECK(none["mean"].is_null());
  CHECK(none["median"].is_null());
  const auto one = summary_to_json(versus::results::summarize({1234.5}));
  CHECK(one["mean"] == 1234.5);
  CHECK(one["sd"].is_null());
  CHECK(one["cv"].is_null());
  CHECK(one["ci_low"].is_null());
  const auto three = summary_to_json(versus::results::summarize({1090, 1100, 1110}));
  CHECK(three["n"] == 3);
  CHECK(three["median"] == 1100.0);
  CHECK(three["sd"] == Approx(10));
  CHECK(three["cv"] == Approx(10.0 / 1100));
  CHECK(three["ci_low"] == Approx(1075.1586).epsilon(1e-6));
  CHECK(three["ci_high"] == Approx(1124.8414).epsilon(1e-6));
  std::vector<std::string> keys;
  for (const auto& item : three.items()) keys.push_back(item.key());
  CHECK(keys == std::vector<std::string>{"n", "mean", "median", "sd", "cv", "ci_low", "ci_high"});
}

TEST_CASE("json: an estimate against the baseline, pairs only when paired", "[report][run_json]") {
  CHECK(estimate_to_json(std::nullopt).is_null());
  versus::results::RatioEstimate e;
  e.ratio = 0.95;
  e.verdict = versus::results::Verdict::insufficient_data;
  const auto bare = estimate_to_json(e);
  CHECK(bare["ratio"] == 0.95);
  CHECK(bare["ratio_ci_low"].is_null());
  CHECK(bare["p_value"].is_null());
  CHECK(bare["p_adjusted"].is_null());
  CHECK(bare["verdict"] == "insufficient_data");
  CHECK_FALSE(bare.contains("pairs"));  // independent samples
  e.ci = versus::results::Interval{0.93, 0.97};
  e.p_value = 0.0001;
  e.adjusted_p_value = 0.0004;
  e.verdict = versus::results::Verdict::slower;
  e.pairs = 4;
  const auto paired = estimate_to_json(e);
  CHECK(paired["ratio_ci_low"] == 0.93);
  CHECK(paired["ratio_ci_high"] == 0.97);
  CHECK(paired["p_value"] == 0.0001);
  CHECK(paired["p_adjusted"] == 0.0004);
  CHECK(paired["verdict"] == "slower");
  CHECK(paired["pairs"] == 4);
}

TEST_CASE("json: costs per transaction with their ratios, null without figures",
          "[report][run_json]") {
  ComparisonTable table = small_comparison_table();
  table.rows[0].cells[0].efficiency = versus::testing::costs(100, 40, 5, 0.5, 0, 9);
  table.rows[0].cells[1].efficiency = versus::testing::costs(150, 30, 10, 1, 2, 7.5);
  const auto json = comparison_to_json({table}, {});
  const auto& cells = json["tables"][0]["rows"][0]["cells"];
  const auto& b = cells[1]["efficiency"];
  CHECK(b["server_cpu_us"] == 150.0);
  CHECK(b["ctx_switches"] == 10.0);
  CHECK(b["server_cpu_us_per_query"] == 7.5);
  CHECK(b["ratios"]["server_cpu_us"] == 1.5);
  CHECK(b["ratios"]["client_cpu_us"] == 0.75);
  CHECK(b["ratios"]["write_kb"].is_null());  // the baseline wrote nothing
  CHECK(cells[0]["efficiency"]["ratios"]["read_kb"] == 1.0);
  CHECK(cells[2]["efficiency"].is_null());
}

TEST_CASE("json: a repeats: auto decision and disturbed runs, only when there are",
          "[report][run_json]") {
  ComparisonTable table = small_comparison_table();
  ComparisonCell& b = table.rows[0].cells[1];
  versus::results::SequentialDecision decision;
  decision.state = versus::results::SequentialState::equivalent;
  decision.look = 3;
  decision.estimate.confidence = 0.99;
  b.sequential = decision;
  versus::results::Interference busy;
  busy.other_cpu_s = 1.5;
  busy.steal_s = 0.5;
  busy.capacity_s = 10;
  b.disturbed = {{2, busy, true}};
  const auto json = comparison_to_json({table}, {});
  const auto& cells = json["tables"][0]["rows"][0]["cells"];
  CHECK(cells[1]["sequential"] ==
        nlohmann::ordered_json{{"state", "equivalent"}, {"look", 3}, {"confidence", 0.99}});
  REQUIRE(cells[1]["disturbed"].size() == 1);
  CHECK(cells[1]["disturbed"][0]["round"] == 2);
  CHECK(cells[1]["disturbed"][0]["share"] == Approx(0.2));
  CHECK(cells[1]["disturbed"][0]["left_out"] == true);
  CHECK_FALSE(cells[0].contains("sequential"));
  CHECK_FALSE(cells[0].contains("disturbed"));
  const auto& warnings = json["tables"][0]["warnings"];
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0].get<std::string>(), Catch::StartsWith("busy: b/default at 8 threads"));
}

TEST_CASE("json: a table's axes and coordinates; a row's host only when it has one",
          "[report][run_json]") {
  ComparisonTable table = small_comparison_table();
  table.metric = versus::config::Metric::qps;
  table.tables = 4;
  table.rows[0].table_size = 25000;
  auto json = comparison_to_json({table}, {});
  const auto& t = json["tables"][0];
  CHECK(t["workload"] == "oltp_read_only");
  CHECK(t["metric"] == "qps");
  CHECK(t["rows_by"] == "threads");
  CHECK(t["tables"] == 4);
  CHECK(t["columns"][1] == nlohmann::ordered_json{{"server", "b"}, {"profile", "default"}});
  CHECK(t["rows"][0]["threads"] == 8);
  CHECK(t["rows"][0]["table_size"] == 25000);
  CHECK_FALSE(t["rows"][0].contains("host"));
  CHECK_FALSE(t.contains("warnings"));
  CHECK_FALSE(t.contains("errors"));
  CHECK_FALSE(t.contains("settings"));
  table.rows_by = RowAxis::table_size;
  table.rows[0].host = "node2";
  json = comparison_to_json({table}, {});
  CHECK(json["tables"][0]["rows_by"] == "table_size");
  CHECK(json["tables"][0]["rows"][0]["host"] == "node2");
}

TEST_CASE("json: the run's identity, pretty-printed, invalid UTF-8 replaced",
          "[report][run_json]") {
  versus::results::RunInfo info;
  info.run_id = "20260101-000000";
  ComparisonTable table = small_comparison_table("p\xff");
  std::ostringstream out;
  write_json(out, {table}, info);
  const std::string text = out.str();
  CHECK(text.rfind("{\n  \"format\": \"versus-comparison/1\",\n  \"run\": {", 0) == 0);
  CHECK(text.ends_with("}\n"));
  CHECK(text.find("\"run_id\": \"20260101-000000\"") != std::string::npos);
  CHECK(text.find("\"profile\": \"p\xef\xbf\xbd\"") != std::string::npos);  // U+FFFD
}
