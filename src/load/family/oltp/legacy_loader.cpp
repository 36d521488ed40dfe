#include "load/family/oltp/legacy_loader.h"

#include <algorithm>

#include "client/connection.h"
#include "load/data/schema.h"

namespace versus::load {
namespace {
constexpr std::int64_t kRowsPerInsert = 10000;  // sb_oltp.c INSERT_ROWS
}  // namespace

Expected<void> load_legacy_table(const LoadSpec& spec) {
  client::Endpoint ep = spec.endpoint;
  ep.database = database_of(spec.endpoint);
  auto conn = client::Connection::open(ep);
  if (!conn) return fail(conn.error());
  for (const auto& sql :
       {drop_legacy_table_sql(), create_legacy_table_sql(spec.engine, spec.myisam_max_rows) +
                                          table_charset_clause(spec.charset, spec.collation)})
    if (auto ok = conn->execute(sql); !ok) return fail(ok.error().context("loading sbtest"));
  for (std::int64_t done = 0; done < spec.table_size;) {
    const auto rows = std::min(kRowsPerInsert, spec.table_size - done);
    if (auto ok = conn->execute(legacy_insert_sql(static_cast<int>(rows))); !ok)
      return fail(ok.error().context("loading sbtest"));
    done += rows;
  }
  return {};
}

}  // namespace versus::load
