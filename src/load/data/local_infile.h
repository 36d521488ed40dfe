#pragma once
// LOAD DATA LOCAL INFILE fed from a RowSource: Connector/C asks for the "file" in chunks
// and gets generated rows, so no file is written and the server parses no SQL per row.
// The connection must have been opened with local_infile on; the server may still refuse
// (local_infile=OFF), which load_data_local reports as `refused` so the caller can fall back.
#include <cstddef>
#include <string>
#include <string_view>

#include "client/connection.h"
#include "load/data/row_source.h"
#include "util/expected.h"

namespace versus::load {

enum class InfileOutcome { loaded, refused };

// Who gives the rows their ids: the stream (column id sent), or the table's AUTO_INCREMENT
// (as sysbench's INSERTs do; only for rows 1..N into an empty table whose session counts
// 1 by 1: ~5% less server time than explicit ids, measured with LOAD DATA INFILE).
enum class RowIds { sent, auto_increment };

// What load_lines streams: rows as lines in LOAD DATA's default format (tab-separated, \N for
// NULL, '\n' at the end), each at most max_line() bytes, written into the stream's buffer.
class LineSource {
 public:
  virtual ~LineSource() = default;
  virtual bool done() const = 0;
  virtual std::size_t max_line() const = 0;
  virtual std::size_t write_line(char* out) = 0;  // returns the line's length
};

// Sends every remaining line of `lines` into `table`'s `columns` (comma separated) with one
// LOAD DATA LOCAL statement; every line sent must be stored, without a warning.
Expected<InfileOutcome> load_lines(client::Connection& conn, const std::string& table,
                                   std::string_view columns, LineSource& lines);

// Sends every remaining row of `rows` into `table` with one LOAD DATA LOCAL statement.
Expected<InfileOutcome> load_data_local(client::Connection& conn, const std::string& table,
                                        RowSource& rows, RowIds ids = RowIds::sent);

// The statement load_data_local runs (exposed for tests).
std::string load_data_sql(const std::string& table, RowIds ids = RowIds::sent);
// The statement load_lines runs.
std::string load_lines_sql(const std::string& table, std::string_view columns);

}  // namespace versus::load
