#include "load/family/oltp/one_row_table.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "load/family/loader.h"

using namespace versus::load;
using versus::sysbench::Workload;

TEST_CASE("one-row table: sbtestN's columns and index, one row of id 1", "[load][micro]") {
  const std::string create = create_one_row_table_sql("innodb", "utf8mb4", "utf8mb4_bin");
  CHECK_THAT(create, Catch::StartsWith("CREATE TABLE sbtest_one (id INTEGER NOT NULL, k INTEGER"));
  CHECK_THAT(create, Catch::Contains("PRIMARY KEY (id), KEY k_one (k)) ENGINE = innodb"));
  CHECK_THAT(create, Catch::EndsWith(" DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin"));
  const std::string insert = one_row_insert_sql();
  CHECK_THAT(insert, Catch::StartsWith("INSERT INTO sbtest_one (id, k, c, pad) VALUES (1,1,'"));
  CHECK(std::count(insert.begin(), insert.end(), '(') == 2);  // the column list and one row
  CHECK(insert == one_row_insert_sql());                      // the same row every load
  CHECK(drop_one_row_table_sql() == "DROP TABLE IF EXISTS sbtest_one");
}

TEST_CASE("one-row table: loaded, named and explained only when update_one runs", "[load][micro]") {
  const auto with =
      tables_for({{Workload::point_query, Workload::update_one}, {}, "innodb", 2, 1000, {}});
  CHECK(with.one_row_table);
  CHECK(table_names(with) == std::vector<std::string>{"sbtest1", "sbtest2", "sbtest_one"});
  const auto without =
      tables_for({{Workload::point_query, Workload::update_zipf}, {}, "innodb", 2, 1000, {}});
  CHECK_FALSE(without.one_row_table);
  CHECK(table_names(without) == std::vector<std::string>{"sbtest1", "sbtest2"});
}
