#include "report/notes/settings_notes.h"

namespace versus::report {

namespace {

// The record of the column's instance: same server, profile and engine, preferring the
// table's size (the settings do not depend on it; a size table has several).
const results::DataSizeRecord* instance_record(const results::RunResults& results,
                                               const ComparisonTable& table, const Column& c) {
  const results::DataSizeRecord* found = nullptr;
  for (const results::DataSizeRecord& d : results.data_sizes) {
    if (d.server != c.server || d.profile != c.profile || d.engine != table.engine) continue;
    if (d.settings.empty() && d.table_collation.empty()) continue;
    if (d.table_size == table.table_size) return &d;
    if (found == nullptr) found = &d;
  }
  return found;
}

std::string shown_value(const results::SettingValue& v) {
  return v.name.empty() ? "absent" : v.value;
}

// "innodb_redo_log_capacity 104857600 (baseline innodb_log_file_size 100663296)": the
// baseline's name is said only where it differs.
std::string difference_text(const results::SettingDifference& d, bool first) {
  std::string base = shown_value(d.base);
  if (!d.base.name.empty() && !d.other.name.empty() && d.base.name != d.other.name)
    base = d.base.name + " " + base;
  return d.name + " " + shown_value(d.other) + " (" + (first ? "baseline " : "") + base + ")";
}

}  // namespace

std::vector<ColumnSettings> column_settings(const results::RunResults& results,
                                            const ComparisonTable& table) {
  std::vector<ColumnSettings> out;
  for (const Column& c : table.columns) {
    ColumnSettings s;
    if (const auto* d = instance_record(results, table, c)) {
      s.recorded = true;
      s.variables = d->settings;
      s.table_collation = d->table_collation;
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<ColumnSettingsNote> settings_notes(const ComparisonTable& table) {
  std::vector<ColumnSettingsNote> out;
  if (table.settings.size() != table.columns.size() || table.settings.empty() ||
      !table.settings.front().recorded)
    return out;
  const ColumnSettings& base = table.settings.front();
  for (std::size_t i = 1; i < table.columns.size(); ++i) {
    const ColumnSettings& s = table.settings[i];
    if (!s.recorded) continue;
    ColumnSettingsNote note{column_label(table.columns[i]), {}, std::nullopt, std::nullopt};
    if (!base.variables.empty() && !s.variables.empty())
      note.differences = results::setting_differences(base.variables, s.variables);
    if (!base.table_collation.empty() && !s.table_collation.empty() &&
        base.table_collation != s.table_collation) {
      note.tables = s.table_collation;
      note.baseline_tables = base.table_collation;
    }
    if (!note.differences.empty() || note.tables) out.push_back(std::move(note));
  }
  return out;
}

std::string settings_text(const ColumnSettingsNote& note) {
  std::string out;
  for (const auto& d : note.differences)
    out += (out.empty() ? "" : ", ") + difference_text(d, out.empty());
  if (note.tables)
    out += (out.empty() ? "tables " + *note.tables + " (baseline "
                        : ", tables " + *note.tables + " (") +
           *note.baseline_tables + ")";
  return out;
}

std::string settings_text(const std::vector<results::SettingDifference>& differences) {
  return settings_text(ColumnSettingsNote{"", differences, std::nullopt, std::nullopt});
}

std::vector<std::string> settings_lines(const ComparisonTable& table) {
  std::vector<std::string> out;
  for (const ColumnSettingsNote& note : settings_notes(table))
    out.push_back("settings: " + note.column + ": " + settings_text(note));
  return out;
}

std::string column_settings_text(const ComparisonTable& table, const Column& column) {
  const std::string label = column_label(column);
  for (const ColumnSettingsNote& note : settings_notes(table))
    if (note.column == label) return settings_text(note);
  return "";
}

}  // namespace versus::report
