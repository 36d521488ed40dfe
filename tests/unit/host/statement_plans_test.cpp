#include "host/statement_plans.h"

#include <catch2/catch.hpp>

using versus::host::explain_statement;
using versus::host::has_json_explain;
using versus::host::plan_from_result;
using versus::host::tabular_text;
using versus::server::Flavour;
using versus::server::VersionInfo;

TEST_CASE("has_json_explain: MySQL from 5.6.5, MariaDB from 10.1", "[host][statement_plans]") {
  CHECK(has_json_explain(VersionInfo{Flavour::mysql, {5, 6, 5}, ""}));
  CHECK_FALSE(has_json_explain(VersionInfo{Flavour::mysql, {5, 5, 62}, ""}));
  CHECK(has_json_explain(VersionInfo{Flavour::percona, {8, 0, 36}, ""}));
  CHECK(has_json_explain(VersionInfo{Flavour::mariadb, {10, 1, 0}, ""}));
  CHECK_FALSE(has_json_explain(VersionInfo{Flavour::mariadb, {10, 0, 38}, ""}));
  CHECK(explain_statement(VersionInfo{Flavour::mariadb, {10, 11, 19}, ""}, "SELECT 1") ==
        "EXPLAIN FORMAT=JSON SELECT 1");
  CHECK(explain_statement(VersionInfo{Flavour::mysql, {5, 1, 73}, ""}, "SELECT 1") ==
        "EXPLAIN SELECT 1");
}

TEST_CASE("tabular_text: names, then rows, tab-separated, NULL spelled out",
          "[host][statement_plans]") {
  versus::client::ResultTable t{{"id", "table", "type", "key"}, {{"1", "sbtest1", "ALL", ""}}};
  CHECK(tabular_text(t) == "id\ttable\ttype\tkey\n1\tsbtest1\tALL\tNULL\n");
}

TEST_CASE("plan_from_result: the JSON's shape, or its problem as the plan's error",
          "[host][statement_plans]") {
  const versus::load::ExplainTemplate t{"sysbench 1.0", "point select",
                                        "SELECT c FROM sbtest1 WHERE id=5"};
  versus::client::ResultTable json{
      {"EXPLAIN"},
      {{R"({"query_block": {"table": {"table_name": "sbtest1", "access_type": "const",
            "key": "PRIMARY", "rows": 1}}})"}}};
  const auto plan = plan_from_result(t, "json", json);
  CHECK(plan.error.empty());
  CHECK(plan.statement_class == "point select");
  CHECK(plan.sql == t.sql);
  REQUIRE(plan.shape.tables.size() == 1);
  CHECK(plan.shape.tables[0].access_type == "const");

  versus::client::ResultTable empty{{"EXPLAIN"}, {}};
  CHECK_FALSE(plan_from_result(t, "json", empty).error.empty());

  versus::client::ResultTable tabular{{"id", "table", "type", "key", "rows", "Extra"},
                                      {{"1", "sbtest1", "range", "PRIMARY", "100",
                                        "Using where; Using filesort"}}};
  const auto old = plan_from_result(t, "tabular", tabular);
  CHECK(old.format == "tabular");
  CHECK(old.shape.filesort);
  CHECK(old.shape.tables.at(0).rows == 100);
}

TEST_CASE("json_format_statement: the classic JSON on MySQL from 8.3, nothing elsewhere",
          "[host][statement_plans]") {
  using versus::host::json_format_statement;
  CHECK(json_format_statement(VersionInfo{Flavour::mysql, {9, 7, 4}, ""}) ==
        "SET SESSION explain_json_format_version = 1");
  CHECK(json_format_statement(VersionInfo{Flavour::percona, {8, 4, 0}, ""}) ==
        "SET SESSION explain_json_format_version = 1");
  CHECK(json_format_statement(VersionInfo{Flavour::mysql, {8, 0, 36}, ""}).empty());
  CHECK(json_format_statement(VersionInfo{Flavour::mariadb, {11, 8, 2}, ""}).empty());
}
