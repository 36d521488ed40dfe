#pragma once
// QueryResults: what each statement of a replayed log returned on one server, in the
// unmeasured pass a replay cell runs before its timed one (docs/replay.md, "Results
// compared"): for each class (fingerprint), its executions in log order, each with the rows
// it returned as a count and a checksum, its warnings and its error. Two servers' records
// of one log line up execution by execution (the same log, sample and order give the same
// executions), so the results layer compares them without the rows themselves
// (results/evidence/query_changes.h). Plain data; the load fills it, results.json keeps it
// (`query_results` of a cell), reports read the comparison, never this.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace versus::measured {

// Executions of a class kept one by one; the class's further executions are summed up in
// ClassResults::rest (compared as a whole).
inline constexpr std::size_t kKeptExecutions = 100;
// Of those, the first this many keep their first rows as shown (ExecutionResult::rows_shown),
// so a report can show the first differing row.
inline constexpr std::size_t kExecutionsWithRows = 5;
inline constexpr std::size_t kRowsShown = 10;
// A kept execution's statement text is cut after this many bytes (never inside a UTF-8
// character).
inline constexpr std::size_t kStatementTextBytes = 300;

struct WarningRecord {
  unsigned code = 0;
  std::string level;    // "Note", "Warning", "Error"
  std::string message;  // the server's text (differing words alone are not a change)
  friend bool operator==(const WarningRecord&, const WarningRecord&) = default;
};

struct ExecutionResult {
  std::size_t line = 0;  // the log line the statement starts on; 0 when the log has none
  std::string text;      // the statement as sent, cut (kStatementTextBytes)
  // What it returned: `result_set` false for a statement without one (SET, USE, a write);
  // then `rows` is the rows it affected.
  bool result_set = false;
  std::uint64_t rows = 0;
  // load::replay::RowsChecksum::text() of its rows ("" without a result set): ordered when
  // the statement orders its rows (ORDER BY at its outer level), else order-insensitive. In a
  // class compared with a tolerance (ClassResults::tolerant) values that parse as
  // floating-point numbers are hashed rounded to 12 significant digits.
  std::string checksum;
  std::vector<WarningRecord> warnings;  // SHOW WARNINGS after it, in the server's order
  unsigned error = 0;                   // its error code; 0 when it succeeded
  std::string error_message;            // the server's message; "" when it succeeded
  // The column names and the first kRowsShown rows as load/family/replay/redaction.h shows
  // them (hashed values unless replay_show_rows), in canonical order for an unordered result;
  // only for a class's first kExecutionsWithRows executions.
  std::vector<std::string> columns;
  std::vector<std::string> rows_shown;
  friend bool operator==(const ExecutionResult&, const ExecutionResult&) = default;
};

// A class's executions past the first kKeptExecutions: how many, and one hash of their
// results in order (rows, checksum, warning codes, error code, not texts or lines).
struct RestOfClass {
  std::uint64_t executions = 0;
  std::string hash;  // 16 hex digits; "" when there are none
  friend bool operator==(const RestOfClass&, const RestOfClass&) = default;
};

struct ClassResults {
  std::string statement;  // the class's name, as measured::StatementTime::statement
  // Why its results may differ by nature (load/family/replay/nondeterminism.h), each a short
  // reason ("calls NOW()", "LIMIT without ORDER BY"); read from its first execution's text.
  std::vector<std::string> nondeterminism;
  bool tolerant = false;  // floating-point results: compared rounded, not reported as changed
  std::vector<ExecutionResult> executions;  // at most kKeptExecutions, in log order
  RestOfClass rest;
  friend bool operator==(const ClassResults&, const ClassResults&) = default;
};

struct QueryResults {
  bool recorded = false;     // the pass ran; false in a cell without one
  bool rows_values = false;  // replay_show_rows: rows_shown holds values, not hashes
  double seconds = 0;        // the pass's wall time
  // Why the pass ended before the log's end ("" when it ran every statement): the connection
  // lost (a statement past the read deadline) or the run interrupted. Classes not reached
  // are missing, not changed.
  std::string stopped;
  std::vector<ClassResults> classes;  // in the replay's class order; classes never run left out
  friend bool operator==(const QueryResults&, const QueryResults&) = default;
};

}  // namespace versus::measured
