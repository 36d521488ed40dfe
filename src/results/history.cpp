#include "results/history.h"

#include <sqlite3.h>

#include <system_error>
#include <utility>

#include "results/history_columns.h"
#include "results/history_schema.h"
#include "results/record_json.h"
#include "results/sqlite_statement.h"

namespace versus::results {

namespace {

std::string insert_sql() {
  HistoryRow row;
  std::string values;
  int n = 0;
  for_each_history_column(row, [&](const char*, const auto&) {
    values += (n ? ", ?" : "?") + std::to_string(n + 1);
    ++n;
  });
  return "INSERT INTO cell_runs (" + history_column_list() + ") VALUES (" + values + ")";
}

// NULL parameters match everything: one statement serves every filter.
std::string select_sql() {
  return "SELECT " + history_column_list() +
         " FROM cell_runs WHERE (?1 IS NULL OR workload = ?1) AND (?2 IS NULL OR server = ?2) "
         "AND (?3 IS NULL OR profile = ?3) AND (?4 IS NULL OR engine = ?4) "
         "AND (?5 IS NULL OR threads = ?5) AND (?6 IS NULL OR table_size = ?6) "
         "ORDER BY workload, engine, server, profile, tables, table_size, threads, started_at, "
         "run_id, repeat";
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
  r.tables = c.tables;
  r.table_size = c.table_size;
  r.repeat = c.repeat;
  r.transport = c.transport;
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
  for_each_history_column(row,
                          [&](const char*, const auto& field) { bind_value(s, ++index, field); });
}

HistoryRow read_row(const Statement& s) {
  HistoryRow r;
  int column = 0;
  for_each_history_column(r, [&](const char*, auto& field) { read_value(s, column++, field); });
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
  if (auto ok = prepare_history_schema(raw); !ok) return fail(ok.error().context(file.string()));
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
  if (f.table_size)
    s.integer(6, *f.table_size);
  else
    s.null(6);
  std::vector<HistoryRow> out;
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) out.push_back(read_row(s));
  if (rc != SQLITE_DONE) return sqlite_error(db_.get(), "reading the history");
  return out;
}

}  // namespace versus::results
