#include "load/family/oltp/one_row_table.h"

#include <vector>

#include "client/connection.h"
#include "load/data/row_source.h"
#include "load/data/schema.h"

namespace versus::load {

std::string create_one_row_table_sql(std::string_view engine, std::string_view charset,
                                     std::string_view collation) {
  const std::string name(kOneRowTable);
  return "CREATE TABLE " + name +
         " (id INTEGER NOT NULL, k INTEGER DEFAULT '0' NOT NULL, "
         "c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, "
         "PRIMARY KEY (id), KEY k_one (k)) ENGINE = " +
         std::string(engine) + table_charset_clause(charset, collation);
}

std::string drop_one_row_table_sql() {
  return "DROP TABLE IF EXISTS " + std::string(kOneRowTable);
}

std::string one_row_insert_sql() {
  // k is drawn in [1, 1]: the row of a one-row sysbench table.
  RowSource rows(Random(0x5eed0001ULL), kOneRowId, kOneRowId, 1);
  std::vector<char> tuple(RowSource::kMaxRowText);
  const std::size_t n = rows.write_tuple(tuple.data());
  return "INSERT INTO " + std::string(kOneRowTable) + " (id, k, c, pad) VALUES " +
         std::string(tuple.data(), n);
}

Expected<void> load_one_row_table(const LoadSpec& spec) {
  client::Endpoint ep = spec.endpoint;
  ep.database = database_of(spec.endpoint);
  auto conn = client::Connection::open(ep);
  if (!conn) return fail(conn.error());
  if (auto ok = skip_binlog(*conn); !ok) return ok;
  for (const auto& sql :
       {drop_one_row_table_sql(),
        create_one_row_table_sql(spec.engine, spec.charset, spec.collation), one_row_insert_sql()})
    if (auto ok = conn->execute(sql); !ok)
      return fail(ok.error().context("loading " + std::string(kOneRowTable)));
  return {};
}

}  // namespace versus::load
