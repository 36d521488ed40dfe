#pragma once
// CsvRows: the rows of a table's CSV file (util/csv_reader.h) as LOAD DATA lines (tab-separated,
// LOAD DATA's default escapes, \N for NULL) or as INSERT tuples, into the columns its first line
// names. The file is read through once when opened (to know its longest line) and then streamed
// one record ahead. A file that changed since then (a record with another number of fields, or
// longer than the first pass saw) ends the stream with error() set.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "load/data/local_infile.h"
#include "util/csv_reader.h"
#include "util/expected.h"

namespace versus::load::custom {

class CsvRows : public LineSource {
 public:
  static Expected<CsvRows> open(const std::filesystem::path& file);

  bool done() const override { return !has_next_; }
  std::size_t max_line() const override { return max_line_; }
  std::size_t write_line(char* out) override { return write_row(out, false); }
  // The next row as "('v1',NULL,...)"; returns its length.
  std::size_t write_tuple(char* out) { return write_row(out, true); }

  // The header's columns, comma-separated and quoted: "`id`,`name`".
  std::string column_list() const;
  // Rows written so far.
  std::int64_t rows() const { return rows_; }
  // Why the stream ended early, if it did.
  const std::optional<std::string>& error() const { return error_; }

 private:
  CsvRows(CsvReader reader, CsvShape shape);
  std::size_t write_row(char* out, bool tuple);
  void read_ahead();

  CsvReader reader_;
  CsvShape shape_;
  std::size_t max_line_ = 0;
  std::vector<CsvField> next_;
  bool has_next_ = false;
  std::int64_t rows_ = 0;
  std::optional<std::string> error_;
};

}  // namespace versus::load::custom
