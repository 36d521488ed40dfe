#include "report/notes/evidence.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/run/cell_text.h"

namespace versus::report {
namespace {
using results::CounterChange;
using results::PerTransaction;

std::string row_text(const ComparisonTable& table, const ComparisonRow& row) {
  if (table.rows_by == RowAxis::table_size) return fmt::format("{} rows", row.table_size);
  return threads_text(row.threads);
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
  return {row_text(table, row),
          column_label(table.columns[i]),
          results::rank_changes(base, other, kEvidenceTop),
          plan_changes(base, other),
          results::one_sided_counters(base, other),
          results::one_sided_counters(other, base)};
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
    const std::string text =
        results::evidence_text(e.changes, base, e.only_base, e.column, e.only_other);
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
