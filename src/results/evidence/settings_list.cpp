#include "results/evidence/settings_list.h"

#include <algorithm>
#include <cctype>

namespace versus::results {

// clang-format off
const std::vector<SettingSpec>& settings_list() {
  static const std::vector<SettingSpec> list{
  // group, names, absent_as, relevant_if, relevant_off, why
  {"durability", {"log_bin"}, "OFF", "", "",
   "A binary log writes every transaction twice (redo and binlog) with a two-phase commit."},
  {"durability", {"sync_binlog"}, "0", "log_bin", "OFF",
   "1 is an fsync of the binary log per commit group."},
  {"durability", {"binlog_format"}, "", "log_bin", "OFF",
   "ROW logs every changed row image, STATEMENT/MIXED the statement."},
  {"durability", {"innodb_flush_log_at_trx_commit"}, "", "", "",
   "1 is an fsync of the redo log per commit group; 0 and 2 are not."},
  {"durability", {"innodb_doublewrite"}, "", "", "",
   "Every page flush written twice (or not, or MariaDB's fast)."},
  {"instrumentation", {"performance_schema"}, "OFF", "", "",
   "Instrumented mutexes, statements and waits cost CPU per statement."},
  {"schema", {"character_set_server"}, "", "", "",
   "The default charset of new tables: multibyte utf8mb4 compares and stores more bytes than "
   "latin1."},
  {"schema", {"collation_server"}, "", "", "",
   "The default collation of new tables (UCA collations cost more per comparison)."},
  {"concurrency", {"transaction_isolation", "tx_isolation"}, "", "", "",
   "The isolation level: how much locking and undo a transaction needs."},
  {"concurrency", {"innodb_snapshot_isolation"}, "OFF", "", "",
   "ON: a write to a row changed after the read view fails with error 1020 (retried)."},
  {"concurrency", {"thread_handling"}, "", "", "",
   "A thread per connection, or a pool."},
  {"memory and logs", {"innodb_buffer_pool_size"}, "", "", "",
   "Whether the tables fit in memory."},
  {"memory and logs", {"innodb_redo_log_capacity", "innodb_log_file_size"}, "", "", "",
   "Redo space: a smaller one checkpoints (flushes pages) more often under writes."},
  {"memory and logs", {"innodb_adaptive_hash_index"}, "OFF", "", "",
   "A hash index over hot B-tree pages: faster lookups, a latch under writes."},
  {"memory and logs", {"innodb_change_buffering"}, "none", "", "",
   "Buffered secondary-index changes."},
  {"query cache", {"query_cache_type"}, "OFF", "", "",
   "Cached result sets, invalidated by every write to the table, under one mutex."},
  {"query cache", {"query_cache_size"}, "", "query_cache_type", "OFF",
   "The query cache's memory."},
  };
  return list;
}

std::size_t settings_group_count() {
  std::vector<std::string_view> groups;
  for (const auto& spec : settings_list())
    if (std::find(groups.begin(), groups.end(), spec.group) == groups.end())
      groups.push_back(spec.group);
  return groups.size();
}
// clang-format on

std::optional<SettingValue> setting_value(const SettingSpec& spec, const VariableMap& variables) {
  for (std::string_view name : spec.names)
    if (auto it = variables.find(std::string(name)); it != variables.end())
      return SettingValue{it->first, it->second};
  return std::nullopt;
}

VariableMap listed_settings(const VariableMap& variables) {
  VariableMap out;
  for (const SettingSpec& spec : settings_list())
    for (std::string_view name : spec.names)
      if (auto it = variables.find(std::string(name)); it != variables.end()) out.insert(*it);
  return out;
}

namespace {

std::string lower_text(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// The value a side runs with: its own, or what its absence behaves as; none when absent and
// not comparable.
std::optional<SettingValue> effective(const SettingSpec& spec, const VariableMap& variables) {
  if (auto v = setting_value(spec, variables)) return v;
  if (spec.absent_as.empty()) return std::nullopt;
  return SettingValue{"", std::string(spec.absent_as)};
}

const SettingSpec* spec_named(std::string_view name) {
  for (const SettingSpec& spec : settings_list())
    if (std::find(spec.names.begin(), spec.names.end(), name) != spec.names.end()) return &spec;
  return nullptr;
}

bool relevant(const SettingSpec& spec, const VariableMap& base, const VariableMap& other) {
  if (spec.relevant_if.empty()) return true;
  const SettingSpec* gate = spec_named(spec.relevant_if);
  if (gate == nullptr) return true;
  const std::string off = lower_text(std::string(spec.relevant_off));
  for (const VariableMap* side : {&base, &other}) {
    auto v = effective(*gate, *side);
    if (v && lower_text(v->value) != off) return true;
  }
  return false;
}

}  // namespace

std::vector<SettingDifference> setting_differences(const VariableMap& base,
                                                   const VariableMap& other) {
  std::vector<SettingDifference> out;
  for (const SettingSpec& spec : settings_list()) {
    auto b = effective(spec, base), o = effective(spec, other);
    if (!b || !o || lower_text(b->value) == lower_text(o->value)) continue;
    if (!relevant(spec, base, other)) continue;
    out.push_back({o->name.empty() ? b->name : o->name, *b, *o, spec.group});
  }
  return out;
}

std::string settings_list_markdown() {
  std::string md =
      "| group | variable | absent means | why it matters |\n| --- | --- | --- | --- |\n";
  for (const SettingSpec& spec : settings_list()) {
    std::string names;
    for (std::string_view n : spec.names)
      names += (names.empty() ? "`" : " / `") + std::string(n) + "`";
    std::string why(spec.why);
    if (!spec.relevant_if.empty())
      why += " Named only while " + std::string(spec.relevant_if) + " is not " +
             std::string(spec.relevant_off) + " on one side.";
    md += "| " + std::string(spec.group) + " | " + names + " | " +
          (spec.absent_as.empty() ? "not compared" : std::string(spec.absent_as)) + " | " + why +
          " |\n";
  }
  return md;
}

}  // namespace versus::results
