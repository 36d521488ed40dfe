#pragma once
// Evidence beside a run's own tables: for each row and each column against the baseline, first
// the statement classes whose time per transaction moved most
// (results/evidence/statement_ranking.h: comparable across flavours), then the counters per
// transaction that moved most (results/evidence/counter_ranking.h; across flavours only those
// results/evidence/counter_mapping.h says mean the same, the other shared names side by side, never
// ranked), the counters only one side has (MySQL and MariaDB name some differently: no ratio is
// formed across names), and whether the two ran other query plans. A plan change is often the real
// reason for a difference, and an artifact when it comes from the optimizer's statistics. Pure:
// text the writers lay out their way.
#include <string>
#include <vector>

#include "report/shared/comparison.h"
#include "results/evidence/counter_ranking.h"
#include "results/evidence/statement_ranking.h"

namespace versus::report {

struct ColumnEvidence {
  std::string row;     // "16 threads" (or "10000 rows" in a size table)
  std::string column;  // "server/profile", against the table's first column
  std::vector<results::StatementChange> statements;  // largest first, at most kStatementTop
  std::vector<results::CounterChange> changes;     // largest first, at most kEvidenceTop
  // The plan counters that moved (see below), only where either side has no recorded plans
  // (the statements' own plans say more: their changes mark `statements`).
  std::vector<results::CounterChange> plan;
  std::vector<std::string> only_base, only_other;  // counter names one side lacks
  // Across flavours: the counters both have that do not mean the same (not ranked), with
  // their values per transaction, in name order (score 0).
  std::vector<results::CounterChange> side_by_side;
};

inline constexpr std::size_t kEvidenceTop = 3;
// The side-by-side counters a why line names (the rest are counted, and all are in the JSON).
inline constexpr std::size_t kSideBySideShown = 3;
// The counters that tell how the server ran the statements: a table scan where the other ran
// a range scan shows in all three.
inline const std::vector<std::string> kPlanCounters{"Select_scan", "Select_range",
                                                    "Handler_read_rnd_next"};
// Two cells ran other plans when, per range query (Select_scan + Select_range), the share
// that scanned the table differs by more than kPlanShareDifference, or the rows read by
// position (Handler_read_rnd_next) differ by more than kPlanFactor (with the ranking's
// floor). Per query, not per transaction: deadlock retries add statements to a committed
// transaction without changing any plan (MariaDB 11.8 at 16 threads: every plan counter
// x1.63 per transaction, the same per query). Cells with fewer than kPlanMinQueries range
// queries per transaction on both sides (oltp_point_select) have no plan to compare.
inline constexpr double kPlanShareDifference = 0.1;
inline constexpr double kPlanFactor = 1.5;
inline constexpr double kPlanMinQueries = 0.05;

// One entry per (row, column other than the first) where both cells have counters.
std::vector<ColumnEvidence> table_evidence(const ComparisonTable& table);

// "why: mysql-9.7/as-shipped at 16 threads vs mariadb-10.11/as-shipped: DISTINCT range 0.41 ->
// 0.88 ms (x2.15), 31% of the change, ...; server CPU us/txn 812 -> 1040 (x1.28), ...; only in
// mysql-9.7/as-shipped: Innodb_rows_read, ... (+N); not ranked across flavours: Handler_commit
// 2.0 | 3.0, ... (+N)", one per entry with anything to say.
std::vector<std::string> evidence_lines(const ComparisonTable& table);

// "plan: mysql-9.7/narrow ran other plans than mysql-9.7/as-shipped: simple range: access
// range -> ALL, key PRIMARY -> none, rows 100 -> 9980; ...: ..." once per column whose recorded
// plans (report/notes/plan_notes.h) differ from the first column's; for a column without
// recorded plans on either side, "plan: mysql-9.7/as-shipped at 16 threads ran other query
// plans than mariadb-10.11/... (Select_scan/txn 0.0 -> 4.0, ...): ..." for every entry whose
// plan counters moved.
std::vector<std::string> plan_warnings(const ComparisonTable& table);

}  // namespace versus::report
