#include "load/family/tpcc/tpcc_schema.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
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

namespace {
// The largest value a column's declared type holds: BIGINT, INT, SMALLINT, TINYINT, or
// DECIMAL(p,s)'s 10^(p-s); 0 when the column is not declared one of those.
double largest_value(const std::string& sql, const std::string& column) {
  const auto at = sql.find(column + " ");
  if (at == std::string::npos) return 0;
  const std::string type = sql.substr(at + column.size() + 1, 14);
  if (type.starts_with("BIGINT")) return 9.2e18;
  if (type.starts_with("INT")) return 2147483647;
  if (type.starts_with("SMALLINT")) return 32767;
  if (type.starts_with("TINYINT")) return 127;
  int p = 0, s = 0;
  if (std::sscanf(type.c_str(), "DECIMAL(%d,%d)", &p, &s) == 2) return std::pow(10.0, p - s);
  return 0;
}
}  // namespace

TEST_CASE("TPC-C schema: no counter or sum outgrows its column in the longest run planned",
          "[load][tpcc]") {
  // The longest run versus plans: a week (every duration's upper bound) at 10,000
  // transactions/s (five times the fastest rate measured here), all on one warehouse, with
  // the specification's mix: 45% New-Order (10 lines of up to 10 items), 43% Payment (up to
  // 5,000.00), 4% Delivery (10 orders). The hottest NURand(8191) item takes 0.2% of all lines;
  // the hottest NURand(1023) customer 0.1% of a district's payments; 1% of lines are remote.
  const double seconds = 7 * 24 * 3600.0, tps = 10'000;
  const double payments = seconds * tps * 0.43, lines = seconds * tps * 0.45 * 10;
  struct Bound {
    Table table;
    const char* column;
    double most;  // the most it can reach in that run
  };
  const Bound bounds[] = {
      {Table::warehouse, "w_ytd", payments * 5000},
      {Table::district, "d_ytd", payments * 5000},
      {Table::customer, "c_ytd_payment", payments * 5000},
      {Table::customer, "c_balance", payments * 5000},
      {Table::customer, "c_payment_cnt", payments},
      {Table::customer, "c_delivery_cnt", seconds * tps * 0.04 * 10},
      {Table::stock, "s_ytd", lines * 10},
      {Table::stock, "s_order_cnt", lines},
      {Table::stock, "s_remote_cnt", lines},
  };
  for (const Bound& b : bounds) {
    INFO(b.column);
    CHECK(largest_value(create_table_sql(b.table, "innodb"), b.column) > b.most);
  }
  // The old SMALLINT would have failed at the hottest item within minutes.
  CHECK(lines * 0.002 > 32767);
}
