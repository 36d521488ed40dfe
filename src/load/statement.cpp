#include "load/statement.h"

namespace versus::load {

Expected<std::unique_ptr<Statement>> Statement::prepare(MYSQL* mysql, std::string sql,
                                                        std::vector<ParamType> params) {
  std::unique_ptr<Statement> s(new Statement());
  s->sql_ = std::move(sql);
  s->types_ = params;
  s->stmt_ = mysql_stmt_init(mysql);
  if (!s->stmt_) return fail("mysql_stmt_init: out of memory");
  if (mysql_stmt_prepare(s->stmt_, s->sql_.data(), s->sql_.size()) != 0)
    return fail("cannot prepare `" + s->sql_ + "`: " + s->last_error());
  for (std::size_t i = 0; i < params.size(); ++i) {
    MYSQL_BIND& b = s->binds_[i];
    if (params[i] == ParamType::integer) {
      b.buffer_type = MYSQL_TYPE_LONGLONG;
      b.buffer = &s->ints_[i];
    } else {
      b.buffer_type = MYSQL_TYPE_STRING;
      b.buffer = s->texts_[i].data();
      b.buffer_length = kMaxText;
      b.length = &s->lengths_[i];
    }
  }
  if (!params.empty() && mysql_stmt_bind_param(s->stmt_, s->binds_.data()))
    return fail("cannot bind `" + s->sql_ + "`: " + s->last_error());
  return s;
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
