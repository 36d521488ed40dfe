#pragma once
// A query log read one statement at a time: the MariaDB/MySQL slow query log (slow_log.h),
// the general query log (general_log.h) or a plain file of statements (statement_file.h),
// behind one reader. Memory is one statement (and, for the general log, each open
// connection's default database). docs/replay.md describes what each format gives.
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "util/expected.h"

namespace versus::load::replay {

// How the statement reached the server: as text, or as a prepared statement's PREPARE (its
// text has the ? placeholders) or EXECUTE (the general log's text with the values in place);
// admin: the slow log's "administrator command: X", a protocol command, not SQL.
enum class LoggedCommand { query, prepare, execute, admin };

struct LoggedQuery {
  std::string text;  // as the client sent it, without the log's terminating ';'
  LoggedCommand command = LoggedCommand::query;
  std::uint64_t connection = 0;           // the server's thread id; 0 where the log names none
  std::string db;                         // the default database in effect; "" when unknown or none
  std::string time;                       // the log's time stamp as written; "" when it has none
  std::optional<std::int64_t> unix_time;  // seconds since the epoch (slow log's SET timestamp)
  std::optional<double> query_time;       // seconds (slow log)
  std::optional<std::int64_t> rows_sent, rows_examined;  // slow log
  int line = 0;  // the 1-based line of the file the statement starts on
};

class QueryLogReader {
 public:
  virtual ~QueryLogReader() = default;
  // The next statement, nullopt at the end of the log, or an error naming file and line.
  virtual Expected<std::optional<LoggedQuery>> next() = 0;
};

enum class LogFormat { slow, general, statements };
std::string_view format_name(LogFormat format);

// The format of a log from its first lines (`head`: the first few KiB): a slow log's first
// entry starts with "# Time:" or "# User@Host:", a general log's lines are TIME ID COMMAND
// ARGUMENT after the server's banner; anything else is a file of statements.
LogFormat detect_format(std::string_view head);

// A reader of `in` as `format`; `file` names it in errors. `in` must outlive the reader.
std::unique_ptr<QueryLogReader> open_query_log(std::istream& in, std::string file,
                                               LogFormat format);

}  // namespace versus::load::replay
