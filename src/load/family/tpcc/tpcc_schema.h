#pragma once
// TpccSchema: the nine tables of the TPC-C specification (clause 1.3), with its table and
// column names, so users' own SQL and the specification's checks read them; the secondary
// indexes sysbench-tpcc, HammerDB and go-tpc add (customer by last name, orders by customer),
// created after the rows as versus does for sbtest's k. No foreign keys (none of those tools
// load with them by default).
#include <array>
#include <string>
#include <string_view>

namespace versus::load::tpcc {

// In load order: item once, then each warehouse's tables.
enum class Table {
  item,
  warehouse,
  district,
  customer,
  history,
  orders,
  new_order,
  order_line,
  stock
};
inline constexpr std::array<Table, 9> kTables = {
    Table::item,   Table::warehouse, Table::district,   Table::customer, Table::history,
    Table::orders, Table::new_order, Table::order_line, Table::stock};

std::string_view table_name(Table t);
// The table's columns in the specification's order, comma separated: what its rows carry.
std::string_view column_list(Table t);
std::string create_table_sql(Table t, std::string_view engine, std::string_view charset = "",
                             std::string_view collation = "");
// The secondary index of customer and orders, "" for the other tables.
std::string create_index_sql(Table t);
std::string drop_table_sql(Table t);

}  // namespace versus::load::tpcc
