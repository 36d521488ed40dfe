// EXPLAIN's output normalised (results/record/statement_plan.h), on output captured once from the
// real releases (tests/golden/explain/<server>/<class>.json: MariaDB 10.11.19 and 11.8, MySQL 9.7
// as shipped and with range_optimizer_max_mem_size=1), and the plan diff over them
// (results/evidence/plan_diff.h).
#include "results/record/statement_plan.h"

#include <catch2/catch.hpp>

#include "results/evidence/plan_diff.h"
#include "support/golden.h"

using versus::results::json_plan_shape;
using versus::results::PlanAspect;
using versus::results::PlanChange;
using versus::results::plan_diff;
using versus::results::plan_shape;
using versus::results::PlanShape;
using versus::results::tabular_plan_shape;

namespace {
// The shape of the captured EXPLAIN FORMAT=JSON of `klass` ("order_by_range") on `server`.
PlanShape captured(const std::string& server, const std::string& klass) {
  const std::string text = versus::testing::read_text(std::filesystem::path(VERSUS_GOLDEN_DIR) /
                                                       "explain" / server / (klass + ".json"));
  INFO(server << " " << klass);
  REQUIRE_FALSE(text.empty());
  auto shape = json_plan_shape(text);
  REQUIRE(shape);
  return *shape;
}

// "range PRIMARY 100" of a one-table plan, then " filesort" and " temporary" when it has them.
std::string summary(const PlanShape& s) {
  std::string text;
  for (const auto& t : s.tables)
    text += t.access_type + " " + (t.key.empty() ? "-" : t.key) + " " +
            std::to_string(static_cast<long long>(t.rows));
  return text + (s.filesort ? " filesort" : "") + (s.temporary ? " temporary" : "");
}
}  // namespace

TEST_CASE("json_plan_shape: tables in nested_loop arrays, flags anywhere", "[results][plan]") {
  auto s = json_plan_shape(R"({"query_block": {"select_id": 1, "nested_loop": [
      {"table": {"table_name": "a", "access_type": "ALL", "rows_examined_per_scan": 7}},
      {"table": {"table_name": "b", "access_type": "eq_ref", "key": "PRIMARY",
                 "rows_examined_per_scan": 1}}]}})");
  REQUIRE(s);
  REQUIRE(s->tables.size() == 2);
  CHECK(s->tables[0].table == "a");
  CHECK(s->tables[0].key.empty());
  CHECK(s->tables[0].rows == 7);
  CHECK(s->tables[1].key == "PRIMARY");
  CHECK_FALSE(s->filesort);
  CHECK_FALSE(json_plan_shape("{").has_value());
  CHECK(json_plan_shape(R"({"plan": 1})").error().message == "EXPLAIN's JSON has no query_block");
}

TEST_CASE("tabular_plan_shape: columns by name, Extra's filesort and temporary",
          "[results][plan]") {
  auto s = tabular_plan_shape(
      "id\tselect_type\ttable\ttype\tpossible_keys\tkey\tkey_len\tref\trows\tExtra\n"
      "1\tSIMPLE\tsbtest1\trange\tPRIMARY\tPRIMARY\t4\tNULL\t99\tUsing where; Using temporary; "
      "Using filesort\n");
  REQUIRE(s);
  REQUIRE(s->tables.size() == 1);
  CHECK(s->tables[0].access_type == "range");
  CHECK(s->tables[0].rows == 99);
  CHECK(s->filesort);
  CHECK(s->temporary);
  auto none = tabular_plan_shape("id\ttable\ttype\tkey\trows\tExtra\n1\tNULL\tNULL\tNULL\tNULL\t"
                                 "Impossible WHERE\n");
  REQUIRE(none);
  CHECK(none->tables.empty());
  CHECK_FALSE(tabular_plan_shape("").has_value());
  CHECK_FALSE(plan_shape("xml", "<plan/>").has_value());
}

namespace {
const std::vector<std::string> kClasses{"point_select",   "simple_range", "sum_range",
                                        "order_by_range", "distinct_range", "index_update",
                                        "non_index_update", "delete",     "insert"};
}  // namespace

TEST_CASE("json_plan_shape: the real releases' plans of sysbench's statements, alike",
          "[results][plan]") {
  // MariaDB: query_block.table or nested_loop[].table, under filesort / temporary_table /
  // read_sorted_file; MySQL (format version 1): query_block.table under ordering_operation and
  // duplicates_removal, rows_examined_per_scan.
  const std::vector<std::string> want{"const PRIMARY 1",
                                      "range PRIMARY 100",
                                      "range PRIMARY 100",
                                      "range PRIMARY 100 filesort",
                                      "range PRIMARY 100 filesort temporary",
                                      "range PRIMARY 1",
                                      "range PRIMARY 1",
                                      "range PRIMARY 1",
                                      " - 0"};
  for (const char* server : {"mariadb-10.11", "mariadb-11.8", "mysql-9.7"})
    for (std::size_t i = 0; i < kClasses.size(); ++i) {
      INFO(server << " " << kClasses[i]);
      CHECK(summary(captured(server, kClasses[i])) == want[i]);
    }
}

TEST_CASE("plan_diff: the real releases' plans, across flavours alike, without the range "
          "optimizer not",
          "[results][plan][plan_diff]") {
  for (const auto& klass : kClasses) {
    INFO(klass);
    CHECK(plan_diff(captured("mariadb-10.11", klass), captured("mariadb-11.8", klass)).empty());
    CHECK(plan_diff(captured("mariadb-10.11", klass), captured("mysql-9.7", klass)).empty());
  }
  // MySQL 9.7 with range_optimizer_max_mem_size=1 scans where it read a range.
  const std::string no_range = "mysql-9.7-no-range";
  CHECK(plan_diff(captured("mysql-9.7", "simple_range"), captured(no_range, "simple_range")) ==
        std::vector<PlanChange>{{PlanAspect::access, "sbtest1", "range", "ALL"},
                                {PlanAspect::key, "sbtest1", "PRIMARY", ""},
                                {PlanAspect::rows, "sbtest1", "100", "9936"}});
  CHECK(plan_diff(captured("mariadb-11.8", "sum_range"), captured(no_range, "sum_range")) ==
        std::vector<PlanChange>{{PlanAspect::access, "sbtest1", "range", "index"},
                                {PlanAspect::key, "sbtest1", "PRIMARY", "k_1"},
                                {PlanAspect::rows, "sbtest1", "100", "9936"}});
  CHECK(plan_diff(captured("mariadb-10.11", "distinct_range"), captured(no_range, "distinct_range"))
            .size() == 3);  // still a filesort through a temporary table
  CHECK(plan_diff(captured("mysql-9.7", "point_select"), captured(no_range, "point_select"))
            .empty());  // const: no range to optimize
}
