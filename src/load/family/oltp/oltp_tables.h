#pragma once
// Internal to OltpProgram (oltp_program*.cpp): the prepared statements of one table, and how
// they are prepared.
#include <memory>
#include <string>
#include <vector>

#include "load/family/oltp/oltp_program.h"

namespace versus::load {

struct OltpProgram::TableStatements {
  std::string name;
  std::unique_ptr<Statement> point, simple, sum, order, distinct;
  std::unique_ptr<Statement> index_update, non_index_update, del, ins;
  std::unique_ptr<Statement> micro;  // a microbenchmark's one statement (oltp_program_micro.cpp)
  std::string micro_text;            // ... or its text, when it is sent unprepared
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
}  // namespace detail

}  // namespace versus::load
