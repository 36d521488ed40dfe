#pragma once
// Which counters changed most between two sides of a comparison, per transaction: every
// SHOW GLOBAL STATUS and INNODB_METRICS delta of a cell's usage (usage_record.h) and the
// derived costs (server/client CPU, context switches, KB read and written), each divided by
// the cell's transactions, averaged over a side's runs, then ranked by how much they moved.
// Pure: the report layer and the HTML writer render the result.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "results/record/record.h"

namespace versus::results {

using PerTransaction = std::map<std::string, double>;  // counter name -> value per transaction

// Names of the derived costs in a PerTransaction map (the status names are the server's own;
// INNODB_METRICS counters are "innodb_metrics.<NAME>").
inline constexpr std::string_view kServerCpu = "server CPU us";
inline constexpr std::string_view kClientCpu = "client CPU us";
inline constexpr std::string_view kSwitches = "context switches";
inline constexpr std::string_view kReadKb = "read KB";
inline constexpr std::string_view kWriteKb = "write KB";
// Retried errors (measured::Counters::ignored_errors) per committed transaction: work the server
// did and threw away, and the cause the counters of the retried work follow. Ranked like the
// others, kept among the top when it moved at all, and first when its score is at least
// kRetriedFirst of the largest one. A retry rolls back about twice (the statement, then the
// transaction): from none, r retries and 2r Handler_rollback per transaction score
// ln(1 + 10r) and ln(1 + 20r) (kRankFloor 0.1), a ratio above 0.5 at any r, so at 0.5 the cause
// leads its consequence however often it happens. MariaDB 11.8 with innodb_snapshot_isolation
// ON against OFF, 16 threads, 10,000 rows: Handler_rollback/txn 0.0 -> 1.3 and retries 0.0 ->
// 0.7 (0.79 of its score); 0.0 -> 1.0 and 0.0 -> 0.48 (0.74) on a busier CI machine.
inline constexpr std::string_view kRetriedErrors = "retried errors";
// "errors.<code>": one retried error code per committed transaction, as the history keeps it
// beside the counters (results/history/history.h); never ranked (kRetriedErrors is their sum).
inline constexpr std::string_view kErrorCodePrefix = "errors.";
// "statement_ms.<class>": one statement class's milliseconds per committed transaction, as the
// history keeps them beside the counters (results/evidence/statement_ranking.h ranks them; never
// ranked as a counter).
inline constexpr std::string_view kStatementMsPrefix = "statement_ms.";
inline constexpr double kRetriedFirst = 0.5;

// Every counter of one cell per transaction; empty without usage figures or transactions.
PerTransaction per_transaction(const CellRecord& cell);
// The mean over the cells that have figures, per name (over the cells that have that name).
PerTransaction mean_per_transaction(const std::vector<const CellRecord*>& cells);

// Counters that only count time or identity, or are gauges (a level, not work done), and so
// say nothing per transaction, and the INNODB_METRICS copies of status variables: the rule
// is in counter_ranking.cpp and docs/output.md.
bool ignored_counter(std::string_view name);

struct CounterChange {
  std::string name;
  double from = 0, to = 0;  // per transaction
  double score = 0;         // |ln((to + kFloor) / (from + kFloor))|
};

// Per-transaction values below about this much weigh little in the score: a counter that
// moves from 0 to 0.01 per transaction is not "changed most".
inline constexpr double kRankFloor = 0.1;
// Smallest score listed: about a 5% change of a counter well above the floor.
inline constexpr double kRankMinScore = 0.0488;  // ln(1.05)
// Smallest change per transaction listed: a counter that moves by less (14 statement closes
// against 7 over a cell's thousand transactions) is the sessions' edges, not the workload.
inline constexpr double kRankMinDelta = 0.05;
inline constexpr std::size_t kRankTop = 6;

// Counters present on both sides and not ignored, whose score is at least kRankMinScore and
// whose change is at least kRankMinDelta per transaction,
// largest score first (ties by name), at most `top`; a kRetriedErrors change that qualifies
// is first when its score is at least kRetriedFirst of the largest, else kept (in the last
// place when its score alone would not make the top).
std::vector<CounterChange> rank_changes(const PerTransaction& from, const PerTransaction& to,
                                        std::size_t top = kRankTop);

// The names `side` has and `other` lacks (ignored counters left out), largest value first:
// MySQL and MariaDB do not have the same counters, and no ratio is formed across names.
std::vector<std::string> one_sided_counters(const PerTransaction& side,
                                            const PerTransaction& other);
// "only in LABEL: a, b, c (+N)", the first `top` names; empty when `names` is.
std::string one_sided_text(const std::string& label, const std::vector<std::string>& names,
                           std::size_t top = 3);
// The ranked changes and the one-sided names of both sides, joined by "; " (empty parts left
// out): "X/txn 1.0 -> 2.0 (x2.00); only in a: Y (+2); only in b: Z".
std::string evidence_text(const std::vector<CounterChange>& changes, const std::string& from_label,
                          const std::vector<std::string>& only_from, const std::string& to_label,
                          const std::vector<std::string>& only_to);

// A per-transaction value as change_text shows it: 1 decimal below 100, whole above.
std::string counter_value_text(double value);
// to / from as change_text shows it; none when `from` is not above 0.
std::optional<double> change_ratio(const CounterChange& change);

// "Innodb_buffer_pool_reads/txn 0.0 -> 3.1", "server CPU us/txn 812 -> 861 (x1.06)": values
// with 1 decimal below 100, whole above; the ratio when `from` is above 0.
std::string change_text(const CounterChange& change);
// The changes joined by ", ".
std::string changes_text(const std::vector<CounterChange>& changes);

}  // namespace versus::results
