#include "load/family/custom/csv_rows.h"

#include <catch2/catch.hpp>
#include <string>

#include "support/temp_dir.h"

using versus::load::custom::CsvRows;
using versus::testing::TempDir;

namespace {
// Every row of `rows` as lines or tuples, each written into a buffer of exactly max_line().
std::vector<std::string> all(CsvRows& rows, bool tuples) {
  std::vector<std::string> out;
  std::string buf(rows.max_line(), '\0');
  while (!rows.done()) {
    const std::size_t n = tuples ? rows.write_tuple(buf.data()) : rows.write_line(buf.data());
    REQUIRE(n <= rows.max_line());
    out.emplace_back(buf.data(), n);
  }
  return out;
}
}  // namespace

TEST_CASE("CSV rows as LOAD DATA lines and as INSERT tuples, escaped", "[load][custom][csv]") {
  TempDir tmp;
  const auto file = tmp.write("t.csv",
                              "id,`odd` name\n"
                              "1,\"tab\there\"\n"
                              "2,\"it's \\ \"\"x\"\"\nnext\"\n"
                              "3,\n");
  auto rows = CsvRows::open(file);
  REQUIRE(rows);
  CHECK(rows->column_list() == "`id`,```odd`` name`");
  CHECK(all(*rows, false) == std::vector<std::string>{"1\ttab\\there\n",
                                                       "2\tit's \\\\ \"x\"\\nnext\n", "3\t\\N\n"});
  CHECK(rows->rows() == 3);
  CHECK_FALSE(rows->error());
  auto again = CsvRows::open(file);
  REQUIRE(again);
  CHECK(all(*again, true) == std::vector<std::string>{"('1','tab\there')",
                                                       "('2','it\\'s \\\\ \"x\"\nnext')",
                                                       "('3',NULL)"});
}

TEST_CASE("CSV rows: a file that changes while it loads ends the stream with an error",
          "[load][custom][csv]") {
  TempDir tmp;
  std::string text = "id,name\n";
  for (int i = 1; i <= 20000; ++i) text += std::to_string(i) + ",a\n";  // beyond any read buffer
  const auto file = tmp.write("t.csv", text);
  auto rows = CsvRows::open(file);
  REQUIRE(rows);
  tmp.write("t.csv", text + "20001,b,c\n");  // the same file, rewritten with a bad last line
  std::string buf(rows->max_line(), '\0');
  while (!rows->done()) rows->write_line(buf.data());
  CHECK(rows->rows() == 20000);
  REQUIRE(rows->error());
  CHECK(*rows->error() == "line 20002: the file changed while it was loaded");
  CHECK_FALSE(CsvRows::open(tmp.path() / "none.csv").has_value());
}
