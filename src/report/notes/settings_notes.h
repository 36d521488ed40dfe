#pragma once
// Settings beside a run's own tables: for each column whose instance ran a listed setting
// (results/evidence/settings_list.h) or its tables' collation otherwise than the table's baseline
// column, what differs, as the "settings:" line every writer prints beside the table. A
// difference in settings is often the real reason for a difference in throughput (a binary
// log with sync_binlog=1, performance_schema, a multibyte charset), so it is named, never
// guessed from counters. Pure.
#include <optional>
#include <string>
#include <vector>

#include "report/shared/comparison.h"
#include "results/evidence/settings_list.h"
#include "results/record/record.h"

namespace versus::report {

struct ColumnSettingsNote {
  std::string column;  // "server/profile"
  std::vector<results::SettingDifference> differences;
  std::optional<std::string> tables, baseline_tables;  // the collations, when they differ
};

// What every column of `table` ran with: the data-size record of its (server, profile,
// engine), of the table's size when there is one. Unrecorded when none has settings.
std::vector<ColumnSettings> column_settings(const results::RunResults& results,
                                            const ComparisonTable& table);

// One note per column other than the first whose settings differ from the first's; none
// when the first's were not recorded.
std::vector<ColumnSettingsNote> settings_notes(const ComparisonTable& table);

// "log_bin ON (baseline OFF), sync_binlog 1 (0), tables utf8mb4_0900_ai_ci (latin1_swedish_ci)"
std::string settings_text(const ColumnSettingsNote& note);

// The same text for differences alone (upgrade-report: `from` is the baseline).
std::string settings_text(const std::vector<results::SettingDifference>& differences);

// "settings: mysql-9.7/as-shipped: log_bin ON (baseline OFF), ...", one per note.
std::vector<std::string> settings_lines(const ComparisonTable& table);

// The note's text for column `column` of `table` ("" when it has none): CSV's settings field.
std::string column_settings_text(const ComparisonTable& table, const Column& column);

}  // namespace versus::report
