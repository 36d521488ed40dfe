#pragma once
// SideEvidence: why one side of a comparison differs from the other, from their ok cells: the
// statement classes whose time per transaction moved most (statement_ranking.h), then the
// counters per transaction that moved most, ranked only where they mean the same on both
// sides (counter_mapping.h: across MySQL and MariaDB, the mapped ones), and the counter names
// only one side has. What `compare`, `upgrade-report` and the history page name behind a
// significant difference. Pure.
#include <string>
#include <vector>

#include "results/evidence/counter_ranking.h"
#include "results/evidence/statement_ranking.h"
#include "results/record/record.h"

namespace versus::results {

struct SideEvidence {
  std::vector<StatementChange> statements;  // largest first, at most kStatementTop
  std::vector<CounterChange> counters;      // largest first, at most kRankTop
  std::vector<std::string> only_from, only_to;
};

// `from` -> `to`; each side's flavour is its first cell's (none: unknown).
SideEvidence side_evidence(const std::vector<const CellRecord*>& from,
                           const std::vector<const CellRecord*>& to);

}  // namespace versus::results
