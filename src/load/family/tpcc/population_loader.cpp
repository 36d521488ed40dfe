#include "load/family/tpcc/population_loader.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <mutex>
#include <thread>

#include "client/connection.h"
#include "load/data/local_infile.h"
#include "load/family/tpcc/population_rows.h"
#include "load/family/tpcc/tpcc_schema.h"
#include "util/last_resort.h"

namespace versus::load::tpcc {

namespace {
// The rows of one (table, warehouse): the unit one loader connection takes at a time.
struct LoadUnit {
  Table table;
  int warehouse;
};

class PopulationLines : public LineSource {
 public:
  explicit PopulationLines(PopulationRows& rows) : rows_(rows) {}
  bool done() const override { return rows_.done(); }
  std::size_t max_line() const override { return PopulationRows::kMaxRowText; }
  std::size_t write_line(char* out) override { return rows_.write_line(out); }

 private:
  PopulationRows& rows_;
};

// Every row of one (table, warehouse) seed-determined; the seed is fixed so every instance of
// a plan holds the same rows.
constexpr std::uint64_t kPopulationSeed = 0x7bcc5eedULL;

std::string insert_of(Table t, PopulationRows& rows, int count) {
  std::string sql = "INSERT INTO " + std::string(table_name(t)) + " (" +
                    std::string(column_list(t)) + ") VALUES ";
  append_tuples(sql, rows, count, PopulationRows::kMaxRowText);
  return sql;
}

Expected<void> load_unit(client::Connection& conn, const LoadSpec& spec, const LoadUnit& u,
                         const std::string& timestamp) {
  PopulationRows rows(u.table, u.warehouse, kPopulationSeed, timestamp);
  PopulationLines lines(rows);
  auto outcome = load_lines(conn, std::string(table_name(u.table)), column_list(u.table), lines);
  if (!outcome) return fail(outcome.error());
  while (*outcome == InfileOutcome::refused && !rows.done())
    if (auto ok = conn.execute(insert_of(u.table, rows, spec.rows_per_insert)); !ok) return ok;
  return {};
}

Expected<client::Connection> loader_connection(const LoadSpec& spec) {
  client::Endpoint ep = spec.endpoint;
  ep.database = database_of(spec.endpoint);
  // No connect timeout nor deadline (Connection::Role::bulk): either would put the socket in non-blocking mode (Connection::open).
  auto conn =
      client::Connection::open(ep, {.timeout = std::chrono::seconds(0), .deadline = std::chrono::seconds(0), .local_infile = true});
  if (!conn) return fail(conn.error());
  if (auto ok = skip_binlog(*conn); !ok) return fail(ok.error());
  return conn;
}

// The largest units first, so the parallel loaders end together.
std::vector<LoadUnit> units_of(int warehouses) {
  std::vector<LoadUnit> units{{Table::item, 0}};
  for (Table t : {Table::stock, Table::order_line, Table::customer, Table::orders, Table::history,
                  Table::new_order, Table::district, Table::warehouse})
    for (int w = 1; w <= warehouses; ++w) units.push_back({t, w});
  return units;
}

Expected<void> create_tables(const LoadSpec& spec) {
  auto conn = loader_connection(spec);
  if (!conn) return fail(conn.error());
  if (auto ok = drop_population(*conn); !ok) return ok;
  for (Table t : kTables)
    if (auto ok = conn->execute(create_table_sql(t, spec.engine, spec.charset, spec.collation));
        !ok)
      return ok;
  return {};
}

Expected<void> create_indexes(const LoadSpec& spec) {
  auto conn = loader_connection(spec);
  if (!conn) return fail(conn.error());
  for (Table t : kTables)
    if (const std::string sql = create_index_sql(t); !sql.empty())
      if (auto ok = conn->execute(sql); !ok) return ok;
  return {};
}

// Runs `units` on `parallel` connections; the first failure stops every worker's next unit.
Expected<void> load_units(const LoadSpec& spec, const std::vector<LoadUnit>& units) {
  const std::string timestamp = load_timestamp(std::time(nullptr));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex error_mutex;  // taken only on failure
  std::string first_error;
  auto worker = [&] {
    Expected<void> ok;
    auto ran = catch_unexpected([&] {
      auto conn = loader_connection(spec);
      if (!conn) return void(ok = fail(conn.error()));
      for (std::size_t i; !failed && (i = next.fetch_add(1)) < units.size();)
        if (ok = load_unit(*conn, spec, units[i], timestamp); !ok)
          return void(
              ok = fail(ok.error().context("loading " + std::string(table_name(units[i].table)) +
                                           " of warehouse " + std::to_string(units[i].warehouse))));
    });
    if (!ran) ok = fail(ran.error());
    if (ok) return;
    failed = true;
    std::lock_guard lock(error_mutex);
    if (first_error.empty()) first_error = ok.error().message;
  };
  {
    std::vector<std::jthread> workers;
    for (int i = 0; i < std::max(1, spec.parallel); ++i) workers.emplace_back(worker);
  }
  if (!first_error.empty()) return fail(first_error);
  return {};
}
}  // namespace

std::string load_timestamp(std::int64_t seconds) {
  const std::time_t t = seconds;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char out[kTimestampLength + 1];
  std::strftime(out, sizeof out, "%Y-%m-%d %H:%M:%S", &tm);
  return out;
}

Expected<void> drop_population(client::Connection& conn) {
  for (Table t : kTables)
    if (auto ok = conn.execute(drop_table_sql(t)); !ok) return ok;
  return {};
}

std::vector<std::string> population_table_names() {
  std::vector<std::string> names;
  for (Table t : kTables) names.emplace_back(table_name(t));
  return names;
}

Expected<void> load_population(const LoadSpec& spec) {
  if (auto ok = create_tables(spec); !ok) return ok;
  if (auto ok = load_units(spec, units_of(spec.warehouses)); !ok) return ok;
  return create_indexes(spec);
}

}  // namespace versus::load::tpcc
