#include "load/statement.h"

namespace versus::load {

Expected<std::unique_ptr<Statement>> Statement::prepare(MYSQL* mysql, std::string sql,
                                                        std::vector<ParamType> params) {
  std::unique_ptr<Statement> s(new Statement());
  s->sql_ = std::move(sql);
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

unsigned Statement::execute() {
  if (mysql_stmt_execute(stmt_) != 0) return mysql_stmt_errno(stmt_);
  if (mysql_stmt_field_count(stmt_) > 0) {
    if (mysql_stmt_store_result(stmt_) != 0) return mysql_stmt_errno(stmt_);
    mysql_stmt_free_result(stmt_);
  }
  return 0;
}

std::string Statement::last_error() const {
  return "error " + std::to_string(mysql_stmt_errno(stmt_)) + ": " + mysql_stmt_error(stmt_);
}

}  // namespace versus::load
