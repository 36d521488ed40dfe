// Statement plans beside a run's tables and in the upgrade report (report/notes/plan_notes.h).
#include "report/notes/plan_notes.h"

#include <catch2/catch.hpp>

#include "support/settings_fixture.h"

using namespace versus::report;
using versus::results::PlanAspect;
using versus::results::StatementPlan;

namespace {
StatementPlan plan(std::string statements, std::string klass, std::string access, double rows) {
  return {std::move(statements), std::move(klass), "SELECT ...", "json", "{}", "",
          {{{"sbtest1", std::move(access), access == "ALL" ? "" : "PRIMARY", rows}}, false, false}};
}
}  // namespace

TEST_CASE("column_plans: each column's instance, the workload's statements only",
          "[report][plan_notes]") {
  auto r = versus::testing::settings_fixture();
  for (auto& d : r.data_sizes)
    d.plans = {plan("sysbench 1.0", "point select", "const", 1),
               plan("sysbench 0.4", "point select", "const", 1)};
  r.data_sizes[3].plans[0].shape.tables[0].access_type = "ALL";  // mysql-9.7/equalized
  const auto tables = build_comparison(r);
  REQUIRE(tables.size() == 1);
  const ComparisonTable& t = tables[0];
  REQUIRE(t.plans.size() == t.columns.size());
  for (const auto& plans : t.plans) {
    REQUIRE(plans.size() == 1);
    CHECK(plans[0].statements == "sysbench 1.0");
  }
  CHECK(column_plan_changes(t, 1).empty());
  const auto changed = column_plan_changes(t, 3);
  REQUIRE(changed.size() == 1);
  CHECK(statement_plan_change_text(changed[0]) == "point select: access const -> ALL");
  r.data_sizes[0].plans.clear();  // the baseline's: none to compare with
  CHECK(column_plan_changes(build_comparison(r)[0], 3).empty());
  CHECK_FALSE(plans_recorded(build_comparison(r)[0], 3));
}

TEST_CASE("column_plans: a workload file's statements, by the workload's name",
          "[report][plan_notes]") {
  auto r = versus::testing::settings_fixture();
  for (auto& c : r.cells) c.workload = "shop";
  for (auto& d : r.data_sizes)
    d.plans = {plan("sysbench 1.0", "point select", "const", 1),
               plan("shop", "customer by id", "const", 1)};
  r.data_sizes[3].plans[1].shape.tables[0].access_type = "ALL";
  const auto tables = build_comparison(r);
  REQUIRE(tables.size() == 1);
  for (const auto& plans : tables[0].plans) {
    REQUIRE(plans.size() == 1);
    CHECK(plans[0].statement_class == "customer by id");
  }
  const auto changed = column_plan_changes(tables[0], 3);
  REQUIRE(changed.size() == 1);
  CHECK(statement_plan_change_text(changed[0]) == "customer by id: access const -> ALL");
}

TEST_CASE("plan texts: each aspect's words, a plan in a few words", "[report][plan_notes]") {
  CHECK(plan_change_text({PlanAspect::key, "t", "PRIMARY", ""}) == "key PRIMARY -> none");
  CHECK(plan_change_text({PlanAspect::rows, "t", "100", "9986"}) == "rows 100 -> 9986");
  CHECK(plan_change_text({PlanAspect::filesort, "", "no", "yes"}) == "Using filesort no -> yes");
  CHECK(plan_change_text({PlanAspect::temporary, "", "yes", "no"}) == "Using temporary yes -> no");
  CHECK(plan_change_text({PlanAspect::table, "sbtest2", "", "sbtest2"}) == "also reads sbtest2");
  CHECK(plan_change_text({PlanAspect::table, "sbtest2", "sbtest2", ""}) == "no longer reads sbtest2");
  StatementPlan p = plan("sysbench 1.0", "DISTINCT range", "range", 100);
  p.shape.filesort = p.shape.temporary = true;
  CHECK(plan_text(p) == "sbtest1 range PRIMARY 100 rows, filesort, temporary");
  p.error = "error 1064: You have an error";
  CHECK(plan_text(p) == "EXPLAIN failed: error 1064: You have an error");
}
