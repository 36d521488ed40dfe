#pragma once
// LogLines: the lines of a query log read from a stream one at a time, with one line of
// lookahead and the 1-based number of each, for the log readers (query_log.h). A line ends at
// '\n' (a '\r' before it is kept: the log's bytes are the statement's). Also what every
// server log starts with again after each restart or flush: the banner lines.
#include <istream>
#include <string>
#include <string_view>

#include "util/expected.h"

namespace versus::load::replay {

class LogLines {
 public:
  // `file` names the stream in errors.
  LogLines(std::istream& in, std::string file) : in_(in), file_(std::move(file)) {}

  // The next line without taking it; nullptr at the end of the stream.
  const std::string* peek();
  // Takes the next line into `line`: true, or false at the end. A read error (other than the
  // end) is an error naming the file.
  Expected<bool> next(std::string& line);
  // The number of the line next() last returned (0 before the first).
  int number() const { return number_; }
  const std::string& file() const { return file_; }
  // "FILE:LINE: what", LINE the last line taken.
  std::string where(std::string_view what) const;

 private:
  std::istream& in_;
  std::string file_;
  std::string ahead_;
  bool has_ahead_ = false, ended_ = false;
  int number_ = 0;
};

// The banner a server writes at the head of its slow and general logs ("/path/mysqld,
// Version: ... started with:", "Tcp port: ...", "Time  Id Command  Argument").
bool is_log_banner(std::string_view line);

// Whether `s` starts with `prefix`, ASCII case ignored.
bool starts_with_nocase(std::string_view s, std::string_view prefix);

}  // namespace versus::load::replay
