#include "load/family/replay/statement_rules.h"

#include <catch2/catch.hpp>

using versus::load::replay::first_word;
using versus::load::replay::reads_only;
using versus::load::replay::use_database;

TEST_CASE("statement rules: reads and writes by the first word", "[replay][statement_rules]") {
  for (const char* s :
       {"SELECT 1", "  select * from t", "(SELECT 1) UNION (SELECT 2)", "/* app */ SELECT 1",
        "-- note\nSELECT 1", "show tables", "EXPLAIN SELECT 1", "desc t", "USE shop",
        "SET @a := 1", "set session sql_mode = ''", "BEGIN", "START TRANSACTION", "COMMIT",
        "ROLLBACK", "SAVEPOINT a", "RELEASE SAVEPOINT a", "DO SLEEP(0)",
        "CREATE TEMPORARY TABLE tmp (a INT)", "DROP TEMPORARY TABLE tmp",
        "WITH c AS (SELECT 1) SELECT * FROM c", "SELECT * FROM t FOR UPDATE"}) {
    INFO(s);
    CHECK(reads_only(s));
  }
  for (const char* s :
       {"INSERT INTO t VALUES (1)", "update t set a = 1", "DELETE FROM t", "REPLACE INTO t SET a=1",
        "CREATE TABLE t (a INT)", "DROP TABLE t", "ALTER TABLE t ADD b INT", "TRUNCATE t",
        "LOAD DATA INFILE 'x' INTO TABLE t", "CALL p()", "SELECT * FROM t INTO OUTFILE '/tmp/x'",
        "/* SELECT */ UPDATE t SET a = 1", "GRANT ALL ON *.* TO x", "FLUSH TABLES", "",
        "RELEASE_LOCK('x')"}) {
    INFO(s);
    CHECK_FALSE(reads_only(s));
  }
  CHECK(first_word("/* c */ (  update t") == "UPDATE");
  CHECK(first_word("/*!40101 SET x=1 */") == "");  // a /*! comment is code, not a word
}

TEST_CASE("statement rules: the database a USE names", "[replay][statement_rules]") {
  CHECK(use_database("USE shop") == "shop");
  CHECK(use_database("use `my db`;") == "my db");
  CHECK(use_database("  USE\tshop  ") == "shop");
  CHECK(use_database("USER()") == "");
  CHECK(use_database("SELECT 1") == "");
}
