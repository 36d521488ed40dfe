#pragma once
// Evidence beside a run's own tables: for each row and each column against the baseline, the
// counters per transaction that moved most (results/counter_ranking.h), the counters only one
// side has (MySQL and MariaDB name some differently: no ratio is formed across names), and
// whether the two ran other query plans. A plan change is often the real reason for a
// difference, and an artifact when it comes from the optimizer's statistics. Pure: text the
// writers lay out their way.
#include <string>
#include <vector>

#include "report/run/comparison.h"
#include "results/counter_ranking.h"

namespace versus::report {

struct ColumnEvidence {
  std::string row;     // "16 threads" (or "10000 rows" in a size table)
  std::string column;  // "server/profile", against the table's first column
  std::vector<results::CounterChange> changes;     // largest first, at most kEvidenceTop
  std::vector<results::CounterChange> plan;        // the plan counters that moved (see below)
  std::vector<std::string> only_base, only_other;  // counter names one side lacks
};

inline constexpr std::size_t kEvidenceTop = 3;
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

// "why: mysql-9.7/as-shipped at 16 threads vs mariadb-10.11/as-shipped: server CPU us/txn 812
// -> 1040 (x1.28), ...; only in mysql-9.7/as-shipped: Innodb_rows_read, ... (+N)", one per
// entry with changes or one-sided counters.
std::vector<std::string> evidence_lines(const ComparisonTable& table);

// "plan: mysql-9.7/as-shipped at 16 threads ran other query plans than mariadb-10.11/...
// (Select_scan/txn 0.0 -> 4.0, ...): ..." for every entry whose plan counters moved.
std::vector<std::string> plan_warnings(const ComparisonTable& table);

}  // namespace versus::report
