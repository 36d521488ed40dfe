#include "results/evidence/plan_diff.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace versus::results {
namespace {

const PlanTable* table_named(const PlanShape& shape, const std::string& name) {
  for (const PlanTable& t : shape.tables)
    if (t.table == name) return &t;
  return nullptr;
}

std::string rows_text(double rows) { return fmt::format("{:.0f}", rows); }

bool rows_differ(double a, double b) {
  const double lo = std::max(1.0, std::min(a, b)), hi = std::max(1.0, std::max(a, b));
  return hi / lo > kPlanRowsFactor;
}

void diff_table(const PlanTable& b, const PlanTable& o, std::vector<PlanChange>& out) {
  if (b.access_type != o.access_type)
    out.push_back({PlanAspect::access, b.table, b.access_type, o.access_type});
  if (b.key != o.key) out.push_back({PlanAspect::key, b.table, b.key, o.key});
  if (rows_differ(b.rows, o.rows))
    out.push_back({PlanAspect::rows, b.table, rows_text(b.rows), rows_text(o.rows)});
}

std::string yes_no(bool v) { return v ? "yes" : "no"; }

const StatementPlan* plan_for_class(const std::vector<StatementPlan>& plans, const std::string& statements,
                             const std::string& klass) {
  for (const StatementPlan& p : plans)
    if (p.statements == statements && p.statement_class == klass) return &p;
  return nullptr;
}

}  // namespace

std::vector<PlanChange> plan_diff(const PlanShape& base, const PlanShape& other) {
  std::vector<PlanChange> out;
  for (const PlanTable& b : base.tables) {
    if (const PlanTable* o = table_named(other, b.table))
      diff_table(b, *o, out);
    else
      out.push_back({PlanAspect::table, b.table, b.table, ""});
  }
  for (const PlanTable& o : other.tables)
    if (!table_named(base, o.table)) out.push_back({PlanAspect::table, o.table, "", o.table});
  if (base.filesort != other.filesort)
    out.push_back({PlanAspect::filesort, "", yes_no(base.filesort), yes_no(other.filesort)});
  if (base.temporary != other.temporary)
    out.push_back({PlanAspect::temporary, "", yes_no(base.temporary), yes_no(other.temporary)});
  return out;
}

std::vector<StatementPlanChange> statement_plan_changes(const std::vector<StatementPlan>& base,
                                                        const std::vector<StatementPlan>& other,
                                                        const std::string& statements,
                                                        const std::vector<std::string>& classes) {
  std::vector<StatementPlanChange> out;
  for (const StatementPlan& b : base) {
    if (b.statements != statements || !b.error.empty()) continue;
    if (!classes.empty() &&
        std::find(classes.begin(), classes.end(), b.statement_class) == classes.end())
      continue;
    const StatementPlan* o = plan_for_class(other, statements, b.statement_class);
    if (!o || !o->error.empty()) continue;
    auto changes = plan_diff(b.shape, o->shape);
    if (!changes.empty()) out.push_back({b.statement_class, std::move(changes)});
  }
  return out;
}

}  // namespace versus::results
