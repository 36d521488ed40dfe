#include "results/evidence/counter_mapping.h"

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
// counts them (Com_*: one per statement of that kind, prepared or not), the optimizer's
// access to the first table of a SELECT (Select_*), and the rows sorted (Sort_rows). Not
// here, though both have them: Sort_range and Sort_scan (MySQL 9.7 sorts the DISTINCT
// range's temporary table by a scan, MariaDB 10.11 by a range: 0 and 2 against 1 and 1 per
// oltp_read_write transaction), every Handler_* (MariaDB counts other handler calls:
// Handler_read_rnd, Handler_external_lock), Innodb_data_* and the buffer pool's (other I/O
// paths and page counts), Bytes_* (other metadata on the wire), Table_locks_*,
// Questions/Queries (other commands counted). Innodb_rows_* are MySQL's only.
const std::vector<std::string_view>& cross_flavour_counters() {
  static const std::vector<std::string_view> names{
      kServerCpu,   kClientCpu,    kSwitches,    kReadKb,        kWriteKb,
      kRetriedErrors, "Com_begin", "Com_commit", "Com_delete",   "Com_insert",
      "Com_rollback", "Com_select", "Com_update", "Select_full_join", "Select_range",
      "Select_scan", "Sort_rows"};
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
