#include "report/run/efficiency_table.h"
#include "support/efficiency_costs.h"

#include <catch2/catch.hpp>

using versus::report::ComparisonTable;
using versus::report::efficiency_table;
using versus::report::RowAxis;

namespace {
// Two columns, two rows (threads 4 at 1000 and 2000 rows), every cell with usage figures.
ComparisonTable two_by_two(RowAxis rows_by) {
  ComparisonTable t;
  t.rows_by = rows_by;
  t.columns = {{"a", "p"}, {"b", "p"}};
  for (std::int64_t size : {1000, 2000}) {
    versus::report::ComparisonRow row;
    row.threads = 4;
    row.table_size = size;
    row.cells.resize(2);
    for (auto& c : row.cells) c.efficiency = versus::testing::costs(100, 50, 10, 0, 1, 5);
    t.rows.push_back(row);
  }
  return t;
}
}  // namespace

TEST_CASE("efficiency table: rows labelled by thread count under a thread table",
          "[report][efficiency]") {
  auto t = efficiency_table(two_by_two(RowAxis::threads));
  REQUIRE(t);
  CHECK(t->header.front() == "threads");
  REQUIRE(t->rows.size() == 4);
  CHECK(t->rows[0][0] == "4");
  CHECK(t->rows[1][0].empty());  // the label once per row
  CHECK(t->rows[1][1] == "b/p");
}

TEST_CASE("efficiency table: rows labelled by table size under a size table",
          "[report][efficiency]") {
  auto t = efficiency_table(two_by_two(RowAxis::table_size));
  REQUIRE(t);
  CHECK(t->header.front() == "rows");
  REQUIRE(t->rows.size() == 4);
  CHECK(t->rows[0][0] == "1000");
  CHECK(t->rows[2][0] == "2000");
  CHECK(t->rows[3][2] == "100 x1.00");
}

TEST_CASE("efficiency table: no ratio between figures too small to print", "[report][efficiency]") {
  auto table = two_by_two(RowAxis::threads);
  table.rows[0].cells[0].efficiency->read_kb = 0.02;  // both print as 0.0
  table.rows[0].cells[1].efficiency->read_kb = 0.01;
  table.rows[0].cells[1].efficiency->write_kb = 0.5;  // printable, its base 1: a ratio
  auto t = efficiency_table(table);
  REQUIRE(t);
  const auto& b = t->rows[1];  // b/p at 4 threads: server, client, switches, read, write
  CHECK(b[5] == "0.0");
  CHECK(b[6] == "0.5 x0.50");
}

TEST_CASE("efficiency table: the kernel's counts as columns where some cell has them",
          "[report][efficiency]") {
  auto table = two_by_two(RowAxis::threads);
  CHECK(efficiency_table(table)->header.size() == 7);  // no counts: the five costs only
  for (auto& row : table.rows)
    for (auto& c : row.cells) {
      c.efficiency->task_clock_us = 98;
      c.efficiency->not_counted = {"cycles: no PMU", "instructions: no PMU"};
    }
  table.rows[0].cells[1].efficiency->task_clock_us = 196;
  table.rows[1].cells[1].efficiency->task_clock_us.reset();  // a remote server's, say
  table.rows[1].cells[1].efficiency->not_counted.push_back("task-clock: not counted");
  auto t = efficiency_table(table);
  REQUIRE(t);
  REQUIRE(t->header.size() == 8);  // task-clock only: nobody counted cycles or instructions
  CHECK(t->header.back() == "task-clock us");
  CHECK(t->rows[0][7] == "98.0");
  CHECK(t->rows[1][7] == "196 x2.00");
  CHECK(t->rows[3][7] == "n/a");
  // Each reason once with its events, in the order first seen.
  CHECK(t->notes == std::vector<std::string>{"not counted: cycles, instructions: no PMU",
                                             "not counted: task-clock: not counted"});

  table.rows[0].cells[0].efficiency->instructions = 25'000;
  t = efficiency_table(table);
  REQUIRE(t->header.size() == 9);
  CHECK(t->header.back() == "k instructions");
  CHECK(t->rows[0][8] == "25.0");
  CHECK(t->rows[1][8] == "n/a");
}
