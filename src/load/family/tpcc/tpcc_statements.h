#pragma once
// TpccStatements: every statement the five TPC-C transactions send, in one list: its name (the
// class its per-statement figures are kept under), its SQL, its parameters and the result
// columns read back. Money travels as integer cents (`? / 100` on the way in, CAST(x * 100 AS
// SIGNED) on the way out), so every parameter is an integer but the step's one text.
#include <mysql.h>

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "load/step/statement.h"
#include "util/expected.h"

namespace versus::load::tpcc {

enum class Sql {
  begin,
  commit,
  rollback,
  // New-Order
  no_customer,
  no_warehouse,
  no_district,
  no_district_next,
  no_orders,
  no_new_order,
  no_item,
  no_stock,
  no_stock_update,
  no_order_line,
  // Payment
  pay_warehouse_ytd,
  pay_warehouse,
  pay_district_ytd,
  pay_district,
  pay_name_count,
  pay_customer_by_name,
  pay_customer,
  pay_customer_bc,
  pay_customer_gc,
  pay_history,
  // Order-Status
  os_name_count,
  os_customer_by_name,
  os_customer,
  os_order,
  os_order_lines,
  // Delivery
  dl_new_order,
  dl_delete_new_order,
  dl_order,
  dl_order_carrier,
  dl_order_lines,
  dl_amount,
  dl_customer,
  // Stock-Level
  sl_district,
  sl_stock_count,
};
inline constexpr std::size_t kSqlCount = static_cast<std::size_t>(Sql::sl_stock_count) + 1;

struct SqlText {
  Sql id;
  std::string_view name;  // e.g. "new_order.district": the statement's class
  std::string_view sql;
  std::vector<ParamType> params;
  std::vector<ResultType> results;  // the columns read back; none: the rows are discarded
};

// The list, in Sql order.
const std::vector<SqlText>& sql_texts();
const SqlText& sql_text(Sql id);

// One session's prepared statements, by Sql. BEGIN, COMMIT and ROLLBACK that the server cannot
// prepare (MySQL: error 1295) are null, their text sent as a plain query.
class TpccStatements {
 public:
  Expected<void> prepare(MYSQL* m);
  Statement* get(Sql id) const { return statements_[static_cast<std::size_t>(id)].get(); }
  // The text of a statement sent as a plain query ("" when it is prepared).
  std::string_view text(Sql id) const;

 private:
  std::array<std::unique_ptr<Statement>, kSqlCount> statements_;
  std::array<std::string, 3> frame_texts_;  // begin, commit, rollback when not prepared
};

}  // namespace versus::load::tpcc
