#pragma once
// Plan diff: what differs between two plans of the same statement
// (results/record/statement_plan.h), the facts a reader checks first: each table's access type and
// key, the optimizer's row estimate when it differs by more than kPlanRowsFactor, and whether the
// plan sorts with a filesort or uses a temporary table. Pure; report/notes words it.
#include <string>
#include <vector>

#include "results/record/statement_plan.h"

namespace versus::results {

// Row estimates within this factor of each other are alike (InnoDB's are samples: the same
// table analyzed twice estimates a range of 100 ids as 100 or 101).
inline constexpr double kPlanRowsFactor = 2.0;

enum class PlanAspect { table, access, key, rows, filesort, temporary };

// One difference: `from` is the baseline's value, `to` the other's ("" for none; the flags
// "yes"/"no"; a table only one side reads: aspect table, its name on the side that reads it).
struct PlanChange {
  PlanAspect aspect = PlanAspect::access;
  std::string table;  // the table it concerns ("" for the flags)
  std::string from, to;
  bool operator==(const PlanChange& o) const {
    return aspect == o.aspect && table == o.table && from == o.from && to == o.to;
  }
};

// The differences from `base` to `other`, tables matched by name in base's order, then the
// flags; empty when the plans are alike.
std::vector<PlanChange> plan_diff(const PlanShape& base, const PlanShape& other);

// One statement's differences between two instances.
struct StatementPlanChange {
  std::string statement_class;
  std::vector<PlanChange> changes;
};

// The statements of `statements` ("sysbench 1.0") both sides explained without an error whose
// plans differ, in base's order; `classes` limits them to those (all when empty).
std::vector<StatementPlanChange> statement_plan_changes(const std::vector<StatementPlan>& base,
                                                        const std::vector<StatementPlan>& other,
                                                        const std::string& statements,
                                                        const std::vector<std::string>& classes);

}  // namespace versus::results
