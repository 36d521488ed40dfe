#include "results/history.h"

#include <sqlite3.h>

#include <system_error>
#include <utility>

#include "results/record_json.h"

namespace versus::results {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS versus_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS cell_runs (
  run_id TEXT NOT NULL, started_at TEXT NOT NULL, matrix_file TEXT NOT NULL,
  server TEXT NOT NULL, profile TEXT NOT NULL, engine TEXT NOT NULL, workload TEXT NOT NULL,
  threads INTEGER NOT NULL, repeat INTEGER NOT NULL, status TEXT NOT NULL,
  server_version TEXT NOT NULL, tps REAL NOT NULL, qps REAL NOT NULL,
  p95_ms REAL NOT NULL, p99_ms REAL NOT NULL, errors INTEGER NOT NULL,
  reconnects INTEGER NOT NULL, cpu_model TEXT NOT NULL, cores INTEGER NOT NULL,
  kernel TEXT NOT NULL, governor TEXT NOT NULL, memory_bytes INTEGER NOT NULL,
  PRIMARY KEY (run_id, server, profile, engine, workload, threads, repeat));
CREATE INDEX IF NOT EXISTS cell_runs_series
  ON cell_runs (workload, engine, server, profile, threads, started_at);
)sql";

constexpr const char* kInsert =
    "INSERT INTO cell_runs (run_id, started_at, matrix_file, server, profile, engine, "
    "workload, threads, repeat, status, server_version, tps, qps, p95_ms, p99_ms, errors, "
    "reconnects, cpu_model, cores, kernel, governor, memory_bytes) VALUES (?1, ?2, ?3, ?4, ?5, "
    "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)";

// NULL parameters match everything: one statement serves every filter.
constexpr const char* kSelect =
    "SELECT run_id, started_at, matrix_file, server, profile, engine, workload, threads, "
    "repeat, status, server_version, tps, qps, p95_ms, p99_ms, errors, reconnects, "
    "cpu_model, cores, kernel, governor, memory_bytes FROM cell_runs WHERE (?1 IS NULL OR workload "
    "= ?1) AND (?2 IS NULL OR server = ?2) "
    "AND (?3 IS NULL OR profile = ?3) AND (?4 IS NULL OR engine = ?4) "
    "AND (?5 IS NULL OR threads = ?5) "
    "ORDER BY workload, engine, server, profile, threads, started_at, run_id, repeat";

Unexpected sqlite_error(sqlite3* db, const std::string& what) {
  return fail(what + ": " + sqlite3_errmsg(db));
}

// A prepared statement, finalized on destruction.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) stmt_ = nullptr;
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool ok() const { return stmt_ != nullptr; }
  // Binds text at 1-based `index`; an empty string binds NULL when `empty_is_null`.
  void text(int index, const std::string& value, bool empty_is_null = false) {
    if (empty_is_null && value.empty())
      sqlite3_bind_null(stmt_, index);
    else
      sqlite3_bind_text(stmt_, index, value.c_str(), static_cast<int>(value.size()),
                        SQLITE_TRANSIENT);
  }
  void integer(int index, std::int64_t value) { sqlite3_bind_int64(stmt_, index, value); }
  void real(int index, double value) { sqlite3_bind_double(stmt_, index, value); }
  void null(int index) { sqlite3_bind_null(stmt_, index); }
  int step() { return sqlite3_step(stmt_); }
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  std::string column_text(int i) const {
    const auto* t = sqlite3_column_text(stmt_, i);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
  std::int64_t column_int(int i) const { return sqlite3_column_int64(stmt_, i); }
  double column_real(int i) const { return sqlite3_column_double(stmt_, i); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

Expected<void> exec(sqlite3* db, const char* sql, const std::string& what) {
  if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) return sqlite_error(db, what);
  return {};
}

// Writes the version into a new file, or checks the one already there.
Expected<void> check_version(sqlite3* db) {
  Statement read(db, "SELECT version FROM versus_schema");
  if (!read.ok()) return sqlite_error(db, "reading the schema version");
  if (read.step() != SQLITE_ROW) {
    const std::string insert = "INSERT INTO versus_schema (version) VALUES (" +
                               std::to_string(kHistorySchemaVersion) + ")";
    return exec(db, insert.c_str(), "writing the schema version");
  }
  const auto version = read.column_int(0);
  if (version != kHistorySchemaVersion)
    return fail("history schema version " + std::to_string(version) + ", this versus reads " +
                std::to_string(kHistorySchemaVersion));
  return {};
}

void bind_cell(Statement& s, const RunInfo& info, const CellRecord& c) {
  s.text(1, info.run_id);
  s.text(2, info.started_at);
  s.text(3, info.matrix_file);
  s.text(4, c.server);
  s.text(5, c.profile);
  s.text(6, c.engine);
  s.text(7, c.workload);
  s.integer(8, c.threads);
  s.integer(9, c.repeat);
  s.text(10, std::string(status_name(c.status)));
  s.text(11, c.server_version);
  s.real(12, c.tps);
  s.real(13, c.qps);
  s.real(14, c.latency.p95);
  s.real(15, c.latency.p99);
  s.integer(16, static_cast<std::int64_t>(c.counters.ignored_errors));
  s.integer(17, static_cast<std::int64_t>(c.counters.reconnects));
  s.text(18, info.machine.cpu_model);
  s.integer(19, info.machine.cores);
  s.text(20, info.machine.kernel);
  s.text(21, info.machine.governor);
  s.integer(22, static_cast<std::int64_t>(info.machine.memory_bytes));
}

HistoryRow read_row(const Statement& s) {
  HistoryRow r;
  r.run_id = s.column_text(0);
  r.started_at = s.column_text(1);
  r.matrix_file = s.column_text(2);
  r.server = s.column_text(3);
  r.profile = s.column_text(4);
  r.engine = s.column_text(5);
  r.workload = s.column_text(6);
  r.threads = static_cast<int>(s.column_int(7));
  r.repeat = static_cast<int>(s.column_int(8));
  r.status = s.column_text(9);
  r.server_version = s.column_text(10);
  r.tps = s.column_real(11);
  r.qps = s.column_real(12);
  r.p95_ms = s.column_real(13);
  r.p99_ms = s.column_real(14);
  r.errors = s.column_int(15);
  r.reconnects = s.column_int(16);
  r.machine.cpu_model = s.column_text(17);
  r.machine.cores = static_cast<int>(s.column_int(18));
  r.machine.kernel = s.column_text(19);
  r.machine.governor = s.column_text(20);
  r.machine.memory_bytes = static_cast<std::uint64_t>(s.column_int(21));
  return r;
}

}  // namespace

void History::Closer::operator()(sqlite3* db) const {
  sqlite3_close(db);
}

Expected<History> History::open(const std::filesystem::path& file) {
  std::error_code ec;
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(file.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  History history(raw);  // closes `raw` on every path, even when the open failed
  if (rc != SQLITE_OK) return sqlite_error(raw, file.string());
  sqlite3_busy_timeout(raw, 5000);  // another versus appending: wait for it, up to 5 s
  if (auto ok = exec(raw, kSchema, "creating the schema"); !ok)
    return fail(ok.error().context(file.string()));
  if (auto ok = check_version(raw); !ok) return fail(ok.error().context(file.string()));
  return history;
}

Expected<bool> History::contains(const std::string& run_id) const {
  Statement s(db_.get(), "SELECT 1 FROM cell_runs WHERE run_id = ?1 LIMIT 1");
  if (!s.ok()) return sqlite_error(db_.get(), "looking up run " + run_id);
  s.text(1, run_id);
  const int rc = s.step();
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return sqlite_error(db_.get(), "looking up run " + run_id);
  return rc == SQLITE_ROW;
}

Expected<void> History::insert_cells(const RunResults& run) {
  Statement s(db_.get(), kInsert);
  if (!s.ok()) return sqlite_error(db_.get(), "preparing the insert");
  for (const CellRecord& c : run.cells) {
    bind_cell(s, run.info, c);
    if (s.step() != SQLITE_DONE) return sqlite_error(db_.get(), "inserting a cell");
    s.reset();
  }
  return {};
}

Expected<int> History::append(const RunResults& run) {
  sqlite3* db = db_.get();
  // IMMEDIATE: the write lock is taken before the check, so two appends of the same run
  // cannot both find it absent.
  if (auto ok = exec(db, "BEGIN IMMEDIATE", "starting a transaction"); !ok) return fail(ok.error());
  auto present = contains(run.info.run_id);
  Expected<void> inserted = present ? Expected<void>() : Expected<void>(fail(present.error()));
  if (present && !*present) inserted = insert_cells(run);
  if (!inserted) {
    (void)exec(db, "ROLLBACK", "rolling back");
    return fail(inserted.error().context("appending run " + run.info.run_id));
  }
  if (auto ok = exec(db, "COMMIT", "committing"); !ok) return fail(ok.error());
  return *present ? 0 : static_cast<int>(run.cells.size());
}

Expected<std::vector<HistoryRow>> History::rows(const HistoryFilter& f) const {
  Statement s(db_.get(), kSelect);
  if (!s.ok()) return sqlite_error(db_.get(), "preparing the query");
  s.text(1, f.workload, true);
  s.text(2, f.server, true);
  s.text(3, f.profile, true);
  s.text(4, f.engine, true);
  if (f.threads)
    s.integer(5, *f.threads);
  else
    s.null(5);
  std::vector<HistoryRow> out;
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) out.push_back(read_row(s));
  if (rc != SQLITE_DONE) return sqlite_error(db_.get(), "reading the history");
  return out;
}

}  // namespace versus::results
