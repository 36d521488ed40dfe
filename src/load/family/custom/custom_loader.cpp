#include "load/family/custom/custom_loader.h"

#include <fmt/format.h>

#include <chrono>

#include "load/family/custom/csv_rows.h"
#include "load/family/custom/custom_rows.h"
#include "load/data/local_infile.h"
#include "util/sql_script.h"
#include "util/whole_file.h"

namespace versus::load::custom {
namespace {

// Rows of table `index` come from this seed and the index: fixed, so every instance of a plan
// holds the same rows.
constexpr std::uint64_t kRowSeed = 0xc0570111ULL;

std::string where(const sysbench::CustomWorkload& w, const sysbench::CustomTable& t) {
  return fmt::format("{}:{}: table '{}'", w.source, t.line, t.name);
}

// Sends `rows` with one LOAD DATA LOCAL, or multi-row INSERTs where the server refuses LOCAL.
template <class Rows>
Expected<void> send_rows(client::Connection& conn, const LoadSpec& spec,
                         const sysbench::CustomTable& table, Rows& rows) {
  auto outcome = load_lines(conn, quoted_name(table.name), rows.column_list(), rows);
  if (!outcome) return fail(outcome.error());
  const std::string head = "INSERT INTO " + quoted_name(table.name) + " (" + rows.column_list() +
                           ") VALUES ";
  while (*outcome == InfileOutcome::refused && !rows.done()) {
    std::string sql = head;
    append_tuples(sql, rows, spec.rows_per_insert, rows.max_line());
    if (auto ok = conn.execute(sql); !ok) return ok;
  }
  return {};
}

Expected<void> fill_from_csv(client::Connection& conn, const LoadSpec& spec,
                             const sysbench::CustomTable& table) {
  auto rows = CsvRows::open(table.data_file);
  if (!rows) return fail(rows.error());
  auto sent = send_rows(conn, spec, table, *rows);
  if (rows->error()) return fail(table.data_file.string() + ": " + *rows->error());
  return sent;
}

// Runs the statements of the table's SQL file in order; a failure names file:line.
Expected<void> fill_from_sql(client::Connection& conn, const sysbench::CustomTable& table) {
  auto text = read_whole_file(table.data_file);
  if (!text) return fail(text.error());
  bool unterminated = false;
  const auto statements = split_sql_script(*text, &unterminated);
  if (unterminated)
    return fail(table.data_file.string() + ": ends inside a quote or a /* comment");
  for (const SqlStatement& s : statements)
    if (auto ok = conn.execute(s.text); !ok)
      return fail(fmt::format("{}:{}: {}", table.data_file.string(), s.line, ok.error().message));
  return {};
}

Expected<void> fill(client::Connection& conn, const LoadSpec& spec,
                    const sysbench::CustomTable& table, std::uint64_t index) {
  switch (table.data) {
    case sysbench::TableData::csv:
      return fill_from_csv(conn, spec, table);
    case sysbench::TableData::sql:
      return fill_from_sql(conn, table);
    case sysbench::TableData::generated:
      break;
  }
  CustomRows rows(table, Random(kRowSeed + index, spec.distribution));
  return send_rows(conn, spec, table, rows);
}

}  // namespace

std::string quoted_name(const std::string& name) {
  std::string out = "`";
  for (char c : name) out += c == '`' ? std::string("``") : std::string(1, c);
  return out + "`";
}

Expected<void> drop_custom_tables(client::Connection& conn,
                                  const sysbench::CustomWorkload& workload) {
  // In reverse creation order: a table before the tables its foreign keys reference.
  for (auto t = workload.tables.rbegin(); t != workload.tables.rend(); ++t)
    if (auto ok = conn.execute("DROP TABLE IF EXISTS " + quoted_name(t->name)); !ok) return ok;
  return {};
}

Expected<void> load_custom_tables(const LoadSpec& spec, const sysbench::CustomWorkload& workload) {
  client::Endpoint ep = spec.endpoint;
  ep.database = database_of(spec.endpoint);
  // No connect timeout nor deadline (Connection::Role::bulk): either would put the socket in non-blocking mode (Connection::open).
  auto conn =
      client::Connection::open(ep, {.timeout = std::chrono::seconds(0), .deadline = std::chrono::seconds(0), .local_infile = true});
  if (!conn) return fail(conn.error());
  if (auto ok = skip_binlog(*conn); !ok) return ok;
  if (auto ok = drop_custom_tables(*conn, workload); !ok) return ok;
  std::uint64_t index = 0;
  for (const sysbench::CustomTable& t : workload.tables) {
    if (auto ok = conn->execute(t.create); !ok)
      return fail(where(workload, t) + ": CREATE failed: " + ok.error().message);
    if (auto ok = fill(*conn, spec, t, index++); !ok)
      return fail(where(workload, t) + ": loading its rows failed: " + ok.error().message);
  }
  return {};
}

}  // namespace versus::load::custom
