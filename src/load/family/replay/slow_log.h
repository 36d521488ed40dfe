#pragma once
// SlowLogReader: the statements of a MariaDB or MySQL slow query log. An entry is its "# "
// header lines (# Time:, # User@Host: with MySQL's Id:, MariaDB's # Thread_id: and Schema:,
// # Query_time: with Rows_sent: and Rows_examined:), then the metadata lines the server adds
// (`use db;` when the default database changed, `SET timestamp=N;`, which are not
// statements), then the statement, over as many lines as it has, ended by the ';' the server
// adds. The statement ends where pt-query-digest ends it: at a line ending in ';' that a line
// starting with '#' follows. "# administrator command: X" is an entry's command, not SQL.
// A database named by neither `use` nor Schema: is the one of the entry before (the server
// writes `use` only when it changes). The server writes an entry after its statement ran, so
// a `USE db` statement's entry names db (the general log's reader gives the one before).
#include <istream>
#include <string>

#include "load/family/replay/log_lines.h"
#include "load/family/replay/query_log.h"

namespace versus::load::replay {

class SlowLogReader : public QueryLogReader {
 public:
  SlowLogReader(std::istream& in, std::string file) : lines_(in, std::move(file)) {}
  Expected<std::optional<LoggedQuery>> next() override;

 private:
  struct Header;
  Expected<void> read_field(std::string_view key, std::string_view value, Header& header);
  Expected<void> read_header_line(std::string_view line, Header& header);
  std::string statement_from(std::string first);

  LogLines lines_;
  std::string last_db_;
};

}  // namespace versus::load::replay
