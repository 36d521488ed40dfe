#pragma once
// StatementFileReader: a plain file of SQL statements, each ended by a ';' at the end of a
// line (outside quotes and comments, util/sql_script.h's rules; several statements on one
// line are split too), read a statement at a time. The statements have no connection, time
// or database: one session runs them in file order. A file that ends inside a quote or a
// /* comment is an error naming the line its last statement starts on; a last statement
// without a ';' counts.
#include <deque>
#include <istream>
#include <string>

#include "load/family/replay/log_lines.h"
#include "load/family/replay/query_log.h"

namespace versus::load::replay {

class StatementFileReader : public QueryLogReader {
 public:
  StatementFileReader(std::istream& in, std::string file) : lines_(in, std::move(file)) {}
  Expected<std::optional<LoggedQuery>> next() override;

 private:
  // Splits `pending_` into ready_; an error when it ends inside a quote or comment.
  Expected<void> split_pending(bool at_end);

  LogLines lines_;
  std::string pending_;   // lines read since the last statement's end
  int pending_line_ = 0;  // the line pending_ starts on
  std::deque<LoggedQuery> ready_;
};

}  // namespace versus::load::replay
