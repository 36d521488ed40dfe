#include "load/family/custom/custom_rows.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>
#include "support/value_specs.h"

using versus::load::Random;
using versus::load::custom::CustomRows;
using versus::sysbench::CustomTable;
using versus::sysbench::Generator;
using versus::testing::integer_values;

namespace {
CustomTable table() {
  CustomTable t;
  t.name = "t";
  t.rows = 3;
  t.columns.push_back({"id", integer_values(Generator::sequence, 0, 0)});
  t.columns.push_back({"n", integer_values(Generator::uniform, 5, 5)});
  versus::sysbench::ValueSpec odd;
  odd.generator = Generator::list;
  odd.values = {"a'b\\c\td"};
  t.columns.push_back({"s", odd});
  return t;
}
}  // namespace

TEST_CASE("custom rows: LOAD DATA lines, escaped, in row order", "[load][custom][custom_rows]") {
  const CustomTable t = table();
  CustomRows rows(t, Random(1));
  CHECK(rows.column_list() == "`id`,`n`,`s`");
  std::vector<char> buffer(rows.max_line());
  std::string all;
  while (!rows.done()) all.append(buffer.data(), rows.write_line(buffer.data()));
  CHECK(all == "1\t5\ta'b\\\\c\\td\n2\t5\ta'b\\\\c\\td\n3\t5\ta'b\\\\c\\td\n");
}

TEST_CASE("custom rows: INSERT tuples, quoted", "[load][custom][custom_rows]") {
  const CustomTable t = table();
  CustomRows rows(t, Random(1));
  std::vector<char> buffer(rows.max_line());
  const std::size_t n = rows.write_tuple(buffer.data());
  CHECK(std::string(buffer.data(), n) == "(1,5,'a\\'b\\\\c\td')");
  CHECK(n <= rows.max_line());
}

TEST_CASE("custom rows: the longest row fits max_line", "[load][custom][custom_rows]") {
  CustomTable t;
  t.rows = 50;
  versus::sysbench::ValueSpec s;
  s.generator = Generator::string;
  s.length = 128;
  t.columns.push_back({"a", s});
  t.columns.push_back({"b", integer_values(Generator::uniform, -2147483647, -2147483647)});
  CustomRows rows(t, Random(2));
  std::vector<char> buffer(rows.max_line());
  while (!rows.done()) CHECK(rows.write_tuple(buffer.data()) <= rows.max_line());
}
