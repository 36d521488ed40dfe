#pragma once
// Which statement classes' time per transaction changed most between two sides of a
// comparison: each class's total time (CellRecord::statements) over the cell's committed
// transactions, averaged over a side's runs, then ranked by how many milliseconds per
// transaction it moved. Times per statement class mean the same on every server, so unlike
// the status counters (counter_mapping.h) they compare across flavours. Pure.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "results/record/record.h"

namespace versus::results {

// Statement class -> ms per transaction, in the workload's class order.
using StatementMs = std::vector<std::pair<std::string, double>>;

// One cell's; empty without statement times or transactions.
StatementMs statement_ms(const CellRecord& cell);
// The mean over the cells that have them, per class (over the cells that have that class),
// in the order the classes first appear.
StatementMs mean_statement_ms(const std::vector<const CellRecord*>& cells);

struct StatementChange {
  std::string statement;
  double from_ms = 0, to_ms = 0;  // per transaction
  double share = 0;  // |to - from| over the sum of every class's |to - from|, in [0, 1]
  bool plan_changed = false;  // its plan differs (results/evidence/plan_diff.h): set by the caller
};

// Smallest share of the change listed: a class that moved less is not why.
inline constexpr double kStatementMinShare = 0.05;
// Smallest move listed, ms per transaction: below it a class's time is the clock's noise.
inline constexpr double kStatementMinMs = 0.001;
inline constexpr std::size_t kStatementTop = 3;

// The classes both sides ran, largest |to - from| first (ties by name), those with at least
// kStatementMinShare of the change and kStatementMinMs, at most `top`.
std::vector<StatementChange> rank_statements(const StatementMs& from, const StatementMs& to,
                                             std::size_t top = kStatementTop);

// "DISTINCT range 0.41 -> 0.88 ms (x2.15), 31% of the change": ms with 2 decimals (3 below
// 0.1), the ratio when `from` is above 0; then ", its plan changed" when it did.
std::string statement_change_text(const StatementChange& change);
// The changes joined by ", ".
std::string statement_changes_text(const std::vector<StatementChange>& changes);
// The changes' text, then `rest` (the counters' evidence), joined by "; " (empty parts left
// out): what every "why" names, statements first.
std::string statements_first(const std::vector<StatementChange>& changes, const std::string& rest);

}  // namespace versus::results
