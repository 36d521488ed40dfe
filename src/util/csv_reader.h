#pragma once
// CsvReader: records of a CSV file (RFC 4180), one at a time, with the line each starts at.
// Fields are separated by ',' and records by '\n' or "\r\n"; a field in double quotes may hold
// commas, line breaks and doubled quotes (""). An unquoted empty field and an unquoted \N are
// NULL (as PostgreSQL's COPY and MySQL's LOAD DATA read them); a quoted one is the text, even
// when empty. Empty lines are skipped. Streams the file: memory is one record.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "util/expected.h"

namespace versus {

struct CsvField {
  std::string text;
  bool null = false;
};

class CsvReader {
 public:
  // Opens `file`; the error names it.
  static Expected<CsvReader> open(const std::filesystem::path& file);

  // Reads the next record into `fields` (replacing them): true, or false at the end of the
  // file. A quote left open at the end, or text after a closing quote, is an error naming
  // file:line.
  Expected<bool> next(std::vector<CsvField>& fields);
  // The line the last record read starts at (1-based).
  int line() const { return record_line_; }

 private:
  CsvReader(std::filesystem::path file, std::ifstream in);
  int peek() { return in_.peek(); }
  int get();
  Expected<void> quoted(CsvField& field);
  void unquoted(CsvField& field);

  std::filesystem::path file_;
  std::ifstream in_;
  int line_ = 1;
  int record_line_ = 0;
};

// What a CSV file holds, read through once: its header (the first record: column names, each
// non-empty and unique), how many records follow it, and the longest record in bytes (its
// fields' text, unescaped). Every record must have the header's number of fields.
struct CsvShape {
  std::vector<std::string> header;
  std::int64_t records = 0;
  std::size_t longest_record = 0;
};
Expected<CsvShape> scan_csv(const std::filesystem::path& file);

}  // namespace versus
