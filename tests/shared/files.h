#pragma once
// File helpers both test programs use (unit and integration): the matrix files of a
// directory, a file's whole text, writing a file, finding a whole line and splitting a CSV line. Linked into both as
// versus_test_shared.
#include <filesystem>
#include <string>
#include <vector>

namespace versus::testing {

// The regular *.yaml files directly in `dir`, sorted by path.
std::vector<std::filesystem::path> yaml_files(const std::filesystem::path& dir);

// The whole text of `file`; throws std::runtime_error naming the file when it cannot be read
// (Catch reports it as the test's failure).
std::string text_of(const std::filesystem::path& file);

// Writes `text` to `file` (its directories made), mode 0700 when `executable`, else 0600.
void write_file(const std::filesystem::path& file, const std::string& text, bool executable);

// True when `line` is one whole line of `text`.
bool has_line(const std::string& text, const std::string& line);

// The fields of one CSV line (RFC 4180: quoted fields may hold commas and doubled quotes; no
// line breaks inside a field).
std::vector<std::string> csv_split(const std::string& line);

}  // namespace versus::testing
