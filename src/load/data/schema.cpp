#include "load/data/schema.h"

namespace versus::load {

std::string table_name(int table) {
  return "sbtest" + std::to_string(table);
}

std::string table_charset_clause(std::string_view charset, std::string_view collation) {
  std::string out;
  if (!charset.empty()) out += " DEFAULT CHARSET = " + std::string(charset);
  if (!collation.empty()) out += " COLLATE = " + std::string(collation);
  return out;
}

std::string create_table_sql(int table, std::string_view engine, std::string_view charset,
                             std::string_view collation) {
  return "CREATE TABLE " + table_name(table) +
         " (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL, "
         "c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, "
         "PRIMARY KEY (id)) ENGINE = " +
         std::string(engine) + table_charset_clause(charset, collation);
}

std::string create_index_sql(int table) {
  return "CREATE INDEX k_" + std::to_string(table) + " ON " + table_name(table) + "(k)";
}

std::string drop_table_sql(int table) {
  return "DROP TABLE IF EXISTS " + table_name(table);
}

std::string create_legacy_table_sql(std::string_view engine, std::int64_t myisam_max_rows) {
  const std::string options = engine == "myisam"
                                  ? "ENGINE = MyISAM MAX_ROWS = " + std::to_string(myisam_max_rows)
                                  : "ENGINE = " + std::string(engine);
  return "CREATE TABLE " + std::string(kLegacyTable) +
         " (id INTEGER UNSIGNED NOT NULL AUTO_INCREMENT, "
         "k INTEGER UNSIGNED DEFAULT '0' NOT NULL, c CHAR(120) DEFAULT '' NOT NULL, "
         "pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), KEY k (k)) " +
         options;
}

std::string drop_legacy_table_sql() {
  return "DROP TABLE IF EXISTS " + std::string(kLegacyTable);
}

std::string legacy_insert_sql(int rows) {
  constexpr std::string_view kRow = "(0,' ','qqqqqqqqqqwwwwwwwwwweeeeeeeeeerrrrrrrrrrtttttttttt')";
  std::string sql = "INSERT INTO " + std::string(kLegacyTable) + " (k, c, pad) VALUES ";
  sql.reserve(sql.size() + static_cast<std::size_t>(rows) * (kRow.size() + 1));
  for (int i = 0; i < rows; ++i) {
    if (i) sql += ',';
    sql += kRow;
  }
  return sql;
}

bool engine_has_transactions(std::string_view engine) {
  return engine != "myisam" && engine != "memory" && engine != "aria";  // 0.4: heap, maria
}

}  // namespace versus::load
