#include "results/evidence/error_summary.h"

#include "measured/error_counts.h"

namespace versus::results {

void add_errors(ErrorSummary& into, const CellRecord& cell) {
  into.transactions += cell.counters.transactions;
  into.retried += cell.counters.ignored_errors;
  measured::merge_errors(into.codes, cell.errors);
}

ErrorSummary summarize_errors(const std::vector<const CellRecord*>& cells) {
  ErrorSummary s;
  for (const CellRecord* cell : cells) add_errors(s, *cell);
  return s;
}

}  // namespace versus::results
