#include "results/history/history.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <nlohmann/json.hpp>
#include <system_error>
#include <utility>

#include "results/evidence/statement_ranking.h"
#include "results/history/history_columns.h"
#include "results/history/history_schema.h"
#include "results/history/sqlite_statement.h"
#include "results/record/cell_key.h"
#include "results/record/record_json.h"

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
         "ORDER BY workload, engine, server, profile, tables, table_size, definition, variant, "
         "threads, "
         "started_at, "
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
  r.definition = c.mix.definition;
  r.variant = mix_variant(c.mix);
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
  r.nopm = c.nopm;
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

// `run_dir` as the runs table keeps it: relative to the history file's directory (both made
// absolute and canonical as far as they exist), so the two can move together.
std::string stored_run_dir(const std::filesystem::path& history_file,
                           const std::filesystem::path& run_dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path base = fs::weakly_canonical(fs::absolute(history_file, ec).parent_path(), ec);
  const fs::path dir = fs::weakly_canonical(fs::absolute(run_dir, ec), ec);
  const fs::path relative = dir.lexically_relative(base);
  return relative.empty() ? dir.generic_string() : relative.generic_string();
}

// The counters a cell run keeps: those the ranking reads, not 0 per transaction, each retried
// error code per transaction ("errors.1020") and each statement class's ms per transaction
// ("statement_ms.point select"), as JSON, to 6 significant digits (the ranking needs 5%; full
// doubles would double the history's size).
std::string counters_json(const CellRecord& c) {
  nlohmann::json j = nlohmann::json::object();
  auto keep = [&](const std::string& name, double value) {
    if (value != 0) j[name] = std::stod(fmt::format("{:.6g}", value));
  };
  for (const auto& [name, value] : per_transaction(c))
    if (!ignored_counter(name)) keep(name, value);
  const auto txn = static_cast<double>(c.counters.transactions);
  for (const measured::ErrorCount& e : c.errors)
    if (e.kind == measured::ErrorKind::retried && txn > 0)
      keep(std::string(kErrorCodePrefix) + std::to_string(e.code),
           static_cast<double>(e.count) / txn);
  for (const auto& [statement, ms] : statement_ms(c))
    keep(std::string(kStatementMsPrefix) + statement, ms);
  return j.dump();
}

PerTransaction parse_counters(const std::string& text) {
  PerTransaction out;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return out;  // not written by versus: read as no counters
  for (const auto& [name, value] : j.items())
    if (value.is_number()) out[name] = value.get<double>();
  return out;
}

// Binds server, profile, engine, workload, threads, tables, table_size (kCellCoordinates'
// order after run_id) from index `first` on.
void bind_coordinates(Statement& s, int first, const HistoryCell& cell) {
  s.text(first, cell.server);
  s.text(first + 1, cell.profile);
  s.text(first + 2, cell.engine);
  s.text(first + 3, cell.workload);
  s.integer(first + 4, cell.threads);
  s.integer(first + 5, cell.tables);
  s.integer(first + 6, cell.table_size);
}

constexpr const char* kCellCoordinates =
    "run_id, server, profile, engine, workload, threads, tables, table_size, repeat";

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
  History history(raw, file);  // closes `raw` on every path, even when the open failed
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

Expected<void> History::insert_counters(const RunResults& run) {
  Statement s(db_.get(), std::string("INSERT INTO cell_counters (") + kCellCoordinates +
                             ", counters) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  if (!s.ok()) return sqlite_error(db_.get(), "preparing the counters' insert");
  for (const CellRecord& c : run.cells) {
    if (c.status != CellStatus::ok || per_transaction(c).empty()) continue;
    s.text(1, run.info.run_id);
    bind_coordinates(
        s, 2, {c.workload, c.engine, c.server, c.profile, c.threads, c.tables, c.table_size});
    s.integer(9, c.repeat);
    s.text(10, counters_json(c));
    if (s.step() != SQLITE_DONE) return sqlite_error(db_.get(), "inserting a cell's counters");
    s.reset();
  }
  return {};
}

Expected<void> History::insert_run_dir(const std::string& run_id,
                                       const std::filesystem::path& dir) {
  Statement s(db_.get(), "INSERT INTO runs (run_id, run_dir) VALUES (?1, ?2)");
  if (!s.ok()) return sqlite_error(db_.get(), "preparing the run's insert");
  s.text(1, run_id);
  s.text(2, stored_run_dir(file_, dir));
  if (s.step() != SQLITE_DONE) return sqlite_error(db_.get(), "inserting the run's directory");
  return {};
}

Expected<void> History::insert_run(const RunResults& run, const std::filesystem::path& run_dir) {
  if (auto ok = insert_cells(run); !ok) return ok;
  if (auto ok = insert_counters(run); !ok) return ok;
  if (run_dir.empty()) return {};
  return insert_run_dir(run.info.run_id, run_dir);
}

Expected<std::map<std::string, std::string>> History::run_dirs() const {
  Statement s(db_.get(), "SELECT run_id, run_dir FROM runs");
  if (!s.ok()) return sqlite_error(db_.get(), "preparing the runs' query");
  std::map<std::string, std::string> out;
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) out[s.column_text(0)] = s.column_text(1);
  if (rc != SQLITE_DONE) return sqlite_error(db_.get(), "reading the runs");
  return out;
}

Expected<std::vector<CellRunCounters>> History::counters(const HistoryCell& cell) const {
  Statement s(db_.get(),
              "SELECT k.run_id, k.repeat, k.counters FROM cell_counters k JOIN cell_runs c USING ("
              "run_id, server, profile, engine, workload, threads, tables, table_size, repeat) "
              "WHERE k.server = ?1 AND k.profile = ?2 AND k.engine = ?3 AND k.workload = ?4 "
              "AND k.threads = ?5 AND k.tables = ?6 AND k.table_size = ?7 "
              "ORDER BY c.started_at, k.run_id, k.repeat");
  if (!s.ok()) return sqlite_error(db_.get(), "preparing the counters' query");
  bind_coordinates(s, 1, cell);
  std::vector<CellRunCounters> out;
  int rc;
  while ((rc = s.step()) == SQLITE_ROW)
    out.push_back(
        {s.column_text(0), static_cast<int>(s.column_int(1)), parse_counters(s.column_text(2))});
  if (rc != SQLITE_DONE) return sqlite_error(db_.get(), "reading the counters");
  return out;
}

Expected<int> History::append(const RunResults& run, const std::filesystem::path& run_dir) {
  sqlite3* db = db_.get();
  // IMMEDIATE: the write lock is taken before the check, so two appends of the same run
  // cannot both find it absent.
  if (auto ok = exec(db, "BEGIN IMMEDIATE", "starting a transaction"); !ok) return fail(ok.error());
  auto present = contains(run.info.run_id);
  Expected<void> inserted = present ? Expected<void>() : Expected<void>(fail(present.error()));
  if (present && !*present) inserted = insert_run(run, run_dir);
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
