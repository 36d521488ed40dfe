#pragma once
// Statement: one server-side prepared statement with its parameter buffers bound once.
// Setting a parameter writes into the bound buffer; start() sends it with Connector/C's
// non-blocking API and the rows are read and discarded as they arrive (never stored). A
// statement prepared with result columns reads its first row into bound buffers (the values a
// later statement of the transaction takes: TPC-C's d_next_o_id), then discards the rest.
#include <mysql.h>

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "load/step/query_kind.h"
#include "util/expected.h"

namespace versus::load {

// Text parameters are sysbench's c and pad columns, filled from their templates (schema.h),
// sysbench 0.4's c (random.h fill_legacy_c), or the planned step's own text
// (step_text: TPC-C's last names and values read back).
enum class ParamType { integer, c_text, pad_text, legacy_c_text, step_text };

// A result column read back: an integer, or text of at most Statement::kMaxText bytes;
// declared: as the column's type says at prepare (an integer type: integer, else text: a
// workload file's into:), result_type() then telling which.
enum class ResultType { integer, text, declared };

class Statement {
 public:
  // Parameters a planned Step carries inline; a statement with more (an IN-list) takes its
  // integers from the Step's list. kMaxListParams: the most an IN-list statement may have (at
  // most one of them text: an IN-list update's c).
  static constexpr std::size_t kMaxParams = 10;
  static constexpr std::size_t kMaxListParams = 10'000;
  static constexpr std::size_t kMaxText = 128;
  static constexpr std::size_t kMaxResults = 6;

  // Heap-allocated so the bound buffers never move. A failure's Error::code is the errno.
  // At most kMaxParams parameters, or kMaxListParams when at most one is text.
  static Expected<std::unique_ptr<Statement>> prepare(MYSQL* mysql, std::string sql,
                                                      std::vector<ParamType> params,
                                                      std::vector<ResultType> results = {});
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void set_int(std::size_t i, long long v) { ints_[i] = v; }
  // Returns a buffer of kMaxText bytes for text parameter i; its length is set to len.
  char* text_buffer(std::size_t i, unsigned long len) {
    lengths_[i] = len;
    return texts_.get() + i * kMaxText;
  }
  std::size_t param_count() const { return types_.size(); }
  ParamType param_type(std::size_t i) const { return types_[i]; }

  // On a connection opened non-blocking: start() sends the statement and returns the
  // MYSQL_WAIT_* events to wait for on the socket, or 0 when it is done (then error() says
  // how); resume(ready) continues after `ready` events and returns the same way.
  int start();
  int resume(int ready);
  unsigned error() const { return error_; }  // of the last execution: 0 or the mysql errno
  // Of the last execution of a statement with result columns: whether it returned a row, and
  // that first row's columns (a NULL reads as 0 or "").
  bool has_row() const { return has_row_; }
  // The result columns read back, and each one's type (never declared: resolved at prepare).
  std::size_t result_count() const;
  ResultType result_type(std::size_t i) const;
  long long result_int(std::size_t i) const;
  std::string_view result_text(std::size_t i) const;
  std::string last_error() const;
  const std::string& sql() const { return sql_; }
  QueryKind kind() const { return kind_; }  // query_kind_of(sql()), once at prepare

 private:
  enum class Phase { execute, fetch, discard };
  struct Results;  // the bound result buffers, only for statements that read one back
  Statement() = default;
  Expected<void> bind_params();
  Expected<void> bind_results(std::vector<ResultType> types);
  Expected<void> resolve_declared(std::vector<ResultType>& types);
  int after_execute(int rc);
  int after_fetch(int rc);
  int discard();
  int after_discard(my_bool rc);

  MYSQL_STMT* stmt_ = nullptr;
  std::vector<ParamType> types_;
  Phase phase_ = Phase::execute;
  unsigned error_ = 0;
  std::string sql_;
  QueryKind kind_ = QueryKind::other;
  // The buffers the bound parameters point at (Connector/C copies the MYSQL_BINDs themselves).
  // Text buffers exist only when a parameter is text: a session holds a statement per query
  // kind, and at 1,000 sessions every byte of a read-only statement counts ~7,000 times.
  // Sized once at prepare (one per parameter), never resized: the binds point into them.
  std::vector<long long> ints_;
  std::unique_ptr<char[]> texts_;
  std::vector<unsigned long> lengths_;
  std::unique_ptr<Results> results_;  // only where results are read back: sysbench's have none
  bool has_row_ = false;
};

namespace detail {
// Prepares `sql` into `ps`; when the server cannot prepare it (ER_UNSUPPORTED_PS), leaves `ps`
// null and `text` = sql, to be sent as a text query (sysbench 0.4's drv_mysql fallback).
Expected<void> prepare_or_text(MYSQL* m, const std::string& sql, std::unique_ptr<Statement>& ps,
                               std::string& text);
}  // namespace detail

}  // namespace versus::load
