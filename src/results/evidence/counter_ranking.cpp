#include "results/evidence/counter_ranking.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "results/evidence/efficiency.h"

namespace versus::results {

namespace {
constexpr std::string_view kMetricPrefix = "innodb_metrics.";

bool contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}
bool starts(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool ends(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// Gauges of SHOW GLOBAL STATUS (a level at the interval's end, not work done in it), and
// constants. The prefixes and parts below catch the families.
constexpr std::array<std::string_view, 30> kGauges = {"Innodb_buffer_pool_pages_data",
                                                      "Innodb_buffer_pool_pages_dirty",
                                                      "Innodb_buffer_pool_pages_free",
                                                      "Innodb_buffer_pool_pages_misc",
                                                      "Innodb_buffer_pool_pages_total",
                                                      "Innodb_buffer_pool_pages_old",
                                                      "Innodb_buffer_pool_bytes_data",
                                                      "Innodb_buffer_pool_bytes_dirty",
                                                      "Innodb_history_list_length",
                                                      "Innodb_num_open_files",
                                                      "Innodb_page_size",
                                                      "Innodb_available_undo_logs",
                                                      "Innodb_buffer_pool_pages_latched",
                                                      "Innodb_mem_adaptive_hash",
                                                      "Innodb_mem_dictionary",
                                                      "Innodb_onlineddl_pct_progress",
                                                      "Key_blocks_unused",
                                                      "Key_blocks_used",
                                                      "Key_blocks_not_flushed",
                                                      "Qcache_free_blocks",
                                                      "Qcache_free_memory",
                                                      "Qcache_queries_in_cache",
                                                      "Qcache_total_blocks",
                                                      "Memory_used",
                                                      "Memory_used_initial",
                                                      "Open_files",
                                                      "Open_streams",
                                                      "Open_table_definitions",
                                                      "Open_tables",
                                                      "Tc_log_max_pages_used"};
}  // namespace

bool ignored_counter(std::string_view name) {
  // INNODB_METRICS rows enabled by default are copies of status variables (ranked already);
  // they stay in the record, raw, but would list every change twice.
  if (starts(name, kMetricPrefix) || starts(name, kErrorCodePrefix) ||
      starts(name, kStatementMsPrefix))
    return true;
  if (std::find(kGauges.begin(), kGauges.end(), name) != kGauges.end()) return true;
  // Time: uptimes, *_time (Innodb_row_lock_time, Busy_time, ...), microseconds, timestamps.
  if (starts(name, "Uptime") || contains(name, "_time") || contains(name, "_usec") ||
      contains(name, "_timestamp") || ends(name, "_seconds") || ends(name, "_ms"))
    return true;
  // Identity and positions: Last_*, ids, versions, log sequence numbers, ages, sizes.
  if (starts(name, "Last_") || ends(name, "_id") || contains(name, "_version") ||
      contains(name, "lsn") || ends(name, "_age") || ends(name, "_size") || ends(name, "_len"))
    return true;
  // Levels and extremes: Threads_connected/running/cached, Max_used_*, *_current*, *_avg, *_max.
  if (name == "Threads_connected" || name == "Threads_running" || name == "Threads_cached" ||
      starts(name, "Max_used_") || contains(name, "_current") || ends(name, "_avg") ||
      ends(name, "_max") || ends(name, "_pct"))
    return true;
  return false;
}

PerTransaction per_transaction(const CellRecord& cell) {
  PerTransaction out;
  const auto e = efficiency_of(cell);
  if (!e) return out;
  const double txn = evidence_transactions(cell);
  out[std::string(kServerCpu)] = e->server_cpu_us;
  out[std::string(kClientCpu)] = e->client_cpu_us;
  out[std::string(kSwitches)] = e->switches;
  out[std::string(kReadKb)] = e->read_kb;
  out[std::string(kWriteKb)] = e->write_kb;
  out[std::string(kRetriedErrors)] = static_cast<double>(cell.counters.ignored_errors) /
                                     static_cast<double>(cell.counters.transactions);
  for (const auto& [name, delta] : cell.usage.status) out[name] = static_cast<double>(delta) / txn;
  for (const auto& [name, delta] : cell.usage.innodb_metrics)
    out[std::string(kMetricPrefix) + name] = static_cast<double>(delta) / txn;
  return out;
}

PerTransaction mean_per_transaction(const std::vector<const CellRecord*>& cells) {
  std::map<std::string, std::pair<double, int>> sums;
  for (const CellRecord* cell : cells)
    for (const auto& [name, value] : per_transaction(*cell)) {
      auto& [sum, n] = sums[name];
      sum += value;
      ++n;
    }
  PerTransaction out;
  for (const auto& [name, sn] : sums) out[name] = sn.first / sn.second;
  return out;
}

std::vector<CounterChange> rank_changes(const PerTransaction& from, const PerTransaction& to,
                                        std::size_t top) {
  std::vector<CounterChange> out;
  for (const auto& [name, a] : from) {
    const auto it = to.find(name);
    if (it == to.end() || ignored_counter(name)) continue;
    const double b = it->second;
    if (a < 0 || b < 0) continue;  // a gauge that went down: no cost per transaction
    const double score = std::fabs(std::log((b + kRankFloor) / (a + kRankFloor)));
    if (score >= kRankMinScore && std::fabs(b - a) >= kRankMinDelta)
      out.push_back({name, a, b, score});
  }
  std::sort(out.begin(), out.end(), [](const CounterChange& x, const CounterChange& y) {
    return x.score != y.score ? x.score > y.score : x.name < y.name;
  });
  const auto retried = std::find_if(out.begin(), out.end(), [](const CounterChange& c) {
    return c.name == kRetriedErrors;
  });
  const auto at = static_cast<std::size_t>(retried - out.begin());
  if (top > 0 && retried != out.end() && retried->score >= kRetriedFirst * out.front().score)
    std::rotate(out.begin(), retried, retried + 1);
  else if (top > 0 && retried != out.end() && at >= top)
    std::rotate(out.begin() + static_cast<std::ptrdiff_t>(top - 1), retried, retried + 1);
  if (out.size() > top) out.resize(top);
  return out;
}

std::string counter_value_text(double v) {
  return std::fabs(v) >= 100 ? fmt::format("{:.0f}", v) : fmt::format("{:.1f}", v);
}

std::optional<double> change_ratio(const CounterChange& c) {
  return c.from > 0 ? std::optional(c.to / c.from) : std::nullopt;
}

std::string change_text(const CounterChange& c) {
  std::string text =
      c.name + "/txn " + counter_value_text(c.from) + " -> " + counter_value_text(c.to);
  if (const auto ratio = change_ratio(c)) text += fmt::format(" (x{:.2f})", *ratio);
  return text;
}

std::string changes_text(const std::vector<CounterChange>& changes) {
  std::string text;
  for (const CounterChange& c : changes) text += (text.empty() ? "" : ", ") + change_text(c);
  return text;
}

std::vector<std::string> one_sided_counters(const PerTransaction& side, const PerTransaction& other) {
  std::vector<std::pair<double, std::string>> found;
  for (const auto& [name, value] : side)
    if (!other.count(name) && !ignored_counter(name)) found.emplace_back(-value, name);
  std::sort(found.begin(), found.end());
  std::vector<std::string> names;
  for (const auto& f : found) names.push_back(f.second);
  return names;
}

std::string one_sided_text(const std::string& label, const std::vector<std::string>& names,
                           std::size_t top) {
  if (names.empty()) return "";
  std::string text = "only in " + label + ": ";
  for (std::size_t k = 0; k < std::min(names.size(), top); ++k) text += (k ? ", " : "") + names[k];
  if (names.size() > top) text += fmt::format(" (+{})", names.size() - top);
  return text;
}

std::string evidence_text(const std::vector<CounterChange>& changes, const std::string& from_label,
                          const std::vector<std::string>& only_from, const std::string& to_label,
                          const std::vector<std::string>& only_to) {
  std::string out;
  for (const std::string& part : {changes_text(changes), one_sided_text(from_label, only_from),
                                  one_sided_text(to_label, only_to)})
    if (!part.empty()) out += (out.empty() ? "" : "; ") + part;
  return out;
}

}  // namespace versus::results
