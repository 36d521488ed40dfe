#include "load/tpcc/consistency.h"

namespace versus::load::tpcc {

const std::vector<ConsistencyCondition>& consistency_conditions() {
  static const std::vector<ConsistencyCondition> conditions = {
      {1, "w_ytd = sum(d_ytd) of the warehouse's districts",
       "SELECT COUNT(*) FROM warehouse WHERE w_ytd <> (SELECT SUM(d_ytd) FROM district WHERE "
       "d_w_id = w_id)"},
      {2, "d_next_o_id - 1 = max(o_id) = max(no_o_id) in each district",
       "SELECT COUNT(*) FROM district WHERE d_next_o_id - 1 <> (SELECT MAX(o_id) FROM orders "
       "WHERE o_w_id = d_w_id AND o_d_id = d_id) OR d_next_o_id - 1 <> (SELECT MAX(no_o_id) "
       "FROM new_order WHERE no_w_id = d_w_id AND no_d_id = d_id)"},
      {3, "max(no_o_id) - min(no_o_id) + 1 = the new_order rows of each district",
       "SELECT COUNT(*) FROM (SELECT MAX(no_o_id) - MIN(no_o_id) + 1 - COUNT(*) AS gap FROM "
       "new_order GROUP BY no_w_id, no_d_id) AS g WHERE gap <> 0"},
      {4, "sum(o_ol_cnt) = the order_line rows of each district",
       "SELECT COUNT(*) FROM (SELECT o_w_id, o_d_id, SUM(o_ol_cnt) AS ol_sum FROM orders GROUP "
       "BY o_w_id, o_d_id) AS o JOIN (SELECT ol_w_id, ol_d_id, COUNT(*) AS n FROM order_line "
       "GROUP BY ol_w_id, ol_d_id) AS l ON o_w_id = ol_w_id AND o_d_id = ol_d_id WHERE "
       "ol_sum <> n"},
  };
  return conditions;
}

Expected<std::vector<ConsistencyResult>> check_consistency(client::Connection& conn) {
  std::vector<ConsistencyResult> results;
  for (const ConsistencyCondition& c : consistency_conditions()) {
    auto count = conn.query_value(c.sql);
    if (!count)
      return fail(count.error().context("checking TPC-C consistency condition " +
                                        std::to_string(c.number)));
    results.push_back({c.number, std::stoll(*count)});
  }
  return results;
}

}  // namespace versus::load::tpcc
