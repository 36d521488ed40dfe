#include "load/probe/server_limits.h"

#include <algorithm>

namespace versus::load {
namespace {
// Statement kinds a session prepares per table (session.cpp prepares only those it runs).
std::int64_t kinds_per_table(const WorkloadMix& m) {
  int kinds = 0;
  for (int count : {m.point_selects, m.simple_ranges, m.sum_ranges, m.order_ranges,
                    m.distinct_ranges, m.index_updates, m.non_index_updates})
    kinds += count > 0;
  kinds += (m.delete_inserts + m.deletes) > 0;  // DELETE
  kinds += m.delete_inserts > 0;                // INSERT
  return kinds;
}

// Suggests the need plus a quarter, where the user sets it.
std::string line(const char* name, std::int64_t have, std::int64_t need, const char* what,
                 LimitsOwner owner) {
  const std::string to = std::to_string(need + need / 4);
  const std::string how =
      owner == LimitsOwner::profile
          ? "raise it in the profile (options: { " + std::string(name) + ": " + to + " })"
          : "raise it on the server (its my.cnf: " + std::string(name) + "=" + to + ")";
  return std::string(name) + "=" + std::to_string(have) + " but the load needs " +
         std::to_string(need) + " " + what + "; " + how + "\n";
}
}  // namespace

LoadNeeds needs_of(const WorkloadMix& mix, int connections, int tables, bool myisam,
                   std::int64_t table_open_cache) {
  if (mix.dialect == Dialect::sysbench_0_4) tables = 1;  // 0.4's one table, sbtest
  LoadNeeds n;
  n.connections = connections + 1;
  std::int64_t per_connection = kinds_per_table(mix) * tables + (mix.transaction ? 2 : 0);
  n.prepared_statements = per_connection * connections;
  n.open_files = n.connections + 2LL * tables;
  if (myisam) {
    std::int64_t data_files = static_cast<std::int64_t>(connections) * tables;
    if (table_open_cache > 0) data_files = std::min(data_files, table_open_cache);
    n.open_files = n.connections + tables + data_files;
  }
  return n;
}

std::string limits_problem(const ServerLimits& l, const LoadNeeds& n, LimitsOwner owner) {
  std::string out;
  if (l.max_connections < n.connections)
    out += line("max_connections", l.max_connections, n.connections, "connections", owner);
  if (l.max_prepared_stmt_count < n.prepared_statements)
    out += line("max_prepared_stmt_count", l.max_prepared_stmt_count, n.prepared_statements,
                "prepared statements", owner);
  if (l.open_files_limit > 0 && l.open_files_limit < n.open_files)
    out += line("open_files_limit", l.open_files_limit, n.open_files, "open files", owner);
  if (!out.empty()) out.pop_back();
  return out;
}

Expected<void> check_server_limits(client::Connection& admin, const WorkloadMix& mix,
                                   int connections, int tables, LimitsOwner owner,
                                   std::string_view engine) {
  auto rows = admin.query(
      "SELECT @@max_connections, @@max_prepared_stmt_count, @@open_files_limit, "
      "@@table_open_cache");
  if (!rows) return fail(rows.error().context("reading the server's limits"));
  if (rows->empty() || rows->front().size() < 4) return fail("reading the server's limits: no row");
  const auto& r = rows->front();
  ServerLimits l{std::stoll(r[0]), std::stoll(r[1]), std::stoll(r[2]), std::stoll(r[3])};
  const auto needs = needs_of(mix, connections, tables, engine == "myisam", l.table_open_cache);
  std::string problem = limits_problem(l, needs, owner);
  if (!problem.empty()) return fail("the server's limits are too low for this load:\n" + problem);
  return {};
}

}  // namespace versus::load
