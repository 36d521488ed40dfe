#include "load/probe/server_status.h"

#include <charconv>

namespace versus::load {

StatusSnapshot parse_status_rows(const std::vector<client::Row>& rows) {
  StatusSnapshot out;
  for (const auto& row : rows) {
    if (row.size() < 2 || row[1].empty()) continue;
    const std::string& text = row[1];
    std::uint64_t value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc() && end == text.data() + text.size()) out[row[0]] = value;
  }
  return out;
}

Expected<StatusSnapshot> snapshot_status(client::Connection& conn) {
  auto rows = conn.query("SHOW GLOBAL STATUS");
  if (!rows) return fail(rows.error());
  return parse_status_rows(*rows);
}

StatusDelta status_delta(const StatusSnapshot& before, const StatusSnapshot& after) {
  StatusDelta out;
  for (const auto& [name, value] : after) {
    auto it = before.find(name);
    if (it == before.end()) continue;
    out[name] = static_cast<std::int64_t>(value) - static_cast<std::int64_t>(it->second);
  }
  return out;
}

const std::vector<std::string>& workload_counters() {
  static const std::vector<std::string> names = {"Questions",           "Com_stmt_prepare",
                                                 "Com_stmt_execute",    "Com_select",
                                                 "Com_insert",          "Com_update",
                                                 "Com_delete",          "Com_begin",
                                                 "Com_commit",          "Com_rollback",
                                                 "Handler_read_key",    "Handler_read_next",
                                                 "Handler_update",      "Handler_delete",
                                                 "Handler_write",       "Rows_read",
                                                 "Rows_sent",           "Sort_rows",
                                                 "Innodb_rows_read",    "Innodb_rows_updated",
                                                 "Innodb_rows_deleted", "Innodb_rows_inserted",
                                                 "Com_lock_tables",     "Com_unlock_tables"};
  return names;
}

std::int64_t delta_of(const StatusDelta& delta, const std::string& name) {
  auto it = delta.find(name);
  return it == delta.end() ? 0 : it->second;
}

}  // namespace versus::load
