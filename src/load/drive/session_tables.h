#pragma once
// Internal to Session (session.cpp, session_legacy.cpp): the prepared statements of one table,
// and how they are prepared.
#include <memory>
#include <string>
#include <vector>

#include "load/drive/session.h"

namespace versus::load {

struct Session::TableStatements {
  std::string name;
  std::unique_ptr<Statement> point, simple, sum, order, distinct;
  std::unique_ptr<Statement> index_update, non_index_update, del, ins;
  std::unique_ptr<Statement> micro;  // a microbenchmark's one statement (session_micro.cpp)
};

namespace detail {
// Prepares `sql` (with {} replaced by the table name) only when the mix runs it.
inline Expected<void> prepare_if(bool needed, MYSQL* m, const std::string& table, const char* sql,
                                 std::vector<ParamType> params, std::unique_ptr<Statement>& out) {
  if (!needed) return {};
  std::string text = sql;
  text.replace(text.find("{}"), 2, table);
  auto s = Statement::prepare(m, text, std::move(params));
  if (!s) return fail(s.error());
  out = std::move(*s);
  return {};
}

// Prepares `sql` into `ps`; when the server cannot prepare it (ER_UNSUPPORTED_PS), leaves `ps`
// null and `text` = sql, to be sent as a text query (sysbench 0.4's drv_mysql fallback).
Expected<void> prepare_or_text(MYSQL* m, const std::string& sql, std::unique_ptr<Statement>& ps,
                               std::string& text);
}  // namespace detail

}  // namespace versus::load
