#pragma once
// History: the results of many runs (nightly, say) in one SQLite file, one row per cell
// run, so trends and change points can be read across runs (`versus history`,
// `versus run --history`). The schema is in docs/output.md and results/history/history_schema.h;
// its version is kept in the table versus_schema, and an older file is migrated on open. Appending
// a run is one transaction and is idempotent: a run_id already present is never added again. No
// exception escapes. Beside the rows, a run keeps its directory (for links to its report) and
// each cell its counters per transaction (for what moved across a change point).
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "results/evidence/counter_ranking.h"
#include "results/record/record.h"
#include "util/expected.h"

struct sqlite3;

namespace versus::results {

// The schema version this build writes and reads.
inline constexpr int kHistorySchemaVersion = 6;

// One cell run as stored: the run's identity, the cell's coordinates and its figures.
struct HistoryRow {
  std::string run_id;
  std::string started_at;  // the run's start, ISO-8601 UTC: the order of a series
  std::string matrix_file;
  std::string server, profile, engine, workload;
  int threads = 0;
  // Sysbench tables and rows per table: coordinates too (a size sweep's cells are apart);
  // 0 when not recorded (rows migrated from schema version 1, results that lacked them).
  int tables = 0;
  std::int64_t table_size = 0;
  int repeat = 0;
  std::string transport;  // "socket" or "tcp" (migrated rows: "tcp"); not a coordinate
  std::string status;     // "ok", "failed", "crashed", "unresponsive"
  std::string server_version;
  double tps = 0, qps = 0, p95_ms = 0, p99_ms = 0;
  std::int64_t errors = 0;  // ignored (retried) errors of the measured interval
  std::int64_t reconnects = 0;
  MachineFacts machine;  // of the run
  // TPC-C's New-Orders per minute; 0 for the other workloads and in rows stored before
  // schema version 4.
  double nopm = 0;
  // The definition of the workload's statements (MixRecord::definition): a coordinate, so a
  // microbenchmark whose SQL changed starts a series of its own; 0 for the other workloads and
  // in rows stored before schema version 5.
  int definition = 0;
  // The choices that change what the workload measures (results::mix_variant: tpcc's home draw
  // and deck): a coordinate too; "" for the other workloads and in rows stored before schema
  // version 6 (a series of their own: what those tpcc runs drew is not in the row).
  std::string variant{};
};

// Which rows `History::rows` returns; an empty field matches everything.
struct HistoryFilter {
  std::string workload, server, profile, engine;
  std::optional<int> threads;
  std::optional<std::int64_t> table_size;
};

// One cell series' coordinates, as the rows hold them.
struct HistoryCell {
  std::string workload, engine, server, profile;
  int threads = 0, tables = 0;
  std::int64_t table_size = 0;
};

// The stored counters of one cell run: every counter the ranking reads (not
// results::ignored_counter) whose value per transaction was not 0; a counter absent here was
// 0. Only ok cells with usage figures have a record.
struct CellRunCounters {
  std::string run_id;
  int repeat = 0;
  PerTransaction per_transaction;
};

class History {
 public:
  // Opens `file`, creating it (and its parent directory) with the schema if it does not
  // exist and migrating an older schema version in place (history_schema.h). Fails, naming
  // the file, on a file that is not a SQLite database or has a schema version this build does
  // not read.
  static Expected<History> open(const std::filesystem::path& file);

  // Adds one row per cell of `run`, its counters and its directory `run_dir` (none when
  // empty; stored relative to the history file's directory), all or nothing. Returns the
  // number of rows added: 0 when run.info.run_id is already in the history.
  Expected<int> append(const RunResults& run, const std::filesystem::path& run_dir = {});

  // Matching rows ordered by workload, engine, server, profile, tables, table_size, threads,
  // started_at, run_id and repeat: each cell series is contiguous and in time order.
  Expected<std::vector<HistoryRow>> rows(const HistoryFilter& filter) const;

  // Whether a run with this id is stored.
  Expected<bool> contains(const std::string& run_id) const;

  // run_id -> its directory as stored (relative to the history file's directory unless
  // absolute), for the runs whose directory is known.
  Expected<std::map<std::string, std::string>> run_dirs() const;

  // The counters of every cell run of `cell` that has them, ordered by started_at, run_id
  // and repeat.
  Expected<std::vector<CellRunCounters>> counters(const HistoryCell& cell) const;

  // The history file as opened.
  const std::filesystem::path& file() const { return file_; }

 private:
  struct Closer {
    void operator()(sqlite3* db) const;
  };
  History(sqlite3* db, std::filesystem::path file) : db_(db), file_(std::move(file)) {}
  Expected<void> insert_cells(const RunResults& run);
  Expected<void> insert_counters(const RunResults& run);
  Expected<void> insert_run_dir(const std::string& run_id, const std::filesystem::path& dir);
  Expected<void> insert_run(const RunResults& run, const std::filesystem::path& run_dir);
  std::unique_ptr<sqlite3, Closer> db_;
  std::filesystem::path file_;
};

}  // namespace versus::results
