#include "load/family/replay/statement_rules.h"

#include <catch2/catch.hpp>

using versus::load::replay::first_word;
using versus::load::replay::mentions;
using versus::load::replay::reads_only;
using versus::load::replay::stateless;
using versus::load::replay::temporary_table;
using versus::load::replay::use_database;
using versus::load::replay::uses_user_variable;

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

TEST_CASE("statement rules: what a weighted replay may send alone", "[replay][statement_rules]") {
  for (const char* s :
       {"SELECT a FROM t WHERE id = 1", "  (SELECT 1)", "SHOW TABLES", "UPDATE t SET a = 1",
        "SELECT @@version", "SELECT @@session.sql_mode, 1", "SELECT 'me@example.com' FROM t",
        "SELECT `a@b` FROM t", "SELECT 1 /* @x */", "CREATE TABLE t (a INT)", "CALL p(1)"}) {
    INFO(s);
    CHECK(stateless(s));
  }
  for (const char* s : {"BEGIN",
                        "begin work",
                        "START TRANSACTION",
                        "COMMIT",
                        "ROLLBACK",
                        "ROLLBACK TO sp",
                        "SAVEPOINT sp",
                        "RELEASE SAVEPOINT sp",
                        "SET @a := 1",
                        "SET NAMES utf8mb4",
                        "SET SESSION sql_mode = ''",
                        "USE shop",
                        "use `shop`",
                        "CREATE TEMPORARY TABLE t (a INT)",
                        "drop temporary table t",
                        "SELECT a FROM t WHERE id = @c",
                        "SELECT a INTO @x FROM t",
                        "SELECT @@version, @v",
                        "SELECT 'x' = @'quoted'",
                        "LOCK TABLES t READ",
                        "UNLOCK TABLES",
                        "PREPARE s FROM 'SELECT 1'",
                        "EXECUTE s",
                        "DEALLOCATE PREPARE s",
                        "XA START 'x'",
                        "HANDLER t OPEN",
                        "",
                        "/*!40101 SET NAMES utf8 */"}) {
    INFO(s);
    CHECK_FALSE(stateless(s));
  }
  CHECK(uses_user_variable("SELECT 1 FROM t WHERE a = @x"));
  CHECK_FALSE(uses_user_variable("SELECT 'a''@x', \"@y\", `@z` -- @w\n FROM t # @v"));
  CHECK_FALSE(uses_user_variable("SELECT 'it\\'s @x' FROM t"));
}

TEST_CASE("statement rules: the table a CREATE TEMPORARY TABLE makes; a name mentioned",
          "[replay][statement_rules]") {
  CHECK(temporary_table("CREATE TEMPORARY TABLE big_orders AS SELECT 1") == "big_orders");
  CHECK(temporary_table("create temporary table if not exists `Tmp` (a INT)") == "tmp");
  CHECK(temporary_table("CREATE TEMPORARY TABLE shop.t1(a INT)") == "t1");
  CHECK(temporary_table("CREATE TEMPORARY TABLE `shop`.`t 2` (a INT)") == "t 2");
  CHECK(temporary_table("CREATE TABLE t (a INT)").empty());
  CHECK(temporary_table("SELECT 1").empty());
  CHECK(mentions("SELECT COUNT(*) FROM Big_Orders", "big_orders"));
  CHECK(mentions("SELECT * FROM shop.`big_orders` b", "big_orders"));
  CHECK_FALSE(mentions("SELECT * FROM big_orders_2", "big_orders"));
  CHECK_FALSE(mentions("SELECT * FROM my_big_orders", "big_orders"));
  CHECK_FALSE(mentions("SELECT 1", ""));
}
