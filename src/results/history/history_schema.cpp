#include "results/history/history_schema.h"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <utility>

#include "results/history/history.h"
#include "results/history/history_columns.h"
#include "results/history/sqlite_statement.h"

namespace versus::results {

namespace {

// The columns of a version-1 cell_runs, in its order: what a migration copies.
constexpr const char* kVersion1Columns =
    "run_id, started_at, matrix_file, server, profile, engine, workload, threads, repeat, "
    "status, server_version, tps, qps, p95_ms, p99_ms, errors, reconnects, cpu_model, cores, "
    "kernel, governor, memory_bytes";

const char* sql_type(const std::string&) {
  return "TEXT";
}
const char* sql_type(double) {
  return "REAL";
}
template <class Integer>
const char* sql_type(Integer) {
  return "INTEGER";
}

// The index a series is read by (History::rows orders by these).
const char* kSeriesIndex =
    "CREATE INDEX IF NOT EXISTS cell_runs_series ON cell_runs "
    "(workload, engine, server, profile, tables, table_size, threads, started_at)";

// The version stored in the file; none without one (a new file). Only reads.
Expected<std::optional<int>> read_version(sqlite3* db) {
  Statement read(db, "SELECT version FROM versus_schema");
  if (!read.ok()) return sqlite_error(db, "reading the schema version");
  if (read.step() != SQLITE_ROW) return std::optional<int>();
  return std::optional<int>(static_cast<int>(read.column_int(0)));
}

// The same, creating versus_schema if it is missing.
Expected<std::optional<int>> stored_version(sqlite3* db) {
  if (auto ok = exec(db, "CREATE TABLE IF NOT EXISTS versus_schema (version INTEGER NOT NULL)",
                     "creating the schema");
      !ok)
    return fail(ok.error());
  return read_version(db);
}

Expected<void> create_current(sqlite3* db) {
  const std::string sql = cell_runs_ddl("cell_runs") + ";\n" + kSeriesIndex + ";\n" + runs_ddl() +
                          ";\n" + cell_counters_ddl() +
                          ";\nINSERT INTO versus_schema (version) VALUES (" +
                          std::to_string(kHistorySchemaVersion) + ")";
  return exec(db, sql, "creating the schema");
}

Expected<std::int64_t> count_rows(sqlite3* db, const char* table) {
  Statement count(db, std::string("SELECT COUNT(*) FROM ") + table);
  if (!count.ok() || count.step() != SQLITE_ROW) return sqlite_error(db, "counting rows");
  return count.column_int(0);
}

// Version 1 to 2, inside the caller's transaction: every row kept, checked by count.
Expected<void> migrate_from_1(sqlite3* db) {
  auto before = count_rows(db, "cell_runs");
  if (!before) return fail(before.error());
  const std::string copy = cell_runs_ddl("cell_runs_v2") + ";\nINSERT INTO cell_runs_v2 (" +
                           kVersion1Columns + ", tables, table_size, transport, nopm, definition, variant) SELECT " +
                           kVersion1Columns + ", 0, 0, 'tcp', 0, 0, '' FROM cell_runs";
  if (auto ok = exec(db, copy, "copying the rows"); !ok) return fail(ok.error());
  auto after = count_rows(db, "cell_runs_v2");
  if (!after) return fail(after.error());
  if (*after != *before)
    return fail(std::to_string(*before) + " rows but " + std::to_string(*after) + " copied");
  const std::string swap = std::string(
                               "DROP TABLE cell_runs;\n"
                               "ALTER TABLE cell_runs_v2 RENAME TO cell_runs;\n") +
                           kSeriesIndex + ";\nUPDATE versus_schema SET version = 2";
  return exec(db, swap, "replacing the table");
}

// Version 2 to 3, inside the caller's transaction: the two tables version 3 added, empty (the
// runs already stored have no run directory and no counters on record).
Expected<void> migrate_from_2(sqlite3* db) {
  const std::string sql =
      runs_ddl() + ";\n" + cell_counters_ddl() + ";\nUPDATE versus_schema SET version = 3";
  return exec(db, sql, "adding the runs and cell_counters tables");
}

// Version `to` - 1 to `to`, inside the caller's transaction: cell_runs gains `column` (its
// type and default: 0 or '' in the rows already stored). A table migrate_from_1 made has it
// already (the current columns): `missing` false.
Expected<void> add_column(sqlite3* db, bool missing, const std::string& column, int to) {
  const std::string name = column.substr(0, column.find(' '));
  const std::string sql =
      (missing ? "ALTER TABLE cell_runs ADD COLUMN " + column + ";\n" : std::string()) +
      "UPDATE versus_schema SET version = " + std::to_string(to);
  return exec(db, sql, "adding the " + name + " column");
}

// The columns versions 4, 5 and 6 added, by the version that added them.
constexpr std::array<std::pair<int, const char*>, 3> kAddedColumns = {{
    {4, "nopm REAL NOT NULL DEFAULT 0"},
    {5, "definition INTEGER NOT NULL DEFAULT 0"},
    {6, "variant TEXT NOT NULL DEFAULT ''"},
}};

// Brings version `v` (1 to 5) to the current one, step by step.
Expected<void> migrate(sqlite3* db, int v) {
  if (v == 1)
    if (auto ok = migrate_from_1(db); !ok)
      return fail(ok.error().context("migrating the history from schema version 1 to 2"));
  if (v <= 2)
    if (auto ok = migrate_from_2(db); !ok)
      return fail(ok.error().context("migrating the history from schema version 2 to 3"));
  for (const auto& [to, column] : kAddedColumns) {
    if (v >= to) continue;
    if (auto ok = add_column(db, v > 1, column, to); !ok)
      return fail(ok.error().context(fmt::format(
          "migrating the history from schema version {} to {}", to - 1, to)));
  }
  return {};
}

// Inside the caller's transaction.
Expected<void> prepare_in_transaction(sqlite3* db) {
  auto version = stored_version(db);
  if (!version) return fail(version.error());
  if (!*version) return create_current(db);
  const int v = **version;
  if (v == kHistorySchemaVersion) return {};
  const std::string versions = "versions " + std::to_string(kOldestHistorySchemaVersion) + " to " +
                               std::to_string(kHistorySchemaVersion);
  if (v > kHistorySchemaVersion)
    return fail("history schema version " + std::to_string(v) +
                " is newer than this versus reads (" + versions + "): written by a newer versus");
  if (v < kOldestHistorySchemaVersion)
    return fail("unknown history schema version " + std::to_string(v) + " (this versus reads " +
                versions + ")");
  return migrate(db, v);
}

}  // namespace

std::string cell_runs_ddl(const std::string& table) {
  HistoryRow row;
  std::string columns;
  for_each_history_column(row, [&](const char* name, const auto& field) {
    columns += std::string("  ") + name + " " + sql_type(field) + " NOT NULL,\n";
  });
  return "CREATE TABLE " + table + " (\n" + columns +
         "  PRIMARY KEY (run_id, server, profile, engine, workload, threads, tables, table_size, "
         "repeat))";
}

std::string runs_ddl() {
  return "CREATE TABLE runs (\n  run_id TEXT NOT NULL PRIMARY KEY,\n  run_dir TEXT NOT NULL)";
}

std::string cell_counters_ddl() {
  return "CREATE TABLE cell_counters (\n  run_id TEXT NOT NULL,\n  server TEXT NOT NULL,\n"
         "  profile TEXT NOT NULL,\n  engine TEXT NOT NULL,\n  workload TEXT NOT NULL,\n"
         "  threads INTEGER NOT NULL,\n  tables INTEGER NOT NULL,\n"
         "  table_size INTEGER NOT NULL,\n  repeat INTEGER NOT NULL,\n"
         "  counters TEXT NOT NULL,\n  PRIMARY KEY (run_id, server, profile, engine, workload, "
         "threads, tables, table_size, repeat))";
}

Expected<void> prepare_history_schema(sqlite3* db) {
  // A current file is only read, so a history one may not write to can still be shown.
  if (auto v = read_version(db); v && *v == kHistorySchemaVersion) return {};
  // IMMEDIATE: two versus opening the same old file do not both migrate it (the version is
  // read again inside).
  if (auto ok = exec(db, "BEGIN IMMEDIATE", "starting a transaction"); !ok) return fail(ok.error());
  if (auto ok = prepare_in_transaction(db); !ok) {
    (void)exec(db, "ROLLBACK", "rolling back");
    return fail(ok.error());
  }
  return exec(db, "COMMIT", "committing the schema");
}

}  // namespace versus::results
