#include "load/data/schema.h"

#include <catch2/catch.hpp>
#include <regex>
#include <string>

using namespace versus::load;

TEST_CASE("schema: table names are 1-based sbtestN", "[load][schema]") {
  CHECK(table_name(1) == "sbtest1");
  CHECK(table_name(12) == "sbtest12");
  CHECK(kDatabase == "sbtest");
}

TEST_CASE("schema: CREATE TABLE is sysbench 1.0's", "[load][schema]") {
  const auto sql = create_table_sql(1, "innodb");
  CHECK(sql ==
        "CREATE TABLE sbtest1 (id INTEGER NOT NULL AUTO_INCREMENT, "
        "k INTEGER DEFAULT '0' NOT NULL, c CHAR(120) DEFAULT '' NOT NULL, "
        "pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id)) ENGINE = innodb");
  CHECK_THAT(sql, Catch::Contains("id INTEGER NOT NULL AUTO_INCREMENT"));
  CHECK_THAT(sql, Catch::Contains("PRIMARY KEY (id)"));
  CHECK_THAT(sql, Catch::Contains("k INTEGER DEFAULT '0' NOT NULL"));
  CHECK_THAT(sql, Catch::Contains("c CHAR(120)"));
  CHECK_THAT(sql, Catch::Contains("pad CHAR(60)"));
  // No secondary index at creation: sysbench adds it after the load.
  CHECK_THAT(sql, !Catch::Contains("KEY k"));
}

TEST_CASE("schema: the engine and table number are substituted", "[load][schema]") {
  const auto sql = create_table_sql(7, "myisam");
  CHECK_THAT(sql, Catch::StartsWith("CREATE TABLE sbtest7 ("));
  CHECK_THAT(sql, Catch::EndsWith(") ENGINE = myisam"));
  CHECK_THAT(create_table_sql(2, "aria"), Catch::EndsWith("ENGINE = aria"));
}

TEST_CASE("schema: table_charset and table_collation name the tables' charset",
          "[load][schema][settings]") {
  CHECK_THAT(create_table_sql(1, "innodb", "latin1", "latin1_swedish_ci"),
             Catch::EndsWith(") ENGINE = innodb DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci"));
  CHECK_THAT(create_table_sql(1, "innodb", "utf8mb4", ""),
             Catch::EndsWith(") ENGINE = innodb DEFAULT CHARSET = utf8mb4"));
  CHECK_THAT(create_table_sql(1, "innodb", "", "utf8mb4_bin"),
             Catch::EndsWith(") ENGINE = innodb COLLATE = utf8mb4_bin"));
  CHECK(table_charset_clause("", "").empty());
}

TEST_CASE("schema: index and drop statements", "[load][schema]") {
  CHECK(create_index_sql(1) == "CREATE INDEX k_1 ON sbtest1(k)");
  CHECK(create_index_sql(16) == "CREATE INDEX k_16 ON sbtest16(k)");
  CHECK(drop_table_sql(3) == "DROP TABLE IF EXISTS sbtest3");
}

TEST_CASE("schema: value templates are sysbench's (119 and 59 characters)", "[load][schema]") {
  CHECK(kCTemplate.size() == 119);
  CHECK(kPadTemplate.size() == 59);
  CHECK(std::regex_match(std::string(kCTemplate), std::regex("#{11}(-#{11}){9}")));
  CHECK(std::regex_match(std::string(kPadTemplate), std::regex("#{11}(-#{11}){4}")));
}

TEST_CASE("schema: the legacy table is sysbench 0.4.12's sbtest", "[load][schema][legacy]") {
  using versus::load::create_legacy_table_sql;
  CHECK(create_legacy_table_sql("innodb") ==
        "CREATE TABLE sbtest (id INTEGER UNSIGNED NOT NULL AUTO_INCREMENT, "
        "k INTEGER UNSIGNED DEFAULT '0' NOT NULL, c CHAR(120) DEFAULT '' NOT NULL, "
        "pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), KEY k (k)) ENGINE = innodb");
  CHECK_THAT(create_legacy_table_sql("myisam"),
             Catch::EndsWith("ENGINE = MyISAM MAX_ROWS = 1000000"));
  CHECK_THAT(create_legacy_table_sql("myisam", 50'000'000),  // seed 004's --myisam-max-rows
             Catch::EndsWith("ENGINE = MyISAM MAX_ROWS = 50000000"));
  CHECK_THAT(create_legacy_table_sql("innodb", 50'000'000), !Catch::Contains("MAX_ROWS"));
  CHECK(versus::load::drop_legacy_table_sql() == "DROP TABLE IF EXISTS sbtest");
}

TEST_CASE("schema: legacy load rows are 0.4's constants", "[load][schema][legacy]") {
  const auto sql = versus::load::legacy_insert_sql(2);
  const std::string row = "(0,' ','qqqqqqqqqqwwwwwwwwwweeeeeeeeeerrrrrrrrrrtttttttttt')";
  CHECK(sql == "INSERT INTO sbtest (k, c, pad) VALUES " + row + "," + row);
}

TEST_CASE("schema: engines without transactions take LOCK TABLES", "[load][schema][legacy]") {
  using versus::load::engine_has_transactions;
  CHECK(engine_has_transactions("innodb"));
  CHECK(engine_has_transactions("rocksdb"));
  CHECK_FALSE(engine_has_transactions("myisam"));
  CHECK_FALSE(engine_has_transactions("aria"));
  CHECK_FALSE(engine_has_transactions("memory"));
}
