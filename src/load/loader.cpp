#include "load/loader.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "client/connection.h"
#include "load/legacy_loader.h"
#include "load/schema.h"

namespace versus::load {

std::string build_insert(int table, int rows, std::uint32_t table_size, Random& rng) {
  std::string sql = "INSERT INTO " + table_name(table) + " (k, c, pad) VALUES ";
  sql.reserve(sql.size() + static_cast<std::size_t>(rows) * 210);
  char c[kCTemplate.size()], pad[kPadTemplate.size()];
  for (int i = 0; i < rows; ++i) {
    rng.fill_template(kCTemplate, c);
    rng.fill_template(kPadTemplate, pad);
    if (i) sql += ',';
    sql += '(';
    sql += std::to_string(rng.by_default(1, table_size));
    sql += ",'";
    sql.append(c, sizeof c);
    sql += "','";
    sql.append(pad, sizeof pad);
    sql += "')";
  }
  return sql;
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

Expected<void> load_one(const LoadSpec& spec, int table) {
  auto conn = client::Connection::open(spec.endpoint);
  if (!conn) return fail(conn.error());
  for (const auto& sql : {"USE " + quote_identifier(database_of(spec.endpoint)),
                          drop_table_sql(table), create_table_sql(table, spec.engine)})
    if (auto ok = conn->execute(sql); !ok) return fail(ok.error());
  Random rng(0x5eed0000ULL + static_cast<std::uint64_t>(table), spec.distribution);
  auto size = static_cast<std::uint32_t>(spec.table_size);
  for (std::int64_t done = 0; done < spec.table_size;) {
    int rows =
        static_cast<int>(std::min<std::int64_t>(spec.rows_per_insert, spec.table_size - done));
    if (auto ok = conn->execute(build_insert(table, rows, size, rng)); !ok) return fail(ok.error());
    done += rows;
  }
  if (auto ok = conn->execute(create_index_sql(table)); !ok) return fail(ok.error());
  return {};
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

Expected<void> load_tables(const LoadSpec& spec) {
  if (auto ok = create_database(spec.endpoint); !ok) return ok;
  if (spec.legacy_table)
    if (auto ok = load_legacy_table(spec); !ok) return ok;
  std::atomic<int> next{1};
  std::mutex error_mutex;  // taken only on failure, never per row
  std::string first_error;
  auto worker = [&] {
    for (int t; (t = next.fetch_add(1)) <= spec.tables;) {
      if (auto ok = load_one(spec, t); !ok) {
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
  return {};
}

}  // namespace versus::load
