#include "results/history.h"

#include <sqlite3.h>

#include <system_error>
#include <utility>

#include "results/record_json.h"

namespace versus::results {

namespace {

// Every column of cell_runs with its HistoryRow field, in table order: the one list the
// schema, the insert and the select are made from (a bind's 1-based index is its position + 1,
// a read's 0-based column index its position).
template <class Row, class F>
void for_each_column(Row& r, F&& f) {
  f("run_id", r.run_id);
  f("started_at", r.started_at);
  f("matrix_file", r.matrix_file);
  f("server", r.server);
  f("profile", r.profile);
  f("engine", r.engine);
  f("workload", r.workload);
  f("threads", r.threads);
  f("repeat", r.repeat);
  f("status", r.status);
  f("server_version", r.server_version);
  f("tps", r.tps);
  f("qps", r.qps);
  f("p95_ms", r.p95_ms);
  f("p99_ms", r.p99_ms);
  f("errors", r.errors);
  f("reconnects", r.reconnects);
  f("cpu_model", r.machine.cpu_model);
  f("cores", r.machine.cores);
  f("kernel", r.machine.kernel);
  f("governor", r.machine.governor);
  f("memory_bytes", r.machine.memory_bytes);
}

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

// "run_id, started_at, ...".
std::string column_list() {
  HistoryRow row;
  std::string out;
  for_each_column(row, [&](const char* name, auto&) { (out += out.empty() ? "" : ", ") += name; });
  return out;
}

std::string schema_sql() {
  HistoryRow row;
  std::string columns;
  for_each_column(row, [&](const char* name, const auto& field) {
    columns += std::string("  ") + name + " " + sql_type(field) + " NOT NULL,\n";
  });
  return "CREATE TABLE IF NOT EXISTS versus_schema (version INTEGER NOT NULL);\n"
         "CREATE TABLE IF NOT EXISTS cell_runs (\n" +
         columns +
         "  PRIMARY KEY (run_id, server, profile, engine, workload, threads, repeat));\n"
         "CREATE INDEX IF NOT EXISTS cell_runs_series\n"
         "  ON cell_runs (workload, engine, server, profile, threads, started_at);\n";
}

std::string insert_sql() {
  HistoryRow row;
  std::string values;
  int n = 0;
  for_each_column(row, [&](const char*, auto&) {
    values += (n ? ", ?" : "?") + std::to_string(n + 1);
    ++n;
  });
  return "INSERT INTO cell_runs (" + column_list() + ") VALUES (" + values + ")";
}

// NULL parameters match everything: one statement serves every filter.
std::string select_sql() {
  return "SELECT " + column_list() +
         " FROM cell_runs WHERE (?1 IS NULL OR workload = ?1) AND (?2 IS NULL OR server = ?2) "
         "AND (?3 IS NULL OR profile = ?3) AND (?4 IS NULL OR engine = ?4) "
         "AND (?5 IS NULL OR threads = ?5) "
         "ORDER BY workload, engine, server, profile, threads, started_at, run_id, repeat";
}

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

// The row one cell run of `info` adds.
HistoryRow row_of(const RunInfo& info, const CellRecord& c) {
  HistoryRow r;
  r.run_id = info.run_id;
  r.started_at = info.started_at;
  r.matrix_file = info.matrix_file;
  r.server = c.server;
  r.profile = c.profile;
  r.engine = c.engine;
  r.workload = c.workload;
  r.threads = c.threads;
  r.repeat = c.repeat;
  r.status = std::string(status_name(c.status));
  r.server_version = c.server_version;
  r.tps = c.tps;
  r.qps = c.qps;
  r.p95_ms = c.latency.p95;
  r.p99_ms = c.latency.p99;
  r.errors = static_cast<std::int64_t>(c.counters.ignored_errors);
  r.reconnects = static_cast<std::int64_t>(c.counters.reconnects);
  r.machine = info.machine;
  return r;
}

void bind_value(Statement& s, int index, const std::string& v) {
  s.text(index, v);
}
void bind_value(Statement& s, int index, double v) {
  s.real(index, v);
}
template <class Integer>
void bind_value(Statement& s, int index, Integer v) {
  s.integer(index, static_cast<std::int64_t>(v));
}

void read_value(const Statement& s, int column, std::string& out) {
  out = s.column_text(column);
}
void read_value(const Statement& s, int column, double& out) {
  out = s.column_real(column);
}
template <class Integer>
void read_value(const Statement& s, int column, Integer& out) {
  out = static_cast<Integer>(s.column_int(column));
}

void bind_cell(Statement& s, const RunInfo& info, const CellRecord& c) {
  const HistoryRow row = row_of(info, c);
  int index = 0;
  for_each_column(row, [&](const char*, const auto& field) { bind_value(s, ++index, field); });
}

HistoryRow read_row(const Statement& s) {
  HistoryRow r;
  int column = 0;
  for_each_column(r, [&](const char*, auto& field) { read_value(s, column++, field); });
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
  if (auto ok = exec(raw, schema_sql().c_str(), "creating the schema"); !ok)
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
  Statement s(db_.get(), insert_sql().c_str());
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
  Statement s(db_.get(), select_sql().c_str());
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
