#include "report/notes/evidence.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/notes/plan_notes.h"
#include "report/shared/cell_text.h"

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

// The counters both flavours name but count differently, those whose values differ, the
// furthest apart first (relative to the larger value): a reader sees where the two servers
// differ most, not the alphabet's first names at 0.0 | 0.0.
std::vector<CounterChange> side_by_side_values(const std::vector<std::string>& names,
                                        const PerTransaction& base, const PerTransaction& other) {
  std::vector<CounterChange> out;
  for (const std::string& name : names) {
    const double from = value_of(base, name), to = value_of(other, name);
    if (from != to) out.push_back({name, from, to, 0});
  }
  auto apart = [](const CounterChange& c) {
    return std::fabs(c.to - c.from) / std::max(std::fabs(c.from), std::fabs(c.to));
  };
  std::stable_sort(out.begin(), out.end(), [&](const CounterChange& a, const CounterChange& b) {
    return apart(a) > apart(b);
  });
  return out;
}

void mark_plan_changes(const std::vector<results::StatementPlanChange>& plans,
                       std::vector<results::StatementChange>& statements) {
  for (results::StatementChange& c : statements)
    for (const results::StatementPlanChange& p : plans)
      if (p.statement_class == c.statement) c.plan_changed = true;
}

// "plan: COLUMN ran other plans than BASE: ORDER BY range: access range -> ALL, ...; ...: ..."
// once per column whose recorded plans differ from the baseline's.
void statement_plan_warnings(const ComparisonTable& table, const std::string& base,
                             std::vector<std::string>& lines) {
  for (std::size_t i = 1; i < table.columns.size(); ++i) {
    std::string text;
    for (const results::StatementPlanChange& c : column_plan_changes(table, i))
      text += (text.empty() ? "" : "; ") + statement_plan_change_text(c);
    if (!text.empty())
      lines.push_back(fmt::format(
          "plan: {} ran other plans than {}: {}: a plan change is often the reason for a "
          "difference; an artifact when it comes from the tables' statistics",
          column_label(table.columns[i]), base, text));
  }
}

ColumnEvidence evidence_of(const ComparisonTable& table, const ComparisonRow& row, std::size_t i) {
  const ComparisonCell& b = row.cells[0];
  const ComparisonCell& o = row.cells[i];
  const PerTransaction& base = b.per_transaction;
  const PerTransaction& other = o.per_transaction;
  const auto rankable = results::rankable_counters(base, b.flavour, other, o.flavour);
  ColumnEvidence e;
  e.row = row_text(table, row);
  e.column = column_label(table.columns[i]);
  e.statements = results::rank_statements(b.statement_ms, o.statement_ms);
  mark_plan_changes(column_plan_changes(table, i), e.statements);
  e.changes = results::rank_changes(rankable.from, rankable.to, kEvidenceTop);
  // Recorded plans say which statement changed; without them, the counters hint at it.
  if (!plans_recorded(table, i)) e.plan = plan_changes(base, other);
  e.only_base = results::one_sided_counters(base, other);
  e.only_other = results::one_sided_counters(other, base);
  e.side_by_side = side_by_side_values(rankable.side_by_side, base, other);
  return e;
}

bool has_evidence(const ComparisonCell& cell) {
  return !cell.per_transaction.empty() || !cell.statement_ms.empty();
}

// "not ranked across flavours: Handler_commit 2.0 | 3.0, ... (+N)"; empty without any.
std::string side_by_side_text(const std::vector<CounterChange>& counters) {
  if (counters.empty()) return "";
  std::string text = "not ranked across flavours: ";
  for (std::size_t k = 0; k < std::min(counters.size(), kSideBySideShown); ++k)
    text += fmt::format("{}{} {} | {}", k ? ", " : "", counters[k].name,
                        results::counter_value_text(counters[k].from),
                        results::counter_value_text(counters[k].to));
  if (counters.size() > kSideBySideShown)
    text += fmt::format(" (+{})", counters.size() - kSideBySideShown);
  return text;
}

// The statements first, then the counters, the one-sided names and the side-by-side ones.
std::string why_text(const ColumnEvidence& e, const std::string& base) {
  std::string counters = results::evidence_text(e.changes, base, e.only_base, e.column, e.only_other);
  const std::string side = side_by_side_text(e.side_by_side);
  if (!side.empty()) counters += (counters.empty() ? "" : "; ") + side;
  return results::statements_first(e.statements, counters);
}

}  // namespace

std::vector<ColumnEvidence> table_evidence(const ComparisonTable& table) {
  std::vector<ColumnEvidence> out;
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 1; i < row.cells.size(); ++i)
      if (has_evidence(row.cells[0]) && has_evidence(row.cells[i]))
        out.push_back(evidence_of(table, row, i));
  return out;
}

std::vector<std::string> evidence_lines(const ComparisonTable& table) {
  std::vector<std::string> lines;
  const std::string base = table.columns.empty() ? "" : column_label(table.columns[0]);
  for (const ColumnEvidence& e : table_evidence(table)) {
    const std::string text = why_text(e, base);
    if (!text.empty())
      lines.push_back(fmt::format("why: {} at {} vs {}: {}", e.column, e.row, base, text));
  }
  return lines;
}

std::vector<std::string> plan_warnings(const ComparisonTable& table) {
  std::vector<std::string> lines;
  const std::string base = table.columns.empty() ? "" : column_label(table.columns[0]);
  statement_plan_warnings(table, base, lines);
  for (const ColumnEvidence& e : table_evidence(table))
    if (!e.plan.empty())
      lines.push_back(fmt::format(
          "plan: {} at {} ran other query plans than {} ({}): a plan change is often the "
          "reason for a difference; an artifact when it comes from the tables' statistics",
          e.column, e.row, base, results::changes_text(e.plan)));
  return lines;
}

}  // namespace versus::report
