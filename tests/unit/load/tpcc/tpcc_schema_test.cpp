#include "load/tpcc/tpcc_schema.h"

#include <catch2/catch.hpp>
#include <string>

using namespace versus::load::tpcc;

TEST_CASE("TPC-C schema: the specification's names, keys and the two indexes", "[load][tpcc]") {
  CHECK(table_name(Table::new_order) == "new_order");
  CHECK(table_name(Table::order_line) == "order_line");
  const std::string district = create_table_sql(Table::district, "innodb");
  CHECK(district.find("d_next_o_id INT") != std::string::npos);
  CHECK(district.find("PRIMARY KEY (d_w_id, d_id)) ENGINE = innodb") != std::string::npos);
  CHECK(create_table_sql(Table::item, "innodb", "utf8mb4", "utf8mb4_bin")
            .ends_with(" DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin"));
  CHECK(create_index_sql(Table::customer) ==
        "CREATE INDEX idx_customer ON customer (c_w_id, c_d_id, c_last, c_first)");
  CHECK(create_index_sql(Table::orders) ==
        "CREATE INDEX idx_orders ON orders (o_w_id, o_d_id, o_c_id, o_id)");
  CHECK(create_index_sql(Table::stock).empty());
  CHECK(drop_table_sql(Table::history) == "DROP TABLE IF EXISTS history");
  // Every column listed for the rows is declared in the table.
  for (Table t : kTables) {
    const std::string sql = create_table_sql(t, "innodb");
    std::string columns(column_list(t));
    for (std::size_t at = 0; at < columns.size();) {
      auto end = columns.find(", ", at);
      if (end == std::string::npos) end = columns.size();
      CHECK(sql.find(columns.substr(at, end - at) + " ") != std::string::npos);
      at = end + 2;
    }
  }
}
