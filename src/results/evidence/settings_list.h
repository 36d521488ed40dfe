#pragma once
// The server settings known to move the sysbench workloads, declared once: the run records
// their values per instance (results.json data_sizes[].settings), the reports name the ones a
// column runs differently from its table's baseline ("settings:" lines,
// report/notes/settings_notes.h) and upgrade-report puts them first; docs/output.md renders the
// list. Pure.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace versus::results {

using VariableMap = std::map<std::string, std::string>;  // SHOW GLOBAL VARIABLES: name -> value

struct SettingSpec {
  std::string_view group;  // "durability", "instrumentation", "schema", ...
  // The variable's names, the first one a release has is read: releases renamed some
  // (transaction_isolation was tx_isolation; MySQL 8.0.30's innodb_redo_log_capacity
  // supersedes innodb_log_file_size).
  std::vector<std::string_view> names;
  // What a release without any of the names behaves as ("OFF": no performance_schema is no
  // instrumentation); "" when an absent variable is not comparable (it is then never named).
  std::string_view absent_as;
  // Named only when `relevant_if` (another listed variable) is not `relevant_off` on at least
  // one side: sync_binlog says nothing while neither side writes a binary log. "" = always.
  std::string_view relevant_if;
  std::string_view relevant_off;
  std::string_view why;  // what it moves, one sentence for the docs
};

// Every listed setting, grouped, in the order the reports name them.
const std::vector<SettingSpec>& settings_list();
// How many groups the list has.
std::size_t settings_group_count();

// The name and value `variables` has for `spec` (its first name present), or none.
struct SettingValue {
  std::string name, value;
};
std::optional<SettingValue> setting_value(const SettingSpec& spec, const VariableMap& variables);

// The listed variables of `variables` (every name of every spec that is present), the subset
// a run records per instance.
VariableMap listed_settings(const VariableMap& variables);

// A listed setting that differs: its value on each side ("" name when absent there, value
// then absent_as).
struct SettingDifference {
  std::string name;  // the other side's name, or the base's when the other lacks it
  SettingValue base, other;
  std::string_view group;  // the settings group it is listed in (SettingSpec::group)
};

// The listed settings whose values differ between `base` and `other` (case-insensitive, as
// the servers compare ON/on), in list order.
std::vector<SettingDifference> setting_differences(const VariableMap& base,
                                                   const VariableMap& other);

// docs/output.md's table of the list: group, variables, absent as, why.
std::string settings_list_markdown();

}  // namespace versus::results
