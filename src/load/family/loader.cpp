#include "load/family/loader.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "client/connection.h"
#include "load/family/custom/custom_loader.h"
#include "load/family/oltp/legacy_loader.h"
#include "load/data/local_infile.h"
#include "load/family/oltp/one_row_table.h"
#include "load/data/schema.h"
#include "load/family/tpcc/population_loader.h"
#include "util/last_resort.h"

namespace versus::load {

std::string build_insert(int table, RowSource& rows, int count) {
  std::string sql = "INSERT INTO " + table_name(table) + " (id, k, c, pad) VALUES ";
  append_tuples(sql, rows, count, RowSource::kMaxRowText);
  return sql;
}

// sql_log_bin refused: a server without the variable (1193), an account without the
// privilege (1227).
Expected<void> skip_binlog(client::Connection& conn) {
  if (auto ok = conn.execute("SET SESSION sql_log_bin=0"); !ok) {
    unsigned err = conn.last_errno();
    if (err != 1193 && err != 1227) return ok;
  }
  return {};
}

std::string database_of(const client::Endpoint& ep) {
  return ep.database.empty() ? std::string(kDatabase) : ep.database;
}

namespace {
std::string quote_identifier(const std::string& name) {
  std::string out = "`";
  for (char ch : name) out += ch == '`' ? std::string("``") : std::string(1, ch);
  return out + "`";
}

Expected<void> insert_rows(client::Connection& conn, int table, RowSource& rows, int per_insert) {
  while (!rows.done())
    if (auto ok = conn.execute(build_insert(table, rows, per_insert)); !ok) return ok;
  return {};
}

// LOAD DATA LOCAL when the server allows it (measured ~1.9x faster than multi-row INSERTs:
// no SQL parsing per row), else multi-row INSERTs. `rows` are 1..N into a new, empty table:
// with this session counting 1 by 1, AUTO_INCREMENT gives them the ids they would be sent.
Expected<void> fill(client::Connection& conn, const LoadSpec& spec, int table, RowSource& rows) {
  if (auto ok = conn.execute("SET SESSION auto_increment_increment=1, auto_increment_offset=1");
      !ok)
    return ok;
  auto outcome = load_data_local(conn, table_name(table), rows, RowIds::auto_increment);
  if (!outcome) return fail(outcome.error());
  if (*outcome == InfileOutcome::loaded) return {};
  return insert_rows(conn, table, rows, spec.rows_per_insert);
}

Expected<void> load_one(const LoadSpec& spec, int table) {
  // No connect timeout nor deadline (Connection::Role::bulk): either would put the socket in non-blocking mode (see Connection::open).
  auto conn = client::Connection::open(spec.endpoint,
                                       {.timeout = std::chrono::seconds(0), .deadline = std::chrono::seconds(0), .local_infile = true});
  if (!conn) return fail(conn.error());
  for (const auto& sql :
       {"USE " + quote_identifier(database_of(spec.endpoint)), drop_table_sql(table),
        create_table_sql(table, spec.engine, spec.charset, spec.collation)})
    if (auto ok = conn->execute(sql); !ok) return fail(ok.error());
  if (auto ok = skip_binlog(*conn); !ok) return ok;
  Random rng(0x5eed0000ULL + static_cast<std::uint64_t>(table), spec.distribution);
  RowSource rows(rng, 1, spec.table_size, static_cast<std::uint32_t>(spec.table_size));
  if (auto ok = fill(*conn, spec, table, rows); !ok) return ok;
  return conn->execute(create_index_sql(table));
}

// Connects without a default database: it may not exist yet.
Expected<void> create_database(const client::Endpoint& ep) {
  client::Endpoint no_db = ep;
  no_db.database.clear();
  auto conn = client::Connection::open(no_db);
  if (!conn) return fail(conn.error());
  return conn->execute("CREATE DATABASE IF NOT EXISTS " + quote_identifier(database_of(ep)));
}
}  // namespace

LoadSpec tables_for(const std::vector<sysbench::Workload>& workloads, const std::string& engine,
                    int tables, std::int64_t table_size, const sysbench::RandSpec& distribution) {
  LoadSpec spec;
  spec.engine = engine;
  const bool any_new = std::any_of(workloads.begin(), workloads.end(), [](auto w) {
    return !sysbench::is_legacy(w) && !sysbench::is_tpcc(w) && w != sysbench::Workload::custom;
  });
  if (std::any_of(workloads.begin(), workloads.end(), sysbench::is_tpcc))
    spec.warehouses = static_cast<int>(table_size);
  spec.tables = any_new ? tables : 0;
  spec.legacy_table = std::any_of(workloads.begin(), workloads.end(), sysbench::is_legacy);
  spec.one_row_table = std::find(workloads.begin(), workloads.end(),
                                 sysbench::Workload::update_one) != workloads.end();
  spec.table_size = table_size;
  spec.distribution = distribution;
  return spec;
}

Expected<void> drop_tables(const client::Endpoint& ep, int tables) {
  auto conn = client::Connection::open(ep);
  if (!conn) return fail(conn.error());
  for (int t = 1; t <= tables; ++t)
    if (auto ok = conn->execute(drop_table_sql(t)); !ok) return ok;
  if (auto ok = tpcc::drop_population(*conn); !ok) return ok;
  if (auto ok = conn->execute(drop_one_row_table_sql()); !ok) return ok;
  return conn->execute(drop_legacy_table_sql());
}

std::vector<std::string> table_names(const LoadSpec& spec) {
  std::vector<std::string> names;
  for (int t = 1; t <= spec.tables; ++t) names.push_back(table_name(t));
  if (spec.legacy_table) names.emplace_back(kLegacyTable);
  if (spec.one_row_table) names.emplace_back(kOneRowTable);
  if (spec.warehouses > 0)
    for (auto& name : tpcc::population_table_names()) names.push_back(std::move(name));
  for (const auto& w : spec.custom)
    for (const auto& t : w->tables) names.push_back(t.name);
  return names;
}

Expected<void> load_tables(const LoadSpec& spec) {
  if (auto ok = create_database(spec.endpoint); !ok) return ok;
  if (spec.legacy_table)
    if (auto ok = load_legacy_table(spec); !ok) return ok;
  if (spec.one_row_table)
    if (auto ok = load_one_row_table(spec); !ok) return ok;
  if (spec.warehouses > 0)
    if (auto ok = tpcc::load_population(spec); !ok)
      return fail(ok.error().context("loading TPC-C"));
  std::atomic<int> next{1};
  std::mutex error_mutex;  // taken only on failure, never per row
  std::string first_error;
  auto worker = [&] {
    for (int t; (t = next.fetch_add(1)) <= spec.tables;) {
      Expected<void> ok;
      if (auto ran = catch_unexpected([&] { ok = load_one(spec, t); }); !ran)
        ok = fail(ran.error());
      if (!ok) {
        std::lock_guard lock(error_mutex);
        if (first_error.empty())
          first_error = "loading " + table_name(t) + ": " + ok.error().message;
        return;
      }
    }
  };
  {
    std::vector<std::jthread> workers;
    for (int i = 0; i < std::max(1, std::min(spec.parallel, spec.tables)); ++i)
      workers.emplace_back(worker);
  }
  if (!first_error.empty()) return fail(first_error);
  for (const auto& w : spec.custom)
    if (auto ok = custom::load_custom_tables(spec, *w); !ok) return ok;
  return {};
}

}  // namespace versus::load
