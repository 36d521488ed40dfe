#include "report/upgrade/upgrade_query_changes.h"

#include "report/html/html_page.h"
#include "report/notes/plan_notes.h"
#include "report/run/query_changes_table.h"
#include "report/run/query_changes_writers.h"
#include "report/run/run_markdown.h"

namespace versus::report {

namespace {

std::vector<QueryChangesSection> upgrade_sections(const UpgradeReport& r) {
  std::vector<QueryChangesSection> sections;
  for (const results::QueryChanges& q : r.query_changes)
    sections.push_back(query_changes_section(q));
  return sections;
}

const StatementPlanRow* plan_of(const UpgradeReport& r, const std::string& statement) {
  for (const StatementPlanRow& row : r.plans)
    if (row.statement_class == statement) return &row;
  return nullptr;
}

std::string plan_words(const UpgradeReport& r, const StatementPlanRow* row) {
  if (row == nullptr || (!row->from && !row->to)) return "no plan recorded";
  auto side = [](const std::optional<results::StatementPlan>& p) {
    return "[" + (p ? plan_text(*p) : std::string("no plan recorded")) + "]";
  };
  std::string words =
      r.scope.from + " " + side(row->from) + ", " + r.scope.to + " " + side(row->to);
  std::string differs;
  for (const results::PlanChange& c : row->changes)
    differs += (differs.empty() ? "" : ", ") + plan_change_text(c);
  if (row->from && row->to) words += differs.empty() ? "; alike" : "; differs: " + differs;
  return words;
}

}  // namespace

std::vector<ChangedClassPlan> changed_class_plans(const UpgradeReport& r) {
  std::vector<ChangedClassPlan> out;
  for (const results::QueryChanges& q : r.query_changes)
    for (const results::ClassComparison& c : q.classes)
      if (c.outcome == results::ClassOutcome::changed)
        out.push_back({c.statement, plan_words(r, plan_of(r, c.statement))});
  return out;
}

void write_upgrade_query_changes(std::ostream& out, const UpgradeReport& r) {
  if (r.query_changes.empty()) return;
  write_query_changes_markdown(out, upgrade_sections(r), "##");
  const auto plans = changed_class_plans(r);
  if (plans.empty()) {
    out << '\n';
    return;
  }
  out << "\nPlans of the classes that change (EXPLAIN after ANALYZE TABLE; table access key "
         "rows):\n\n";
  for (const ChangedClassPlan& p : plans)
    out << "- " << markdown_code(p.statement) << ": " << markdown_escape(p.words) << '\n';
  out << '\n';
}

std::string upgrade_query_changes_html(const UpgradeReport& r) {
  if (r.query_changes.empty()) return "";
  std::string html = query_changes_html(upgrade_sections(r), "h2");
  const auto plans = changed_class_plans(r);
  if (plans.empty()) return html;
  html +=
      "<section><p>Plans of the classes that change (EXPLAIN after ANALYZE TABLE; table "
      "access key rows):</p>\n<ul>\n";
  for (const ChangedClassPlan& p : plans)
    html +=
        "<li><code>" + html_escape(p.statement) + "</code>: " + html_escape(p.words) + "</li>\n";
  return html + "</ul></section>\n";
}

}  // namespace versus::report
