#include "load/schema.h"

namespace versus::load {

std::string table_name(int table) {
  return "sbtest" + std::to_string(table);
}

std::string create_table_sql(int table, std::string_view engine) {
  return "CREATE TABLE " + table_name(table) +
         " (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL, "
         "c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, "
         "PRIMARY KEY (id)) ENGINE = " +
         std::string(engine);
}

std::string create_index_sql(int table) {
  return "CREATE INDEX k_" + std::to_string(table) + " ON " + table_name(table) + "(k)";
}

std::string drop_table_sql(int table) {
  return "DROP TABLE IF EXISTS " + table_name(table);
}

}  // namespace versus::load
