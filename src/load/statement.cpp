#include "load/statement.h"

namespace versus::load {

namespace {
bool has_text(const std::vector<ParamType>& params) {
  for (ParamType t : params)
    if (t != ParamType::integer) return true;
  return false;
}
}  // namespace

Expected<std::unique_ptr<Statement>> Statement::prepare(MYSQL* mysql, std::string sql,
                                                        std::vector<ParamType> params) {
  const bool text = has_text(params);
  if (params.size() > (text ? kMaxParams : kMaxListParams))
    return fail("`" + sql + "`: too many parameters");
  std::unique_ptr<Statement> s(new Statement());
  s->sql_ = std::move(sql);
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
  return s;
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
  my_bool rc = 0;
  int wait = mysql_stmt_free_result_cont(&rc, stmt_, ready);
  return wait ? wait : after_discard(rc);
}

// A result set is read and dropped by free_result (Connector/C flushes the unbuffered rows
// without storing them): no allocation per row.
int Statement::after_execute(int rc) {
  if (rc != 0) {
    error_ = mysql_stmt_errno(stmt_);
    return 0;
  }
  if (mysql_stmt_field_count(stmt_) == 0) return 0;
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

}  // namespace versus::load
