#include "results/evidence/plan_diff.h"

#include <catch2/catch.hpp>

using versus::results::PlanAspect;
using versus::results::PlanChange;
using versus::results::PlanShape;
using versus::results::PlanTable;
using versus::results::plan_diff;
using versus::results::StatementPlan;
using versus::results::statement_plan_changes;

namespace {
PlanShape range(double rows) { return {{{"sbtest1", "range", "PRIMARY", rows}}, false, false}; }
PlanShape scan(double rows) { return {{{"sbtest1", "ALL", "", rows}}, false, false}; }
StatementPlan plan(std::string klass, PlanShape shape, std::string error = "") {
  return {"sysbench 1.0", std::move(klass), "SELECT ...", "json", "{}", std::move(error),
          std::move(shape)};
}
}  // namespace

TEST_CASE("plan_diff: access type, key and a row estimate beyond x2", "[results][plan_diff]") {
  CHECK(plan_diff(range(100), range(100)).empty());
  CHECK(plan_diff(range(100), range(199)).empty());  // within x2: InnoDB's estimates wander
  CHECK(plan_diff(range(100), range(201)) ==
        std::vector<PlanChange>{{PlanAspect::rows, "sbtest1", "100", "201"}});
  CHECK(plan_diff(range(100), scan(9986)) ==
        std::vector<PlanChange>{{PlanAspect::access, "sbtest1", "range", "ALL"},
                                {PlanAspect::key, "sbtest1", "PRIMARY", ""},
                                {PlanAspect::rows, "sbtest1", "100", "9986"}});
  CHECK(plan_diff(PlanShape{{{"t", "const", "PRIMARY", 1}}, false, false},
                  PlanShape{{{"t", "const", "PRIMARY", 0}}, false, false})
            .empty());  // 0 and 1 row alike
}

TEST_CASE("plan_diff: filesort, temporary table and tables one side reads",
          "[results][plan_diff]") {
  PlanShape sorted = range(100);
  sorted.filesort = sorted.temporary = true;
  CHECK(plan_diff(range(100), sorted) ==
        std::vector<PlanChange>{{PlanAspect::filesort, "", "no", "yes"},
                                {PlanAspect::temporary, "", "no", "yes"}});
  PlanShape two = range(100);
  two.tables.push_back({"sbtest2", "ALL", "", 10});
  CHECK(plan_diff(two, range(100)) ==
        std::vector<PlanChange>{{PlanAspect::table, "sbtest2", "sbtest2", ""}});
  CHECK(plan_diff(range(100), two) ==
        std::vector<PlanChange>{{PlanAspect::table, "sbtest2", "", "sbtest2"}});
}

TEST_CASE("statement_plan_changes: by class, errors and other statements left out",
          "[results][plan_diff]") {
  const std::vector<StatementPlan> base{plan("point select", range(1)),
                                        plan("simple range", range(100)),
                                        plan("SUM range", range(100)),
                                        plan("ORDER BY range", range(100))};
  std::vector<StatementPlan> other{plan("point select", range(1)),
                                   plan("simple range", scan(10000)),
                                   plan("SUM range", scan(10000), "error 1064: syntax"),
                                   plan("ORDER BY range", scan(10000))};
  other.push_back(plan("DISTINCT range", scan(10000)));  // the baseline lacks it
  const auto all = statement_plan_changes(base, other, "sysbench 1.0", {});
  REQUIRE(all.size() == 2);
  CHECK(all[0].statement_class == "simple range");
  CHECK(all[0].changes.size() == 3);
  CHECK(all[1].statement_class == "ORDER BY range");
  const auto timed = statement_plan_changes(base, other, "sysbench 1.0", {"ORDER BY range"});
  REQUIRE(timed.size() == 1);
  CHECK(timed[0].statement_class == "ORDER BY range");
  CHECK(statement_plan_changes(base, other, "sysbench 0.4", {}).empty());
}
