#include "load/family/replay/results_pass.h"

#include <chrono>
#include <cstdlib>
#include <utility>

#include "load/family/replay/nondeterminism.h"
#include "load/family/replay/query_results_builder.h"
#include "load/family/replay/redaction.h"
#include "load/family/replay/result_digest.h"

namespace versus::load::replay {
namespace {

// Errors below 2000 are the server's; from 2000 on Connector/C's own (a lost connection,
// commands out of sync): the session cannot go on.
bool client_error(unsigned code) {
  return code >= 2000 && code < 3000;
}

void record_error(MYSQL* m, measured::ExecutionResult& e) {
  e.error = mysql_errno(m);
  e.error_message = mysql_error(m);
}

// One result set's column names (the first set's are kept) and rows into `digest`; false
// when reading failed (the error in `e`).
bool read_result(MYSQL* m, MYSQL_RES* res, ResultDigest& digest, measured::ExecutionResult& e) {
  const unsigned n = mysql_num_fields(res);
  if (e.columns.empty()) {
    const MYSQL_FIELD* fields = mysql_fetch_fields(res);
    for (unsigned i = 0; i < n; ++i) e.columns.emplace_back(fields[i].name);
  }
  while (MYSQL_ROW row = mysql_fetch_row(res)) {
    const unsigned long* lengths = mysql_fetch_lengths(res);
    ResultRow r(n);
    for (unsigned i = 0; i < n; ++i)
      if (row[i]) r[i] = std::string(row[i], lengths[i]);
    digest.add(std::move(r));
  }
  if (mysql_errno(m) == 0) return true;
  record_error(m, e);
  return false;
}

// Every result of the statement just sent (a CALL may return several): rows into `digest`, or
// the rows affected; false on an error (in `e`).
bool read_results(MYSQL* m, ResultDigest& digest, measured::ExecutionResult& e) {
  for (;;) {
    if (MYSQL_RES* res = mysql_use_result(m)) {
      e.result_set = true;
      const bool ok = read_result(m, res, digest, e);
      mysql_free_result(res);
      if (!ok) return false;
    } else if (mysql_field_count(m) != 0) {
      record_error(m, e);
      return false;
    } else if (!e.result_set) {
      e.rows = mysql_affected_rows(m);
    }
    const int next = mysql_next_result(m);
    if (next < 0) return true;
    if (next > 0) {
      record_error(m, e);
      return false;
    }
  }
}

// SHOW WARNINGS after a statement that left some, into `e`.
void read_warnings(MYSQL* m, measured::ExecutionResult& e) {
  if (mysql_warning_count(m) == 0) return;
  constexpr std::string_view kShow = "SHOW WARNINGS";
  if (mysql_real_query(m, kShow.data(), kShow.size()) != 0) return;
  MYSQL_RES* res = mysql_store_result(m);
  if (!res) return;
  while (MYSQL_ROW row = mysql_fetch_row(res)) {
    if (mysql_num_fields(res) < 3) break;
    measured::WarningRecord w;
    w.level = row[0] ? row[0] : "";
    w.code = row[1] ? static_cast<unsigned>(std::strtoul(row[1], nullptr, 10)) : 0;
    w.message = row[2] ? row[2] : "";
    e.warnings.push_back(std::move(w));
  }
  mysql_free_result(res);
}

// The pass over one script: the session, the builder, and where it is.
class Pass {
 public:
  Pass(MYSQL* m, const ReplayScript& script, const PassOptions& o)
      : m_(m), script_(script), options_(o), builder_(script.classes), db_(o.database) {}
  measured::QueryResults run();

 private:
  bool run_connection(const ScriptConnection& c);
  bool run_statement(std::size_t klass, std::string_view text, std::size_t line);

  MYSQL* m_;
  const ReplayScript& script_;
  const PassOptions& options_;
  QueryResultsBuilder builder_;
  std::string db_;  // the database the session is in
  std::string stopped_;
};

// Runs one statement of class `klass` and records it; false when the pass must stop.
bool Pass::run_statement(std::size_t klass, std::string_view text, std::size_t line) {
  const measured::ClassResults& c = builder_.open(klass, text);
  const bool show = builder_.executions(klass) < measured::kExecutionsWithRows;
  ResultDigest digest({orders_rows(text), c.tolerant, show ? measured::kRowsShown : 0});
  measured::ExecutionResult e;
  e.line = line;
  e.text = cut_text(text, measured::kStatementTextBytes);
  bool ok = mysql_real_query(m_, text.data(), text.size()) == 0;
  if (!ok)
    record_error(m_, e);
  else
    ok = read_results(m_, digest, e);
  if (e.result_set) {
    e.rows = digest.rows();
    e.checksum = digest.checksum();
    for (const ResultRow& r : digest.shown_rows())
      e.rows_shown.push_back(shown_row(e.columns, r, options_.show_values));
  }
  if (!show) e.columns.clear();
  if (ok) read_warnings(m_, e);
  const bool lost = !ok && client_error(e.error);
  if (lost) stopped_ = "the connection was lost at '" + e.text + "': " + e.error_message;
  builder_.add(klass, std::move(e));
  return !lost;
}

bool Pass::run_connection(const ScriptConnection& c) {
  for (const ScriptStatement& s : c.statements) {
    if (options_.cancel && options_.cancel->load()) {
      stopped_ = "interrupted";
      return false;
    }
    if (!s.db.empty() && s.db != db_) {
      std::string use = "USE `";
      for (char ch : s.db) use += ch == '`' ? std::string("``") : std::string(1, ch);
      use += "`";
      if (!run_statement(0, use, 0)) return false;  // kUseClass: the script's first class
      db_ = s.db;
    }
    if (!run_statement(s.klass, s.text, s.line)) return false;
    if (!s.use.empty()) db_ = s.use;
  }
  return true;
}

measured::QueryResults Pass::run() {
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < script_.connections.size(); ++i) {
    // A fresh session for each captured connection; it keeps its database.
    if (i > 0 && mysql_reset_connection(m_) != 0) {
      stopped_ = std::string("resetting the session: ") + mysql_error(m_);
      break;
    }
    if (!run_connection(script_.connections[i])) break;
  }
  measured::QueryResults out;
  out.recorded = true;
  out.rows_values = options_.show_values;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.stopped = std::move(stopped_);
  out.classes = builder_.finish();
  return out;
}

}  // namespace

measured::QueryResults run_results_pass(MYSQL* m, const ReplayScript& script,
                                        const PassOptions& options) {
  return Pass(m, script, options).run();
}

}  // namespace versus::load::replay
