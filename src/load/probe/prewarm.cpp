#include "load/probe/prewarm.h"

#include <chrono>

#include "load/data/schema.h"

namespace versus::load {

std::vector<std::string> prewarm_statements(int table, bool legacy) {
  const std::string name = legacy ? std::string(kLegacyTable) : table_name(table);
  return {"SELECT AVG(id) FROM " + name + " FORCE INDEX (PRIMARY)", "SELECT SUM(k) FROM " + name};
}

std::vector<std::string> tpcc_prewarm_statements() {
  return {"SELECT AVG(i_id) FROM item FORCE INDEX (PRIMARY)",
          "SELECT AVG(w_id) FROM warehouse FORCE INDEX (PRIMARY)",
          "SELECT AVG(d_w_id) FROM district FORCE INDEX (PRIMARY)",
          "SELECT AVG(c_w_id) FROM customer FORCE INDEX (PRIMARY)",
          "SELECT COUNT(c_last) FROM customer FORCE INDEX (idx_customer)",
          "SELECT AVG(h_c_id) FROM history",
          "SELECT AVG(o_w_id) FROM orders FORCE INDEX (PRIMARY)",
          "SELECT COUNT(o_c_id) FROM orders FORCE INDEX (idx_orders)",
          "SELECT AVG(no_w_id) FROM new_order FORCE INDEX (PRIMARY)",
          "SELECT AVG(ol_w_id) FROM order_line FORCE INDEX (PRIMARY)",
          "SELECT AVG(s_w_id) FROM stock FORCE INDEX (PRIMARY)"};
}

Expected<PrewarmResult> prewarm_tpcc(client::Connection& conn) {
  const auto start = std::chrono::steady_clock::now();
  for (const auto& sql : tpcc_prewarm_statements())
    if (auto ok = conn.query_value(sql); !ok) return fail(ok.error().context("prewarm: " + sql));
  return PrewarmResult{9, std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                              .count()};
}

Expected<PrewarmResult> prewarm_tables(client::Connection& conn, int tables, bool legacy) {
  const auto start = std::chrono::steady_clock::now();
  PrewarmResult r;
  for (int t = 1; t <= (legacy ? 1 : tables); ++t) {
    for (const auto& sql : prewarm_statements(t, legacy))
      if (auto ok = conn.query_value(sql); !ok) return fail(ok.error().context("prewarm: " + sql));
    ++r.tables;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace versus::load
