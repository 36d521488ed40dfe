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

std::vector<CounterChange> plan_changes(const PerTransaction& base, const PerTransaction& other) {
  std::vector<CounterChange> moved;
  for (const std::string& name : kPlanCounters) {
    auto b = base.find(name), o = other.find(name);
    if (b == base.end() || o == other.end()) continue;
    const double score = std::abs(std::log((o->second + results::kRankFloor) /
                                           (b->second + results::kRankFloor)));
    if (score > std::log(kPlanFactor)) moved.push_back({name, b->second, o->second, score});
  }
  return moved;
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
