#include "report/evidence.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "report/cell_text.h"

namespace versus::report {
namespace {
using results::CounterChange;
using results::PerTransaction;

std::string row_text(const ComparisonTable& table, const ComparisonRow& row) {
  if (table.rows_by == RowAxis::table_size) return fmt::format("{} rows", row.table_size);
  return threads_text(row.threads);
}

// Names `side` has and `other` lacks (ignored counters left out), largest value first.
std::vector<std::string> only_in(const PerTransaction& side, const PerTransaction& other) {
  std::vector<std::pair<double, std::string>> found;
  for (const auto& [name, value] : side)
    if (!other.count(name) && !results::ignored_counter(name)) found.emplace_back(-value, name);
  std::sort(found.begin(), found.end());
  std::vector<std::string> names;
  for (const auto& f : found) names.push_back(f.second);
  return names;
}

double value_of(const PerTransaction& m, const std::string& name) {
  auto it = m.find(name);
  return it == m.end() ? 0 : it->second;
}

// The plan, independent of how many statements a transaction ran (retries after deadlocks
// add statements to a committed transaction): the share of the range queries that scanned
// the table, and the rows read by position per range query.
struct PlanShape {
  double queries = 0;     // Select_scan + Select_range per transaction
  double scan_share = 0;  // Select_scan / queries
  double rnd_next = 0;    // Handler_read_rnd_next / queries
};

PlanShape plan_shape(const PerTransaction& m) {
  PlanShape p;
  p.queries = value_of(m, "Select_scan") + value_of(m, "Select_range");
  if (p.queries <= 0) return p;
  p.scan_share = value_of(m, "Select_scan") / p.queries;
  p.rnd_next = value_of(m, "Handler_read_rnd_next") / p.queries;
  return p;
}

bool plan_differs(const PerTransaction& base, const PerTransaction& other) {
  const PlanShape b = plan_shape(base), o = plan_shape(other);
  if (b.queries < kPlanMinQueries && o.queries < kPlanMinQueries) return false;
  if (std::abs(b.scan_share - o.scan_share) > kPlanShareDifference) return true;
  const double f = results::kRankFloor;
  return std::abs(std::log((o.rnd_next + f) / (b.rnd_next + f))) > std::log(kPlanFactor);
}

// The plan counters per transaction, when the plans differ.
std::vector<CounterChange> plan_changes(const PerTransaction& base, const PerTransaction& other) {
  std::vector<CounterChange> shown;
  if (!plan_differs(base, other)) return shown;
  for (const std::string& name : kPlanCounters)
    if (base.count(name) && other.count(name))
      shown.push_back({name, value_of(base, name), value_of(other, name), 0});
  return shown;
}

ColumnEvidence evidence_of(const ComparisonTable& table, const ComparisonRow& row, std::size_t i) {
  const PerTransaction& base = row.cells[0].per_transaction;
  const PerTransaction& other = row.cells[i].per_transaction;
  return {row_text(table, row), column_label(table.columns[i]),
          results::rank_changes(base, other, kEvidenceTop), plan_changes(base, other),
          only_in(base, other), only_in(other, base)};
}

// "only in a/p: X, Y, Z (+12)"; empty when `names` is.
std::string only_text(const std::string& column, const std::vector<std::string>& names) {
  if (names.empty()) return "";
  std::string text = "only in " + column + ": ";
  for (std::size_t k = 0; k < std::min<std::size_t>(names.size(), kEvidenceTop); ++k)
    text += (k ? ", " : "") + names[k];
  if (names.size() > kEvidenceTop) text += fmt::format(" (+{})", names.size() - kEvidenceTop);
  return text;
}

std::string join_parts(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts)
    if (!p.empty()) out += (out.empty() ? "" : "; ") + p;
  return out;
}
}  // namespace

std::vector<ColumnEvidence> table_evidence(const ComparisonTable& table) {
  std::vector<ColumnEvidence> out;
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 1; i < row.cells.size(); ++i)
      if (!row.cells[0].per_transaction.empty() && !row.cells[i].per_transaction.empty())
        out.push_back(evidence_of(table, row, i));
  return out;
}

std::vector<std::string> evidence_lines(const ComparisonTable& table) {
  std::vector<std::string> lines;
  const std::string base = table.columns.empty() ? "" : column_label(table.columns[0]);
  for (const ColumnEvidence& e : table_evidence(table)) {
    const std::string text = join_parts({results::changes_text(e.changes),
                                         only_text(base, e.only_base),
                                         only_text(e.column, e.only_other)});
    if (!text.empty())
      lines.push_back(fmt::format("why: {} at {} vs {}: {}", e.column, e.row, base, text));
  }
  return lines;
}

std::vector<std::string> plan_warnings(const ComparisonTable& table) {
  std::vector<std::string> lines;
  const std::string base = table.columns.empty() ? "" : column_label(table.columns[0]);
  for (const ColumnEvidence& e : table_evidence(table))
    if (!e.plan.empty())
      lines.push_back(fmt::format(
          "plan: {} at {} ran other query plans than {} ({}): a plan change is often the "
          "reason for a difference; an artifact when it comes from the tables' statistics",
          e.column, e.row, base, results::changes_text(e.plan)));
  return lines;
}

}  // namespace versus::report
