#include "host/table_statistics.h"

namespace versus::host {

std::string analyze_statement(const std::string& database, const std::vector<std::string>& tables) {
  std::string sql = "ANALYZE TABLE ";
  for (std::size_t i = 0; i < tables.size(); ++i)
    sql += (i ? ", `" : "`") + database + "`.`" + tables[i] + "`";
  return sql;
}

Expected<void> check_analyze_rows(const std::vector<client::Row>& rows) {
  for (const auto& row : rows)
    if (row.size() >= 4 && (row[2] == "error" || row[2] == "Error"))
      return fail("ANALYZE TABLE " + row[0] + ": " + row[3]);
  return {};
}

std::string stats_expiry_statement(const server::VersionInfo& release) {
  const bool mysql_like = release.flavour != server::Flavour::mariadb;
  if (!mysql_like || release.version < server::Version{8, 0, 3})
    return "";  // the variable came in 8.0.3
  return "SET SESSION information_schema_stats_expiry = 0";
}

Expected<void> refresh_statistics(client::Connection& admin, const server::VersionInfo& release,
                                  const std::string& database,
                                  const std::vector<std::string>& tables) {
  if (tables.empty()) return {};
  auto rows = admin.query(analyze_statement(database, tables));
  if (!rows) return fail(rows.error().context("ANALYZE TABLE after the load"));
  if (auto ok = check_analyze_rows(*rows); !ok) return ok;
  if (auto sql = stats_expiry_statement(release); !sql.empty())
    if (auto set = admin.query(sql); !set) return fail(set.error().context(sql));
  return {};
}

}  // namespace versus::host
