#pragma once
// Error notes beside a report's tables: every column (baseline included) whose retried errors
// are above kErrorNoteShare of its committed transactions gets a line naming its share and
// its error codes with the server's first message of each. A retried transaction is work the
// server did and threw away, so a column that retries much is measured doing something else
// than the others. Pure: text the writers lay out their way, from data the run recorded.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "report/shared/comparison.h"
#include "results/evidence/counter_ranking.h"
#include "results/evidence/error_summary.h"

namespace versus::report {

// Retried errors per committed transaction above which a column is noted (1%).
inline constexpr double kErrorNoteShare = 0.01;

bool retried_share_noted(const results::ErrorSummary& errors);

// `1020 "Record has changed since last read in table 'sbtest1'" (1251)`, the retried codes
// by count, then the others with their kind (`2013 reconnected "Lost connection ..." (2)`),
// joined by ", "; "codes not recorded" for results without them.
std::string error_codes_text(const results::ErrorSummary& errors);

// "retried 69.8% of its transactions (1251/1792): <codes>"; without the codes when none was
// retried and no other error was kept.
std::string retried_text(const results::ErrorSummary& errors);

// "errors: <subject> retried ..."; `subject` names the column and row
// ("mariadb-11.8/as-shipped at 16 threads").
std::string error_note(const std::string& subject, const results::ErrorSummary& errors);

// Two sides of one comparison (compare, upgrade-report): "errors: <subject>: <from_label>
// retried ...; <to_label> retried ..." when either side is noted, else "".
std::string error_change_note(const std::string& subject, const std::string& from_label,
                              const results::ErrorSummary& from, const std::string& to_label,
                              const results::ErrorSummary& to);

// From means per transaction as the history keeps them (results::kRetriedErrors and
// "errors.<code>"): "retried 67.0% of its transactions: 1020 (66.9%), 1213 (0.1%)", the codes
// by share; "retried 0.0% of its transactions" without any.
std::string retried_per_transaction_text(const results::PerTransaction& errors);
// "errors: <subject>: before retried ...; after retried ..." when either side retried more than
// kErrorNoteShare per transaction, else "".
std::string history_error_note(const std::string& subject, const results::PerTransaction& before,
                               const results::PerTransaction& after);

// One (row, column) of a table whose retried share is noted.
struct ColumnErrors {
  std::string row;     // "16 threads" (or "10000 rows" in a size table)
  std::string column;  // "server/profile"
  results::ErrorSummary errors;
};

// {"transactions": N, "retried": R, "retried_share": R/N, "codes": [...]}: the JSON reports'
// form of a summary, its codes as results.json writes a cell's (results::errors_to_json).
nlohmann::ordered_json error_summary_to_json(const results::ErrorSummary& errors);

// Rows in order, columns in order; only the noted ones.
std::vector<ColumnErrors> table_errors(const ComparisonTable& table);
// The error_note() of each of them.
std::vector<std::string> error_notes(const ComparisonTable& table);

}  // namespace versus::report
