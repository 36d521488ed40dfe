#pragma once
// The schema of the history file (docs/output.md) and the migration of older versions.
//   version 1: cell_runs keyed by (run_id, server, profile, engine, workload, threads, repeat);
//   version 2: adds `tables`, `table_size` (both in the key: a size sweep's cells stay apart)
//              and `transport`;
//   version 3: adds the tables `runs` (run_id -> the run directory, relative to the history
//              file's directory) and `cell_counters` (per cell run, the counters per
//              transaction the counter ranking reads, as one JSON object), for the history page;
//   version 4: adds cell_runs.nopm (TPC-C's New-Orders per minute; 0 for other workloads).
// The version is kept in versus_schema(version). An older file is migrated step by step in one
// transaction: from version 1 a new cell_runs is made, every row copied with the values
// results.json files of that time read as (tables 0 and table_size 0: "not recorded",
// transport "tcp"), the old table dropped and the new one renamed; from version 2 the two new
// tables are created, empty; from version 3 nopm is added, 0 in the rows stored. Either all of
// it happens or none.
#include <sqlite3.h>

#include <string>

#include "util/expected.h"

namespace versus::results {

// The oldest version this build migrates.
inline constexpr int kOldestHistorySchemaVersion = 1;

// Brings the open database to kHistorySchemaVersion (history.h): creates the schema in a new
// file, migrates an older one, checks a current one. Fails (nothing changed) on a version
// newer than this build's or older than the oldest it migrates; the caller adds the file name.
Expected<void> prepare_history_schema(sqlite3* db);

// The CREATE TABLE statement of the current cell_runs under `table` (no IF NOT EXISTS).
std::string cell_runs_ddl(const std::string& table);
// The CREATE TABLE statements of version 3's `runs` and `cell_counters`.
std::string runs_ddl();
std::string cell_counters_ddl();

}  // namespace versus::results
