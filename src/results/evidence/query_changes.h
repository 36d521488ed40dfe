#pragma once
// Query changes: what a replay's query classes returned on one column against the baseline's,
// from the unmeasured pass's records (measured/query_results.h), class by class. Two records
// of one log line up execution by execution, so executions are compared by position: rows
// (whether a result set, the count and the checksum), warnings (by code and level: a message
// that differs in words alone is no change) and errors (new, gone, another code; the message
// alone is no change); the executions past the kept ones as a whole (count and hash). A class
// whose result may differ by nature (ClassResults::nondeterminism) is never a change: when it
// differs it is set apart with its reasons; a class compared with a tolerance
// (ClassResults::tolerant: its values hashed rounded) is compared as any other, its
// floating-point reason not counted. Pure; report/ words it.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "measured/query_results.h"
#include "results/record/record.h"

namespace versus::results {

enum class ClassOutcome {
  same,         // every execution compared alike
  changed,      // rows, warnings or errors differ
  by_nature,    // differs, but its result may differ by nature: not a change
  not_aligned,  // its executions do not line up (counts or log lines differ): not compared
  only_base,    // only the baseline ran it
  only_other,   // only the other column ran it
};

// The first row of two kept executions' rows_shown that differs, by position (rows_shown is in
// canonical order for an unordered result, so equal rows sit at equal positions). A side whose
// rows ended first has "" for that row.
struct ShownRowDifference {
  std::size_t row = 0;  // 0-based
  std::string base, other;
  bool columns_differ = false;  // the column names differ (then `row` is 0)
  std::vector<std::string> base_columns, other_columns;
};

// The first differing execution of a class: both sides' records of it.
struct ExecutionExample {
  std::size_t index = 0;  // its position among the class's executions, 0-based
  measured::ExecutionResult base, other;
  // When both kept rows (the class's first kExecutionsWithRows executions) and they differ.
  std::optional<ShownRowDifference> row;
};

struct ClassComparison {
  std::string statement;
  ClassOutcome outcome = ClassOutcome::same;
  // The reasons its result may differ by nature (a tolerant class's floating-point one left
  // out): a class with any that differs is by_nature, not changed.
  std::vector<std::string> nondeterminism;
  bool tolerant = false;              // compared rounded (floating-point results)
  std::size_t executions = 0;         // kept executions compared
  std::uint64_t rest_executions = 0;  // executions past those, compared as a whole
  std::size_t rows_differ = 0;        // executions whose rows differ, both having succeeded
  std::size_t warnings_differ = 0;    // whose warnings differ by code or level
  std::size_t errors_differ = 0;      // whose errors differ: the three below summed
  std::size_t new_errors = 0, errors_gone = 0, other_errors = 0;
  bool rest_differs = false;  // the executions past the kept ones differ (count or hash)
  std::optional<ExecutionExample> example;  // the first differing kept execution
  // not_aligned: both sides' kept executions and the first position whose log lines differ.
  std::size_t base_executions = 0, other_executions = 0;
  std::optional<std::size_t> first_misaligned{};
  bool differs() const { return rows_differ + warnings_differ + errors_differ > 0 || rest_differs; }
};

// Compares `other` with `base`: the baseline's classes in its order, then those only `other` ran.
std::vector<ClassComparison> compare_query_results(const measured::QueryResults& base,
                                                   const measured::QueryResults& other);

// One column's replay against the baseline's: the two cells compared and what they returned.
struct QueryChanges {
  std::string workload, engine, profile;
  std::string base_server, server;
  int threads = 0;
  bool rows_values = false;  // either side's rows_shown hold values (replay_show_rows)
  std::vector<ClassComparison> classes;
  // Why a side's pass ended early (QueryResults::stopped); "" when it ran the whole log. The
  // classes it did not reach are then among the other side's "only" classes.
  std::string base_stopped{}, stopped{};
  std::size_t count(ClassOutcome outcome) const;
  std::uint64_t executions_compared() const;  // kept and rest, over the classes both ran aligned
};

// The pairs a run's reports compare: for each server after the baseline (RunInfo::servers'
// first; cells of servers RunInfo does not name after those, in order of appearance) and each
// (profile, engine, workload) whose cells recorded query results on both sides, the lowest
// thread count both recorded at (the pass runs in a cell's first repeat: the lowest repeat
// is taken). By server, then workload in order of first appearance.
std::vector<QueryChanges> run_query_changes(const RunResults& run);

// The same for two servers of the run and one profile (the upgrade report); `from` the baseline.
std::vector<QueryChanges> query_changes_between(const RunResults& run, const std::string& from,
                                                const std::string& to, const std::string& profile);

}  // namespace versus::results
