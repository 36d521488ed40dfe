#pragma once
// Statement plans beside a run's tables and in the upgrade report: each column's plans (EXPLAIN
// of every statement template on its instance, results/record/statement_plan.h), the statements
// whose plans differ from the baseline column's (results/evidence/plan_diff.h), and the words for
// them. A plan change is often the real reason for a difference, and an artifact when it comes from
// the optimizer's statistics. Pure.
#include <string>
#include <vector>

#include "report/shared/comparison.h"
#include "results/evidence/plan_diff.h"
#include "results/record/record.h"
#include "results/record/statement_plan.h"

namespace versus::report {

// The plans of every column's instance (the data-size record of its server, profile and engine,
// of the table's size when there is one) of the statements the table's workload sends
// (sysbench::statements_of); empty for a column without recorded plans.
std::vector<std::vector<results::StatementPlan>> column_plans(const results::RunResults& results,
                                                              const ComparisonTable& table);

// The statements whose plans differ between the table's first column and column `column`,
// among the classes its cells timed (all when none did); empty unless both have plans.
std::vector<results::StatementPlanChange> column_plan_changes(const ComparisonTable& table,
                                                              std::size_t column);

// Whether both the first column and column `column` have recorded plans, at least one of
// each explained without an error.
bool plans_recorded(const ComparisonTable& table, std::size_t column);

// "access range -> ALL", "key PRIMARY -> none", "rows 100 -> 9980", "Using filesort no -> yes",
// "table sbtest2 only in ..."; `change` against the baseline.
std::string plan_change_text(const results::PlanChange& change);

// "ORDER BY range: access range -> ALL, key PRIMARY -> none, rows 100 -> 9980"
std::string statement_plan_change_text(const results::StatementPlanChange& change);

// A plan in a few words: "sbtest1 range PRIMARY 100 rows, filesort, temporary";
// "EXPLAIN failed: <error>" when it did.
std::string plan_text(const results::StatementPlan& plan);

}  // namespace versus::report
