#include "load/family/tpcc/tpcc_statements.h"

#include "load/step/statement.h"

namespace versus::load::tpcc {

namespace {
// Short names for the table below: an integer or the step's text in, an integer or text out.
constexpr ParamType kInt = ParamType::integer;
constexpr ParamType kStepText = ParamType::step_text;
constexpr ResultType kIntOut = ResultType::integer;
constexpr ResultType kTextOut = ResultType::text;

// Payment and Order-Status choose a customer by last name alike: how many have it, then the
// one at the middle by c_first.
constexpr std::string_view kNameCount =
    "SELECT COUNT(c_id) FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?";
constexpr std::string_view kCustomerByName =
    "SELECT c_id FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first "
    "LIMIT ?, 1";

std::vector<SqlText> frame_texts() {
  return {
      {Sql::begin, "begin", "BEGIN", {}, {}},
      {Sql::commit, "commit", "COMMIT", {}, {}},
      {Sql::rollback, "rollback", "ROLLBACK", {}, {}},
  };
}

// New-Order (clause 2.4.2).
std::vector<SqlText> new_order_texts() {
  return {
      {Sql::no_customer,
       "new_order.customer",
       "SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? AND "
       "c_id = ?",
       {kInt, kInt, kInt},
       {}},
      {Sql::no_warehouse,
       "new_order.warehouse",
       "SELECT w_tax FROM warehouse WHERE w_id = ?",
       {kInt},
       {}},
      {Sql::no_district,
       "new_order.district",
       "SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ? FOR UPDATE",
       {kInt, kInt},
       {kIntOut}},
      {Sql::no_district_next,
       "new_order.district_next",
       "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?",
       {kInt, kInt},
       {}},
      {Sql::no_orders,
       "new_order.orders",
       "INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, "
       "o_all_local) VALUES (?, ?, ?, ?, NOW(), NULL, ?, ?)",
       {kInt, kInt, kInt, kInt, kInt, kInt},
       {}},
      {Sql::no_new_order,
       "new_order.new_order",
       "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)",
       {kInt, kInt, kInt},
       {}},
      {Sql::no_item,
       "new_order.item",
       "SELECT CAST(i_price * 100 AS SIGNED), i_name, i_data FROM item WHERE i_id = ?",
       {kInt},
       {kIntOut, kTextOut, kTextOut}},
      {Sql::no_stock,
       "new_order.stock",
       "SELECT s_quantity, ELT(?, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, "
       "s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10), s_data FROM stock WHERE "
       "s_i_id = ? AND s_w_id = ? FOR UPDATE",
       {kInt, kInt, kInt},
       {kIntOut, kTextOut, kTextOut}},
      {Sql::no_stock_update,
       "new_order.stock_update",
       "UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1, "
       "s_remote_cnt = s_remote_cnt + ? WHERE s_i_id = ? AND s_w_id = ?",
       {kInt, kInt, kInt, kInt, kInt},
       {}},
      {Sql::no_order_line,
       "new_order.order_line",
       "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, "
       "ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, "
       "? / 100, ?)",
       {kInt, kInt, kInt, kInt, kInt, kInt, kInt, kInt, kStepText},
       {}},
  };
}

// Payment (clause 2.5.2).
std::vector<SqlText> payment_texts() {
  return {
      {Sql::pay_warehouse_ytd,
       "payment.warehouse_ytd",
       "UPDATE warehouse SET w_ytd = w_ytd + ? / 100 WHERE w_id = ?",
       {kInt, kInt},
       {}},
      {Sql::pay_warehouse,
       "payment.warehouse",
       "SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM warehouse WHERE "
       "w_id = ?",
       {kInt},
       {kTextOut, kTextOut, kTextOut, kTextOut, kTextOut, kTextOut}},
      {Sql::pay_district_ytd,
       "payment.district_ytd",
       "UPDATE district SET d_ytd = d_ytd + ? / 100 WHERE d_w_id = ? AND d_id = ?",
       {kInt, kInt, kInt},
       {}},
      {Sql::pay_district,
       "payment.district",
       "SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip FROM district WHERE "
       "d_w_id = ? AND d_id = ?",
       {kInt, kInt},
       {kTextOut, kTextOut, kTextOut, kTextOut, kTextOut, kTextOut}},
      {Sql::pay_name_count, "payment.name_count", kNameCount, {kInt, kInt, kStepText}, {kIntOut}},
      {Sql::pay_customer_by_name,
       "payment.customer_by_name",
       kCustomerByName,
       {kInt, kInt, kStepText, kInt},
       {kIntOut}},
      {Sql::pay_customer,
       "payment.customer",
       "SELECT c_first, c_middle, c_last, c_street_1, c_credit, c_balance FROM customer WHERE "
       "c_w_id = ? AND c_d_id = ? AND c_id = ? FOR UPDATE",
       {kInt, kInt, kInt},
       {kTextOut, kTextOut, kTextOut, kTextOut, kTextOut, kTextOut}},
      {Sql::pay_customer_bc,
       "payment.customer_bc",
       "UPDATE customer SET c_balance = c_balance - ? / 100, c_ytd_payment = c_ytd_payment + "
       "? / 100, c_payment_cnt = c_payment_cnt + 1, c_data = SUBSTR(CONCAT_WS(' ', c_id, "
       "c_d_id, c_w_id, ?, ?, ? / 100, c_data), 1, 500) WHERE c_w_id = ? AND c_d_id = ? AND "
       "c_id = ?",
       {kInt, kInt, kInt, kInt, kInt, kInt, kInt, kInt},
       {}},
      {Sql::pay_customer_gc,
       "payment.customer_gc",
       "UPDATE customer SET c_balance = c_balance - ? / 100, c_ytd_payment = c_ytd_payment + "
       "? / 100, c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND "
       "c_id = ?",
       {kInt, kInt, kInt, kInt, kInt},
       {}},
      {Sql::pay_history,
       "payment.history",
       "INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, "
       "h_data) VALUES (?, ?, ?, ?, ?, NOW(), ? / 100, ?)",
       {kInt, kInt, kInt, kInt, kInt, kInt, kStepText},
       {}},
  };
}

// Order-Status (clause 2.6.2).
std::vector<SqlText> order_status_texts() {
  return {
      {Sql::os_name_count,
       "order_status.name_count",
       kNameCount,
       {kInt, kInt, kStepText},
       {kIntOut}},
      {Sql::os_customer_by_name,
       "order_status.customer_by_name",
       kCustomerByName,
       {kInt, kInt, kStepText, kInt},
       {kIntOut}},
      {Sql::os_customer,
       "order_status.customer",
       "SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = ? AND "
       "c_d_id = ? AND c_id = ?",
       {kInt, kInt, kInt},
       {}},
      {Sql::os_order,
       "order_status.order",
       "SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_w_id = ? AND o_d_id = ? AND "
       "o_c_id = ? ORDER BY o_id DESC LIMIT 1",
       {kInt, kInt, kInt},
       {kIntOut, kIntOut, kTextOut}},
      {Sql::os_order_lines,
       "order_status.order_lines",
       "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line "
       "WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?",
       {kInt, kInt, kInt},
       {}},
  };
}

// Delivery (clause 2.7.4).
std::vector<SqlText> delivery_texts() {
  return {
      {Sql::dl_new_order,
       "delivery.new_order",
       "SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id "
       "LIMIT 1 FOR UPDATE",
       {kInt, kInt},
       {kIntOut}},
      {Sql::dl_delete_new_order,
       "delivery.delete_new_order",
       "DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?",
       {kInt, kInt, kInt},
       {}},
      {Sql::dl_order,
       "delivery.order",
       "SELECT o_c_id FROM orders WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?",
       {kInt, kInt, kInt},
       {kIntOut}},
      {Sql::dl_order_carrier,
       "delivery.order_carrier",
       "UPDATE orders SET o_carrier_id = ? WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?",
       {kInt, kInt, kInt, kInt},
       {}},
      {Sql::dl_order_lines,
       "delivery.order_lines",
       "UPDATE order_line SET ol_delivery_d = NOW() WHERE ol_w_id = ? AND ol_d_id = ? AND "
       "ol_o_id = ?",
       {kInt, kInt, kInt},
       {}},
      {Sql::dl_amount,
       "delivery.amount",
       "SELECT CAST(SUM(ol_amount) * 100 AS SIGNED) FROM order_line WHERE ol_w_id = ? AND "
       "ol_d_id = ? AND ol_o_id = ?",
       {kInt, kInt, kInt},
       {kIntOut}},
      {Sql::dl_customer,
       "delivery.customer",
       "UPDATE customer SET c_balance = c_balance + ? / 100, c_delivery_cnt = c_delivery_cnt + "
       "1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
       {kInt, kInt, kInt, kInt},
       {}},
  };
}

// Stock-Level (clause 2.8.2).
std::vector<SqlText> stock_level_texts() {
  return {
      {Sql::sl_district,
       "stock_level.district",
       "SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?",
       {kInt, kInt},
       {kIntOut}},
      {Sql::sl_stock_count,
       "stock_level.stock_count",
       "SELECT COUNT(DISTINCT s_i_id) FROM order_line JOIN stock ON s_i_id = ol_i_id AND "
       "s_w_id = ol_w_id WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? AND "
       "s_quantity < ?",
       {kInt, kInt, kInt, kInt, kInt},
       {}},
  };
}

// The list in Sql order: the frame, then each transaction's statements as it sends them.
std::vector<SqlText> make_texts() {
  std::vector<SqlText> all = frame_texts();
  for (auto part : {new_order_texts(), payment_texts(), order_status_texts(), delivery_texts(),
                    stock_level_texts()})
    all.insert(all.end(), part.begin(), part.end());
  return all;
}
}  // namespace

const std::vector<SqlText>& sql_texts() {
  static const std::vector<SqlText> texts = make_texts();
  return texts;
}

const SqlText& sql_text(Sql id) {
  return sql_texts()[static_cast<std::size_t>(id)];
}

Expected<void> TpccStatements::prepare(MYSQL* m) {
  for (const SqlText& t : sql_texts()) {
    const auto i = static_cast<std::size_t>(t.id);
    statements_[i].reset();
    if (i < frame_texts_.size()) {
      frame_texts_[i].clear();
      if (auto ok = detail::prepare_or_text(m, std::string(t.sql), statements_[i], frame_texts_[i]);
          !ok)
        return ok;
      continue;
    }
    auto s = Statement::prepare(m, std::string(t.sql), t.params, t.results);
    if (!s) return fail(s.error().context("preparing " + std::string(t.name)));
    statements_[i] = std::move(*s);
  }
  return {};
}

std::string_view TpccStatements::text(Sql id) const {
  const auto i = static_cast<std::size_t>(id);
  return i < frame_texts_.size() ? std::string_view(frame_texts_[i]) : std::string_view();
}

}  // namespace versus::load::tpcc
