#include "load/family/tpcc/consistency.h"

#include <chrono>

namespace versus::load::tpcc {

const std::vector<ConsistencyCondition>& consistency_conditions() {
  static const std::vector<ConsistencyCondition> conditions = {
      {1, "w_ytd = sum(d_ytd) of the warehouse's districts",
       "SELECT COUNT(*) FROM warehouse JOIN (SELECT d_w_id, SUM(d_ytd) AS ytd FROM district "
       "GROUP BY d_w_id) AS d ON d_w_id = w_id WHERE w_ytd <> ytd", true},
      {2, "d_next_o_id - 1 = max(o_id) = max(no_o_id) in each district",
       "SELECT COUNT(*) FROM district LEFT JOIN (SELECT o_w_id, o_d_id, MAX(o_id) AS last_o "
       "FROM orders GROUP BY o_w_id, o_d_id) AS o ON o_w_id = d_w_id AND o_d_id = d_id LEFT "
       "JOIN (SELECT no_w_id, no_d_id, MAX(no_o_id) AS last_no FROM new_order GROUP BY no_w_id, "
       "no_d_id) AS n ON no_w_id = d_w_id AND no_d_id = d_id WHERE d_next_o_id - 1 <> last_o OR "
       "d_next_o_id - 1 <> last_no", true},
      {3, "max(no_o_id) - min(no_o_id) + 1 = the new_order rows of each district",
       "SELECT COUNT(*) FROM (SELECT MAX(no_o_id) - MIN(no_o_id) + 1 - COUNT(*) AS gap FROM "
       "new_order GROUP BY no_w_id, no_d_id) AS g WHERE gap <> 0", true},
      {4, "sum(o_ol_cnt) = the order_line rows of each district",
       "SELECT COUNT(*) FROM (SELECT o_w_id, o_d_id, SUM(o_ol_cnt) AS ol_sum FROM orders GROUP "
       "BY o_w_id, o_d_id) AS o JOIN (SELECT ol_w_id, ol_d_id, COUNT(*) AS n FROM order_line "
       "GROUP BY ol_w_id, ol_d_id) AS l ON o_w_id = ol_w_id AND o_d_id = ol_d_id WHERE "
       "ol_sum <> n"},
      // 5-10 count the orders, order lines, warehouses, districts or customers breaking them.
      // Every condition is one set-based query (no subquery per row), so many warehouses cost
      // scans, not a probe per row.
      {5, "o_carrier_id is null exactly when the order has a new_order row",
       "SELECT COUNT(*) FROM orders LEFT JOIN new_order ON no_w_id = o_w_id AND no_d_id = o_d_id "
       "AND no_o_id = o_id WHERE (o_carrier_id IS NULL) <> (no_o_id IS NOT NULL)"},
      {6, "o_ol_cnt = the order's order_line rows",
       "SELECT COUNT(*) FROM orders LEFT JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, COUNT(*) AS n "
       "FROM order_line GROUP BY ol_w_id, ol_d_id, ol_o_id) AS l ON ol_w_id = o_w_id AND "
       "ol_d_id = o_d_id AND ol_o_id = o_id WHERE o_ol_cnt <> COALESCE(n, 0)"},
      {7, "ol_delivery_d is null exactly when its order's o_carrier_id is",
       "SELECT COUNT(*) FROM order_line JOIN orders ON o_w_id = ol_w_id AND o_d_id = ol_d_id "
       "AND o_id = ol_o_id WHERE (ol_delivery_d IS NULL) <> (o_carrier_id IS NULL)"},
      {8, "w_ytd = sum(h_amount) of the warehouse's history",
       "SELECT COUNT(*) FROM warehouse LEFT JOIN (SELECT h_w_id, SUM(h_amount) AS paid FROM "
       "history GROUP BY h_w_id) AS h ON h_w_id = w_id WHERE w_ytd <> COALESCE(paid, 0)", true},
      {9, "d_ytd = sum(h_amount) of the district's history",
       "SELECT COUNT(*) FROM district LEFT JOIN (SELECT h_w_id, h_d_id, SUM(h_amount) AS paid "
       "FROM history GROUP BY h_w_id, h_d_id) AS h ON h_w_id = d_w_id AND h_d_id = d_id WHERE "
       "d_ytd <> COALESCE(paid, 0)", true},
      {10, "c_balance = sum(ol_amount) of the customer's delivered lines - sum(h_amount) of its "
           "payments",
       "SELECT COUNT(*) FROM customer LEFT JOIN (SELECT o_w_id, o_d_id, o_c_id, SUM(ol_amount) "
       "AS delivered FROM orders JOIN order_line ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND "
       "ol_o_id = o_id WHERE ol_delivery_d IS NOT NULL GROUP BY o_w_id, o_d_id, o_c_id) AS d "
       "ON d.o_w_id = c_w_id AND d.o_d_id = c_d_id AND d.o_c_id = c_id LEFT JOIN (SELECT "
       "h_c_w_id, h_c_d_id, h_c_id, SUM(h_amount) AS paid FROM history GROUP BY h_c_w_id, "
       "h_c_d_id, h_c_id) AS h ON h.h_c_w_id = c_w_id AND h.h_c_d_id = c_d_id AND h.h_c_id = "
       "c_id WHERE c_balance <> COALESCE(delivered, 0) - COALESCE(paid, 0)"},
  };
  return conditions;
}

Expected<long long> committed_new_orders(client::Connection& conn) {
  auto sum = conn.query_value("SELECT SUM(d_next_o_id) FROM district");
  if (!sum) return fail(sum.error().context("counting the committed New-Orders"));
  return std::stoll(*sum);
}

Expected<std::vector<ConsistencyResult>> check_consistency(client::Connection& conn,
                                                           sysbench::TpccChecks checks) {
  using Clock = std::chrono::steady_clock;
  std::vector<ConsistencyResult> results;
  for (const ConsistencyCondition& c : consistency_conditions()) {
    if (checks == sysbench::TpccChecks::cheap && !c.cheap) continue;
    const auto start = Clock::now();
    auto count = conn.query_value(c.sql);
    if (!count)
      return fail(count.error().context("checking TPC-C consistency condition " +
                                        std::to_string(c.number)));
    const std::chrono::duration<double> took = Clock::now() - start;
    results.push_back({c.number, std::stoll(*count), took.count()});
  }
  return results;
}

}  // namespace versus::load::tpcc
