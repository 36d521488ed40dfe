// Schema version 6 and the migration of version-1 to version-5 files
// (results/history/history_schema.h), through History::open as every caller sees them.
#include "results/history/history_schema.h"

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <string>

#include "results/history/history.h"
#include "support/cell_builder.h"
#include "support/temp_dir.h"

namespace {

namespace fs = std::filesystem;
using namespace versus::results;
using versus::testing::TempDir;

// The schema versus wrote before tables and table_size were coordinates (version 1), verbatim.
constexpr const char* kVersion1Schema = R"(
CREATE TABLE versus_schema (version INTEGER NOT NULL);
INSERT INTO versus_schema (version) VALUES (1);
CREATE TABLE cell_runs (
  run_id TEXT NOT NULL, started_at TEXT NOT NULL, matrix_file TEXT NOT NULL,
  server TEXT NOT NULL, profile TEXT NOT NULL, engine TEXT NOT NULL, workload TEXT NOT NULL,
  threads INTEGER NOT NULL, repeat INTEGER NOT NULL, status TEXT NOT NULL,
  server_version TEXT NOT NULL, tps REAL NOT NULL, qps REAL NOT NULL, p95_ms REAL NOT NULL,
  p99_ms REAL NOT NULL, errors INTEGER NOT NULL, reconnects INTEGER NOT NULL,
  cpu_model TEXT NOT NULL, cores INTEGER NOT NULL, kernel TEXT NOT NULL,
  governor TEXT NOT NULL, memory_bytes INTEGER NOT NULL,
  PRIMARY KEY (run_id, server, profile, engine, workload, threads, repeat));
CREATE INDEX cell_runs_series ON cell_runs (workload, engine, server, profile, threads, started_at);
)";

// A version-1 row: run `run`, `threads`, `repeat`, the other figures derived from them.
std::string version1_row(int run, int threads, int repeat) {
  const std::string n = std::to_string(run * 100 + threads * 10 + repeat);
  return "INSERT INTO cell_runs VALUES ('r" + std::to_string(run) + "', '2026-10-0" +
         std::to_string(run) + "T01:00:00Z', 'old.yaml', 'trunk', 'default', 'innodb', " +
         "'oltp_read_only', " + std::to_string(threads) + ", " + std::to_string(repeat) + ", " +
         (repeat == 2 ? "'crashed'" : "'ok'") + ", '11.4.2-MariaDB', " + n + ".5, " + n +
         "0.25, 1.5, 2.5, " + n + ", 1, 'Xeon', 8, 'Linux 6.1', 'performance', 1024);\n";
}

void exec_sql(const fs::path& file, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  INFO((message ? message : ""));
  sqlite3_free(message);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

std::int64_t stored_version(const fs::path& file) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT version FROM versus_schema", -1, &s, nullptr) ==
          SQLITE_OK);
  REQUIRE(sqlite3_step(s) == SQLITE_ROW);
  const std::int64_t version = sqlite3_column_int64(s, 0);
  sqlite3_finalize(s);
  sqlite3_close(db);
  return version;
}

// One run measuring one cell at two table sizes.
RunResults two_size_run(const std::string& id, const std::string& started_at) {
  RunResults r;
  r.info.run_id = id;
  r.info.started_at = started_at;
  for (std::int64_t size : {10000, 50000})
    r.cells.push_back(versus::testing::CellBuilder("trunk").threads(4).tables(2).table_size(size));
  return r;
}

}  // namespace

TEST_CASE("history: a version-1 file is migrated in place, every row kept", "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "old.sqlite";
  std::string sql = kVersion1Schema;
  for (int run : {1, 2})
    for (int threads : {1, 8})
      for (int repeat : {0, 1, 2}) sql += version1_row(run, threads, repeat);
  exec_sql(file, sql);

  auto h = History::open(file);
  REQUIRE(h);
  CHECK(stored_version(file) == 6);
  auto rows = h->rows({});
  REQUIRE(rows);
  REQUIRE(rows->size() == 12);
  std::size_t i = 0;
  for (int threads : {1, 8})  // ordered by threads, then time, run and repeat
    for (int run : {1, 2})
      for (int repeat : {0, 1, 2}) {
        const HistoryRow& r = (*rows)[i++];
        INFO("run " << run << ", " << threads << " threads, repeat " << repeat);
        const double n = run * 100 + threads * 10 + repeat;
        CHECK(r.run_id == "r" + std::to_string(run));
        CHECK(r.started_at == "2026-10-0" + std::to_string(run) + "T01:00:00Z");
        CHECK(r.matrix_file == "old.yaml");
        CHECK(r.server == "trunk");
        CHECK(r.profile == "default");
        CHECK(r.engine == "innodb");
        CHECK(r.workload == "oltp_read_only");
        CHECK(r.threads == threads);
        CHECK(r.repeat == repeat);
        CHECK(r.status == (repeat == 2 ? "crashed" : "ok"));
        CHECK(r.server_version == "11.4.2-MariaDB");
        CHECK(r.tps == n + 0.5);
        CHECK(r.qps == n * 10 + 0.25);
        CHECK(r.p95_ms == 1.5);
        CHECK(r.p99_ms == 2.5);
        CHECK(r.errors == static_cast<std::int64_t>(n));
        CHECK(r.reconnects == 1);
        CHECK(r.machine.cpu_model == "Xeon");
        CHECK(r.machine.cores == 8);
        CHECK(r.machine.kernel == "Linux 6.1");
        CHECK(r.machine.governor == "performance");
        CHECK(r.machine.memory_bytes == 1024);
        // What results.json files of that time read as.
        CHECK(r.tables == 0);
        CHECK(r.table_size == 0);
        CHECK(r.transport == "tcp");
      }
  CHECK(*h->contains("r2"));
  // The new key: a size sweep appends beside the migrated rows, and reopening keeps it all.
  REQUIRE(h->append(two_size_run("s3", "2026-11-01T01:00:00Z")));
  auto reopened = History::open(file);
  REQUIRE(reopened);
  CHECK(reopened->rows({})->size() == 14);
}

TEST_CASE("history: a failed migration changes nothing", "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "broken.sqlite";
  // Says version 1, but its cell_runs lacks columns version 1 had: the copy fails.
  exec_sql(file,
           "CREATE TABLE versus_schema (version INTEGER NOT NULL);"
           "INSERT INTO versus_schema VALUES (1);"
           "CREATE TABLE cell_runs (run_id TEXT NOT NULL, server TEXT NOT NULL);"
           "INSERT INTO cell_runs VALUES ('r1', 'trunk');");
  auto h = History::open(file);
  REQUIRE_FALSE(h);
  CHECK(h.error().message.find(file.string()) == 0);
  CHECK(h.error().message.find("migrating the history from schema version 1 to 2") !=
        std::string::npos);
  CHECK(stored_version(file) == 1);
  exec_sql(file, "INSERT INTO cell_runs VALUES ('r2', 'trunk')");  // the old table, as it was
}

TEST_CASE("history: a newer schema version is an error naming file and versions",
          "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "future.sqlite";
  REQUIRE(History::open(file));
  CHECK(stored_version(file) == 6);  // a new file
  exec_sql(file, "UPDATE versus_schema SET version = 7");
  auto h = History::open(file);
  REQUIRE_FALSE(h);
  CHECK(h.error().message == file.string() +
                                 ": history schema version 7 is newer than this versus reads "
                                 "(versions 1 to 6): written by a newer versus");
  CHECK(stored_version(file) == 7);
}

TEST_CASE("history: a version below the oldest is unknown", "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "zero.sqlite";
  REQUIRE(History::open(file));
  exec_sql(file, "UPDATE versus_schema SET version = 0");
  auto h = History::open(file);
  REQUIRE_FALSE(h);
  CHECK(h.error().message ==
        file.string() + ": unknown history schema version 0 (this versus reads versions 1 to 6)");
}

TEST_CASE("history: opening a current file only reads it", "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "busy.sqlite";
  REQUIRE(History::open(file));
  // Another versus in the middle of an append holds the write lock: an open that wrote
  // would wait 5 s for it and fail.
  sqlite3* writer = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &writer) == SQLITE_OK);
  REQUIRE(sqlite3_exec(writer, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK);
  auto h = History::open(file);
  CHECK(h);
  if (h) CHECK(h->rows({}));
  sqlite3_exec(writer, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(writer);
}

TEST_CASE("history: a version-2 file gains the runs and counters tables, every row kept",
          "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "v2.sqlite";
  {
    auto h = History::open(file);
    REQUIRE(h);
    REQUIRE(*h->append(two_size_run("s1", "2026-11-01T01:00:00Z")) == 2);
  }
  // What version 2 was: cell_runs without nopm, neither of version 3's tables.
  exec_sql(file, "DROP TABLE runs; DROP TABLE cell_counters; ALTER TABLE cell_runs DROP COLUMN "
                 "nopm; ALTER TABLE cell_runs DROP COLUMN definition; "
                 "ALTER TABLE cell_runs DROP COLUMN variant; UPDATE versus_schema SET version = 2");
  auto h = History::open(file);
  REQUIRE(h);
  CHECK(stored_version(file) == 6);
  CHECK(h->rows({})->size() == 2);
  CHECK(h->run_dirs()->empty());  // runs appended before version 3: no directory on record
  REQUIRE(*h->append(two_size_run("s2", "2026-11-02T01:00:00Z"), dir.path() / "s2") == 2);
  CHECK(h->run_dirs()->at("s2") == "s2");
}

TEST_CASE("history: a version-3 file gains nopm, 0 in its rows; TPC-C's is kept from then on",
          "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "v3.sqlite";
  {
    auto h = History::open(file);
    REQUIRE(h);
    REQUIRE(*h->append(two_size_run("s1", "2026-11-01T01:00:00Z")) == 2);
  }
  exec_sql(file, "ALTER TABLE cell_runs DROP COLUMN nopm; ALTER TABLE cell_runs DROP COLUMN "
                 "definition; ALTER TABLE cell_runs DROP COLUMN variant; UPDATE versus_schema "
                 "SET version = 3");
  auto h = History::open(file);
  REQUIRE(h);
  CHECK(stored_version(file) == 6);
  RunResults tpcc = two_size_run("s2", "2026-11-02T01:00:00Z");
  for (auto& c : tpcc.cells) c.workload = "tpcc", c.nopm = 7380.5;
  REQUIRE(*h->append(tpcc) == 2);
  const auto rows = h->rows({});
  REQUIRE(rows->size() == 4);
  for (const HistoryRow& r : *rows) CHECK(r.nopm == (r.run_id == "s2" ? 7380.5 : 0.0));
}

TEST_CASE("history: a version-4 file gains definition, 0 in its rows; a microbenchmark's is kept",
          "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "v4.sqlite";
  {
    auto h = History::open(file);
    REQUIRE(h);
    REQUIRE(*h->append(two_size_run("s1", "2026-11-01T01:00:00Z")) == 2);
  }
  exec_sql(file, "ALTER TABLE cell_runs DROP COLUMN definition; ALTER TABLE cell_runs DROP COLUMN "
                 "variant; UPDATE versus_schema SET version = 4");
  auto h = History::open(file);
  REQUIRE(h);
  CHECK(stored_version(file) == 6);
  RunResults micro = two_size_run("s2", "2026-11-02T01:00:00Z");
  for (auto& c : micro.cells) c.workload = "update_one", c.mix.definition = 2;
  REQUIRE(*h->append(micro) == 2);
  const auto rows = h->rows({});
  REQUIRE(rows->size() == 4);
  for (const HistoryRow& r : *rows) CHECK(r.definition == (r.run_id == "s2" ? 2 : 0));
}

TEST_CASE("history: a version-5 file gains variant, '' in its rows; a tpcc run's is kept, a "
          "series apart",
          "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "v5.sqlite";
  RunResults tpcc = two_size_run("s1", "2026-11-01T01:00:00Z");
  for (auto& c : tpcc.cells) c.workload = "tpcc", c.mix.dialect = "tpcc";
  {
    auto h = History::open(file);
    REQUIRE(h);
    REQUIRE(*h->append(tpcc) == 2);
  }
  exec_sql(file, "ALTER TABLE cell_runs DROP COLUMN variant; UPDATE versus_schema SET version = 5");
  auto h = History::open(file);
  REQUIRE(h);
  CHECK(stored_version(file) == 6);
  RunResults now = two_size_run("s2", "2026-11-02T01:00:00Z");
  for (auto& c : now.cells)
    c.workload = "tpcc", c.mix.dialect = "tpcc", c.mix.tpcc_home = "per_transaction",
    c.mix.tpcc_mix = "hammerdb";
  REQUIRE(*h->append(now) == 2);
  const auto rows = h->rows({});
  REQUIRE(rows->size() == 4);
  for (const HistoryRow& r : *rows)
    CHECK(r.variant ==
          (r.run_id == "s2" ? "tpcc_home: per_transaction, tpcc_mix: hammerdb" : ""));
}

TEST_CASE("history: a version-1 file is migrated through versions 2 to 5 to 6",
          "[results][history]") {
  TempDir dir;
  const fs::path file = dir.path() / "v1.sqlite";
  exec_sql(file, std::string(kVersion1Schema) + version1_row(1, 8, 0));
  auto h = History::open(file);
  REQUIRE(h);
  CHECK(stored_version(file) == 6);
  CHECK(h->run_dirs()->empty());
  CHECK(h->counters({"oltp_read_only", "innodb", "trunk", "default", 8, 0, 0})->empty());
}
