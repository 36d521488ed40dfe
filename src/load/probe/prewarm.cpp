#include "load/probe/prewarm.h"

#include <chrono>

#include "load/data/schema.h"

namespace versus::load {

std::vector<std::string> prewarm_statements(int table, bool legacy) {
  const std::string name = legacy ? std::string(kLegacyTable) : table_name(table);
  return {"SELECT AVG(id) FROM " + name + " FORCE INDEX (PRIMARY)", "SELECT SUM(k) FROM " + name};
}

Expected<PrewarmResult> prewarm_reading(client::Connection& conn,
                                        const std::vector<std::string>& statements, int tables) {
  const auto start = std::chrono::steady_clock::now();
  for (const auto& sql : statements)
    if (auto ok = conn.query_value(sql); !ok) return fail(ok.error().context("prewarm: " + sql));
  return PrewarmResult{tables,
                       std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
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
