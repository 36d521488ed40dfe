#include "results/counter_mapping.h"

#include <algorithm>
#include <string>

namespace versus::results {

Flavour flavour_of(std::string_view server_version) {
  if (server_version.empty()) return Flavour::unknown;
  return server_version.find("MariaDB") != std::string_view::npos ? Flavour::mariadb
                                                                  : Flavour::mysql;
}

// Each status variable below is described alike in both manuals, and moves alike in both
// under the same statements (the integration test): statements by kind as the SQL layer
// counts them (Com_*: one per statement of that kind, prepared or not), and the optimizer's
// own choices for the first table of a SELECT (Select_*) and its sorts (Sort_*), and the
// rows InnoDB read and changed for the SQL layer (Innodb_rows_*). Not here: Handler_*
// (MariaDB counts other handler calls: Handler_read_rnd, Handler_external_lock),
// Innodb_data_* and the buffer pool's (other I/O paths and page counts), Bytes_* (other
// metadata on the wire), Table_locks_*, Questions/Queries (other commands counted).
const std::vector<std::string_view>& cross_flavour_counters() {
  static const std::vector<std::string_view> names{
      kServerCpu,      kClientCpu,       kSwitches,           kReadKb,
      kWriteKb,        kRetriedErrors,   "Com_begin",         "Com_commit",
      "Com_delete",    "Com_insert",     "Com_rollback",      "Com_select",
      "Com_update",    "Select_range",   "Select_scan",       "Select_full_join",
      "Sort_range",    "Sort_rows",      "Sort_scan",         "Innodb_rows_deleted",
      "Innodb_rows_inserted", "Innodb_rows_read", "Innodb_rows_updated"};
  return names;
}

bool means_the_same_across_flavours(std::string_view counter) {
  const auto& names = cross_flavour_counters();
  return std::find(names.begin(), names.end(), counter) != names.end();
}

bool rankable(std::string_view counter, Flavour from, Flavour to) {
  if (from == to || from == Flavour::unknown || to == Flavour::unknown) return true;
  return means_the_same_across_flavours(counter);
}

RankableCounters rankable_counters(const PerTransaction& from, Flavour from_flavour,
                                   const PerTransaction& to, Flavour to_flavour) {
  RankableCounters out;
  for (const auto& [name, value] : from) {
    const bool shared = to.count(name) > 0;
    if (rankable(name, from_flavour, to_flavour) || !shared)
      out.from[name] = value;
    else if (!ignored_counter(name))
      out.side_by_side.push_back(name);
  }
  for (const auto& [name, value] : to)
    if (rankable(name, from_flavour, to_flavour) || !from.count(name)) out.to[name] = value;
  return out;
}

}  // namespace versus::results
