// The prewarm's statements: both indexes of each table, read-only, no derived tables.
#include "load/probe/prewarm.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

using versus::load::prewarm_statements;

TEST_CASE("prewarm: the clustered and the secondary index of each table", "[load][prewarm]") {
  CHECK(prewarm_statements(3, false) ==
        std::vector<std::string>{"SELECT AVG(id) FROM sbtest3 FORCE INDEX (PRIMARY)",
                                 "SELECT SUM(k) FROM sbtest3"});
  CHECK(prewarm_statements(1, true) ==
        std::vector<std::string>{"SELECT AVG(id) FROM sbtest FORCE INDEX (PRIMARY)",
                                 "SELECT SUM(k) FROM sbtest"});
}

TEST_CASE("prewarm: TPC-C's nine clustered indexes and its two secondary ones, read-only",
          "[load][prewarm]") {
  const auto statements = versus::load::tpcc_prewarm_statements();
  CHECK(statements.size() == 11);
  for (const char* table : {"item", "warehouse", "district", "customer", "history", "orders",
                            "new_order", "order_line", "stock"}) {
    INFO(table);
    CHECK(std::count_if(statements.begin(), statements.end(), [&](const std::string& s) {
            return s.find(std::string(" FROM ") + table + " ") != std::string::npos ||
                   s.ends_with(std::string(" FROM ") + table);
          }) >= 1);
  }
  for (const auto& s : statements) CHECK(s.rfind("SELECT ", 0) == 0);
  CHECK(std::count(statements.begin(), statements.end(),
                   "SELECT COUNT(c_last) FROM customer FORCE INDEX (idx_customer)") == 1);
}
