#pragma once
// The few SQLite helpers the history needs: a prepared statement finalized on destruction,
// a statement-list exec and an error value carrying SQLite's message. No exception escapes.
#include <sqlite3.h>

#include <cstdint>
#include <string>

#include "util/expected.h"

namespace versus::results {

// "WHAT: SQLite's message for the last error on `db`".
inline Unexpected sqlite_error(sqlite3* db, const std::string& what) {
  return fail(what + ": " + sqlite3_errmsg(db));
}

// Runs `sql` (one or more statements, no results read).
inline Expected<void> exec(sqlite3* db, const std::string& sql, const std::string& what) {
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
    return sqlite_error(db, what);
  return {};
}

// A prepared statement, finalized on destruction. Bind indices are 1-based, column indices
// 0-based, as in SQLite.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK) stmt_ = nullptr;
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool ok() const { return stmt_ != nullptr; }
  // Binds text at `index`; an empty string binds NULL when `empty_is_null`.
  void text(int index, const std::string& value, bool empty_is_null = false) {
    if (empty_is_null && value.empty())
      sqlite3_bind_null(stmt_, index);
    else
      sqlite3_bind_text(stmt_, index, value.c_str(), static_cast<int>(value.size()),
                        SQLITE_TRANSIENT);
  }
  void integer(int index, std::int64_t value) { sqlite3_bind_int64(stmt_, index, value); }
  void real(int index, double value) { sqlite3_bind_double(stmt_, index, value); }
  void null(int index) { sqlite3_bind_null(stmt_, index); }
  int step() { return sqlite3_step(stmt_); }
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  std::string column_text(int i) const {
    const auto* t = sqlite3_column_text(stmt_, i);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
  std::int64_t column_int(int i) const { return sqlite3_column_int64(stmt_, i); }
  double column_real(int i) const { return sqlite3_column_double(stmt_, i); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace versus::results
