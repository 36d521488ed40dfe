#include "sysbench/statement_counts.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using versus::sysbench::StatementCounts;

TEST_CASE("for_each_count visits every field once, by its name, in declaration order",
          "[sysbench]") {
  StatementCounts c;
  int next = 1;
  std::vector<std::string> names;
  versus::sysbench::for_each_count(c, [&](const char* name, int& field) {
    names.emplace_back(name);
    field = next++;
  });
  CHECK(names == std::vector<std::string>{"point_selects", "simple_ranges", "sum_ranges",
                                          "order_ranges", "distinct_ranges", "range_size",
                                          "index_updates", "non_index_updates", "delete_inserts",
                                          "deletes", "inserts", "inlist_size"});
  // Every field was reached (sizeof: no field the list forgets).
  CHECK(sizeof(StatementCounts) == names.size() * sizeof(int));
  CHECK(c.point_selects == 1);
  CHECK(c.range_size == 6);
  CHECK(c.inserts == 11);
}

TEST_CASE("StatementCounts: sysbench 1.0's oltp_read_write defaults", "[sysbench]") {
  const StatementCounts c;
  CHECK(c.point_selects == 10);
  CHECK(c.range_size == 100);
  CHECK(c.delete_inserts == 1);
  CHECK(c.deletes + c.inserts == 0);
}
