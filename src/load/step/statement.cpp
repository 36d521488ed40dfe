#include "load/step/statement.h"

#include <mysqld_error.h>

#include <fmt/format.h>

#include <algorithm>

namespace versus::load {

struct Statement::Results {
  std::vector<ResultType> types;
  std::array<long long, kMaxResults> ints{};
  std::array<MYSQL_BIND, kMaxResults> binds{};
  std::array<char[kMaxText], kMaxResults> texts{};
  std::array<unsigned long, kMaxResults> lengths{};
  std::array<my_bool, kMaxResults> nulls{};
};

Expected<std::unique_ptr<Statement>> Statement::prepare(MYSQL* mysql, std::string sql,
                                                        std::vector<ParamType> params,
                                                        std::vector<ResultType> results) {
  const auto texts = static_cast<std::size_t>(std::count_if(
      params.begin(), params.end(), [](ParamType t) { return t != ParamType::integer; }));
  const bool text = texts > 0;
  if (params.size() > kMaxListParams || (texts > 1 && params.size() > kMaxParams))
    return fail("`" + sql + "`: too many parameters");
  if (results.size() > kMaxResults) return fail("`" + sql + "`: more than 6 result columns");
  std::unique_ptr<Statement> s(new Statement());
  s->sql_ = std::move(sql);
  s->kind_ = query_kind_of(s->sql_);
  s->types_ = std::move(params);
  s->ints_.assign(s->types_.size(), 0);
  s->lengths_.assign(s->types_.size(), 0);
  if (text) s->texts_ = std::make_unique<char[]>(s->types_.size() * kMaxText);
  s->stmt_ = mysql_stmt_init(mysql);
  if (!s->stmt_) return fail("mysql_stmt_init: out of memory");
  if (mysql_stmt_prepare(s->stmt_, s->sql_.data(), s->sql_.size()) != 0)
    return fail(
        Error{"cannot prepare `" + s->sql_ + "`: " + s->last_error(), mysql_stmt_errno(s->stmt_)});
  if (auto ok = s->bind_params(); !ok) return fail(ok.error());
  if (!results.empty())
    if (auto ok = s->bind_results(std::move(results)); !ok) return fail(ok.error());
  return s;
}

// Declared types from the result set's metadata: an integer column reads as an integer, any
// other as text. A statement returning fewer columns than asked for fails.
Expected<void> Statement::resolve_declared(std::vector<ResultType>& types) {
  MYSQL_RES* meta = mysql_stmt_result_metadata(stmt_);
  const std::size_t columns = meta ? mysql_num_fields(meta) : 0;
  if (columns < types.size()) {
    if (meta) mysql_free_result(meta);
    return fail(fmt::format("`{}` returns {} column{}, fewer than the {} read back", sql_,
                            columns, columns == 1 ? "" : "s", types.size()));
  }
  const MYSQL_FIELD* fields = mysql_fetch_fields(meta);
  for (std::size_t i = 0; i < types.size(); ++i) {
    if (types[i] != ResultType::declared) continue;
    switch (fields[i].type) {
      case MYSQL_TYPE_TINY:
      case MYSQL_TYPE_SHORT:
      case MYSQL_TYPE_INT24:
      case MYSQL_TYPE_LONG:
      case MYSQL_TYPE_LONGLONG:
      case MYSQL_TYPE_YEAR:
        types[i] = ResultType::integer;
        break;
      default:
        types[i] = ResultType::text;
    }
  }
  mysql_free_result(meta);
  return {};
}

std::size_t Statement::result_count() const {
  return results_ ? results_->types.size() : 0;
}

ResultType Statement::result_type(std::size_t i) const {
  return results_->types[i];
}

Expected<void> Statement::bind_results(std::vector<ResultType> types) {
  if (std::find(types.begin(), types.end(), ResultType::declared) != types.end())
    if (auto ok = resolve_declared(types); !ok) return ok;
  results_ = std::make_unique<Results>();
  Results& r = *results_;
  r.types = std::move(types);
  for (std::size_t i = 0; i < r.types.size(); ++i) {
    MYSQL_BIND& b = r.binds[i];
    b.is_null = &r.nulls[i];
    if (r.types[i] == ResultType::integer) {
      b.buffer_type = MYSQL_TYPE_LONGLONG;
      b.buffer = &r.ints[i];
    } else {
      b.buffer_type = MYSQL_TYPE_STRING;
      b.buffer = r.texts[i];
      b.buffer_length = kMaxText;
      b.length = &r.lengths[i];
    }
  }
  if (mysql_stmt_bind_result(stmt_, r.binds.data()))
    return fail("cannot bind the results of `" + sql_ + "`: " + last_error());
  return {};
}

long long Statement::result_int(std::size_t i) const {
  return has_row_ ? results_->ints[i] : 0;
}

std::string_view Statement::result_text(std::size_t i) const {
  if (!has_row_ || results_->nulls[i]) return {};
  return {results_->texts[i], std::min<std::size_t>(results_->lengths[i], kMaxText)};
}

// mysql_stmt_bind_param copies the MYSQL_BINDs; the buffers they point at are members.
Expected<void> Statement::bind_params() {
  std::vector<MYSQL_BIND> binds(types_.size(), MYSQL_BIND{});
  for (std::size_t i = 0; i < types_.size(); ++i) {
    MYSQL_BIND& b = binds[i];
    if (types_[i] == ParamType::integer) {
      b.buffer_type = MYSQL_TYPE_LONGLONG;
      b.buffer = &ints_[i];
    } else {
      b.buffer_type = MYSQL_TYPE_STRING;
      b.buffer = texts_.get() + i * kMaxText;
      b.buffer_length = kMaxText;
      b.length = &lengths_[i];
    }
  }
  if (!types_.empty() && mysql_stmt_bind_param(stmt_, binds.data()))
    return fail("cannot bind `" + sql_ + "`: " + last_error());
  return {};
}

Statement::~Statement() {
  if (stmt_) mysql_stmt_close(stmt_);
}

int Statement::start() {
  error_ = 0;
  has_row_ = false;
  phase_ = Phase::execute;
  int rc = 0;
  int wait = mysql_stmt_execute_start(&rc, stmt_);
  return wait ? wait : after_execute(rc);
}

int Statement::resume(int ready) {
  if (phase_ == Phase::execute) {
    int rc = 0;
    int wait = mysql_stmt_execute_cont(&rc, stmt_, ready);
    return wait ? wait : after_execute(rc);
  }
  if (phase_ == Phase::fetch) {
    int rc = 0;
    int wait = mysql_stmt_fetch_cont(&rc, stmt_, ready);
    return wait ? wait : after_fetch(rc);
  }
  my_bool rc = 0;
  int wait = mysql_stmt_free_result_cont(&rc, stmt_, ready);
  return wait ? wait : after_discard(rc);
}

// A result set is read and dropped by free_result (Connector/C flushes the unbuffered rows
// without storing them): no allocation per row. With bound results the first row is fetched
// into their buffers first.
int Statement::after_execute(int rc) {
  if (rc != 0) {
    error_ = mysql_stmt_errno(stmt_);
    return 0;
  }
  if (mysql_stmt_field_count(stmt_) == 0) return 0;
  if (!results_) return discard();
  phase_ = Phase::fetch;
  int fetch_rc = 0;
  int wait = mysql_stmt_fetch_start(&fetch_rc, stmt_);
  return wait ? wait : after_fetch(fetch_rc);
}

// A truncated text (MYSQL_DATA_TRUNCATED) keeps its first kMaxText bytes.
int Statement::after_fetch(int rc) {
  if (rc == 1) {
    error_ = mysql_stmt_errno(stmt_);
    return 0;
  }
  has_row_ = rc != MYSQL_NO_DATA;
  if (has_row_)
    for (std::size_t i = 0; i < results_->types.size(); ++i)
      if (results_->nulls[i] && results_->types[i] == ResultType::integer) results_->ints[i] = 0;
  return discard();
}

int Statement::discard() {
  phase_ = Phase::discard;
  my_bool discard_rc = 0;
  int wait = mysql_stmt_free_result_start(&discard_rc, stmt_);
  return wait ? wait : after_discard(discard_rc);
}

int Statement::after_discard(my_bool rc) {
  if (rc != 0) error_ = mysql_stmt_errno(stmt_);
  return 0;
}

std::string Statement::last_error() const {
  return "error " + std::to_string(mysql_stmt_errno(stmt_)) + ": " + mysql_stmt_error(stmt_);
}

namespace detail {
Expected<void> prepare_or_text(MYSQL* m, const std::string& sql, std::unique_ptr<Statement>& ps,
                               std::string& text) {
  auto s = Statement::prepare(m, sql, {});
  if (s) {
    ps = std::move(*s);
    return {};
  }
  // The statement's errno: closing the failed statement has cleared the connection's.
  if (s.error().code != ER_UNSUPPORTED_PS) return fail(s.error());
  text = sql;
  return {};
}
}  // namespace detail

}  // namespace versus::load
