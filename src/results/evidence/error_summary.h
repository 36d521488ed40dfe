#pragma once
// ErrorSummary: the errors of one or more cells, summed: their transactions, the retried
// errors, and the errors by code and kind (measured::ErrorCount) with the first message of each.
// The retried share (retried errors per committed transaction) is what the reports name
// beside their tables (report/notes/error_notes.h). Pure.
#include <cstdint>
#include <vector>

#include "measured/measurement.h"
#include "results/record/record.h"

namespace versus::results {

struct ErrorSummary {
  std::uint64_t transactions = 0;  // committed, over the measured intervals
  std::uint64_t retried = 0;       // counters.ignored_errors summed
  measured::ErrorCounts codes;     // by kind, then code; empty for results without them
  // Retried errors per committed transaction (0.698 for 69.8%); 0 without transactions.
  double retried_share() const {
    return transactions > 0 ? static_cast<double>(retried) / static_cast<double>(transactions) : 0;
  }
};

// Adds one cell's counters and codes to `into`.
void add_errors(ErrorSummary& into, const CellRecord& cell);
// The sum over `cells` (their status is the caller's choice: reports sum the ok runs).
ErrorSummary summarize_errors(const std::vector<const CellRecord*>& cells);

}  // namespace versus::results
