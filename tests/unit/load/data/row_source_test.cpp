#include "load/data/row_source.h"

#include <catch2/catch.hpp>
#include <regex>
#include <string>

using versus::load::Random;
using versus::load::RowSource;

namespace {
std::string line_of(RowSource& rows) {
  char buf[RowSource::kMaxRowText];
  return std::string(buf, rows.write_line(buf));
}
std::string tuple_of(RowSource& rows) {
  char buf[RowSource::kMaxRowText];
  return std::string(buf, rows.write_tuple(buf));
}
}  // namespace

TEST_CASE("RowSource: LOAD DATA lines, ids in order, sysbench's c and pad", "[load][row_source]") {
  RowSource rows(Random(1), 7, 9, 1000);
  const std::regex line(R"((\d+)\t(\d+)\t\d{11}(-\d{11}){9}\t\d{11}(-\d{11}){4}\n)");
  for (int id = 7; id <= 9; ++id) {
    REQUIRE_FALSE(rows.done());
    std::smatch m;
    const auto text = line_of(rows);
    REQUIRE(std::regex_match(text, m, line));
    CHECK(std::stol(m[1].str()) == id);
    CHECK(std::stol(m[2].str()) >= 1);
    CHECK(std::stol(m[2].str()) <= 1000);
  }
  CHECK(rows.done());
}

TEST_CASE("RowSource: a tuple and a line of the same seed carry the same row",
          "[load][row_source]") {
  RowSource a(Random(4), 1, 1, 50), b(Random(4), 1, 1, 50);
  std::string tuple = tuple_of(a), line = line_of(b);
  // "(1,k,'c','pad')" -> "1\tk\tc\tpad\n"
  std::string converted = tuple.substr(1, tuple.size() - 3) + "\n";
  converted = std::regex_replace(converted, std::regex("','"), "\t");
  converted = std::regex_replace(converted, std::regex(",'|,"), "\t");
  CHECK(converted == line);
}

TEST_CASE("RowSource: the longest row fits kMaxRowText", "[load][row_source]") {
  RowSource rows(Random(2), 2147483000, 2147483001, 4294967295u);
  CHECK(line_of(rows).size() <= RowSource::kMaxRowText);
  CHECK(tuple_of(rows).size() <= RowSource::kMaxRowText);
}

TEST_CASE("RowSource: a line without its id is the same row after the id", "[load][row_source]") {
  RowSource with(Random(9), 1, 3, 100), without(Random(9), 1, 3, 100);
  char buf[RowSource::kMaxRowText];
  for (int id = 1; id <= 3; ++id) {
    const std::string full = line_of(with);
    const std::string bare(buf, without.write_line(buf, false));
    CHECK(full == std::to_string(id) + "\t" + bare);
  }
  CHECK(without.done());  // ids are consumed either way
}
