#include "report/notes/plan_notes.h"

#include <fmt/format.h>

#include <algorithm>

#include "sysbench/workload.h"

namespace versus::report {
namespace {

// The record of the column's instance that has plans, preferring the table's size.
const results::DataSizeRecord* planned_instance(const results::RunResults& results,
                                                const ComparisonTable& table, const Column& c) {
  const results::DataSizeRecord* found = nullptr;
  for (const results::DataSizeRecord& d : results.data_sizes) {
    if (d.server != c.server || d.profile != c.profile || d.engine != table.engine) continue;
    if (d.plans.empty()) continue;
    if (d.table_size == table.table_size) return &d;
    if (found == nullptr) found = &d;
  }
  return found;
}

// The classes the table's cells timed, in order of first appearance.
std::vector<std::string> timed_classes(const ComparisonTable& table) {
  std::vector<std::string> out;
  for (const ComparisonRow& row : table.rows)
    for (const ComparisonCell& cell : row.cells)
      for (const auto& entry : cell.statement_ms)
        if (std::find(out.begin(), out.end(), entry.first) == out.end())
          out.push_back(entry.first);
  return out;
}

std::string shown(const std::string& value) { return value.empty() ? "none" : value; }

}  // namespace

std::vector<std::vector<results::StatementPlan>> column_plans(const results::RunResults& results,
                                                              const ComparisonTable& table) {
  const std::string statements = sysbench::statements_of_named(table.workload);
  std::vector<std::vector<results::StatementPlan>> out;
  for (const Column& c : table.columns) {
    std::vector<results::StatementPlan> plans;
    if (const auto* d = planned_instance(results, table, c))
      for (const results::StatementPlan& p : d->plans)
        if (p.statements == statements) plans.push_back(p);
    out.push_back(std::move(plans));
  }
  return out;
}

bool plans_recorded(const ComparisonTable& table, std::size_t column) {
  auto any_read = [](const std::vector<results::StatementPlan>& plans) {
    return std::any_of(plans.begin(), plans.end(),
                       [](const results::StatementPlan& p) { return p.error.empty(); });
  };
  return column < table.plans.size() && any_read(table.plans[0]) && any_read(table.plans[column]);
}

std::vector<results::StatementPlanChange> column_plan_changes(const ComparisonTable& table,
                                                              std::size_t column) {
  if (column == 0 || !plans_recorded(table, column)) return {};
  const std::string statements = table.plans[0].front().statements;
  return results::statement_plan_changes(table.plans[0], table.plans[column], statements,
                                         timed_classes(table));
}

std::string plan_change_text(const results::PlanChange& c) {
  using results::PlanAspect;
  switch (c.aspect) {
    case PlanAspect::table:
      return c.from.empty() ? "also reads " + c.to : "no longer reads " + c.from;
    case PlanAspect::access: return "access " + shown(c.from) + " -> " + shown(c.to);
    case PlanAspect::key: return "key " + shown(c.from) + " -> " + shown(c.to);
    case PlanAspect::rows: return "rows " + c.from + " -> " + c.to;
    case PlanAspect::filesort: return "Using filesort " + c.from + " -> " + c.to;
    case PlanAspect::temporary: return "Using temporary " + c.from + " -> " + c.to;
  }
  return "";
}

std::string statement_plan_change_text(const results::StatementPlanChange& change) {
  std::string text = change.statement_class + ": ";
  for (std::size_t i = 0; i < change.changes.size(); ++i)
    text += (i ? ", " : "") + plan_change_text(change.changes[i]);
  return text;
}

std::string plan_text(const results::StatementPlan& plan) {
  if (!plan.error.empty()) return "EXPLAIN failed: " + plan.error;
  std::string text;
  for (const results::PlanTable& t : plan.shape.tables)
    text += fmt::format("{}{} {} {} {:.0f} rows", text.empty() ? "" : "; ", t.table,
                        shown(t.access_type), shown(t.key), t.rows);
  if (plan.shape.filesort) text += ", filesort";
  if (plan.shape.temporary) text += ", temporary";
  return text.empty() ? "no table read" : text;
}

}  // namespace versus::report
