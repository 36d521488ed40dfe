#include "util/sql_script.h"

#include <catch2/catch.hpp>

using versus::split_sql_script;

namespace {
// Each statement as "line: text".
std::vector<std::string> split(const std::string& script, bool* unterminated = nullptr) {
  std::vector<std::string> out;
  for (const auto& s : split_sql_script(script, unterminated))
    out.push_back(std::to_string(s.line) + ": " + s.text);
  return out;
}
using V = std::vector<std::string>;
}  // namespace

TEST_CASE("sql script: statements end at a ';' outside quotes and comments", "[util][sql_script]") {
  CHECK(split("INSERT INTO t VALUES (1);\nINSERT INTO t VALUES (2);\n") ==
        V{"1: INSERT INTO t VALUES (1)", "2: \nINSERT INTO t VALUES (2)"});
  CHECK(split("SELECT 'a;b', \"c;d\", `e;f`;SELECT 2") ==
        V{"1: SELECT 'a;b', \"c;d\", `e;f`", "1: SELECT 2"});
  CHECK(split("SELECT 'it''s;', 'x\\';y';") == V{"1: SELECT 'it''s;', 'x\\';y'"});
  CHECK(split("SELECT 1 -- not; the end\n;") == V{"1: SELECT 1 -- not; the end\n"});
  CHECK(split("SELECT 1 # not; the end\n;") == V{"1: SELECT 1 # not; the end\n"});
  CHECK(split("SELECT 1 /* not; \n the end */;") == V{"1: SELECT 1 /* not; \n the end */"});
  CHECK(split("SELECT 5--1;") == V{"1: SELECT 5--1"});  // "--" without a space: minus minus
}

TEST_CASE("sql script: mysqldump's conditional comments are statements, blank ones are not",
          "[util][sql_script]") {
  const std::string dump =
      "-- MySQL dump\n"
      "/*!40101 SET NAMES utf8mb4 */;\n"
      "\n"
      "/* just a comment */;\n"
      "LOCK TABLES `t` WRITE;\n"
      "INSERT INTO `t` VALUES (1,'a;b'),(2,'c');\n"
      ";;\n";
  CHECK(split(dump) == V{"2: -- MySQL dump\n/*!40101 SET NAMES utf8mb4 */",
                         "5: \nLOCK TABLES `t` WRITE",
                         "6: \nINSERT INTO `t` VALUES (1,'a;b'),(2,'c')"});
}

TEST_CASE("sql script: a script that ends inside a quote or a comment says so",
          "[util][sql_script]") {
  bool unterminated = false;
  CHECK(split("SELECT 1;\nSELECT 'open", &unterminated) == V{"1: SELECT 1", "2: \nSELECT 'open"});
  CHECK(unterminated);
  split("SELECT 1 /* open", &unterminated);
  CHECK(unterminated);
  split("SELECT 1 -- a comment at the end", &unterminated);
  CHECK_FALSE(unterminated);
}

TEST_CASE("sql script: ends_statement is true only after a terminating ';'", "[util][sql_script]") {
  using versus::ends_statement;
  CHECK(ends_statement("SELECT 1;\n"));
  CHECK(ends_statement("SELECT 1; SELECT 2;  \n"));
  CHECK(ends_statement("SELECT 'a;\nb';"));
  CHECK_FALSE(ends_statement("SELECT 'a;\n"));
  CHECK_FALSE(ends_statement("SELECT 1 -- done;\n"));
  CHECK_FALSE(ends_statement("SELECT 1 /* ; */"));
  CHECK_FALSE(ends_statement("SELECT 1; SELECT 2"));
  CHECK_FALSE(ends_statement(""));
}

TEST_CASE("sql script: DELIMITER lines change what ends a statement, as the mysql client's",
          "[util][sql_script]") {
  // mysqldump --routines --triggers writes these, a ';' inside each body.
  const std::string dump =
      "CREATE TABLE t (a INT);\n"
      "DELIMITER ;;\n"
      "/*!50003 CREATE*/ /*!50003 TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN\n"
      "  SET NEW.a = NEW.a + 1;\n"
      "END */;;\n"
      "CREATE PROCEDURE p()\n"
      "BEGIN\n"
      "  SELECT ';;' AS a;\n"
      "  SELECT 2;\n"
      "END ;;\n"
      "delimiter ;\n"
      "INSERT INTO t VALUES (1);\n";
  CHECK(split(dump) ==
        V{"1: CREATE TABLE t (a INT)",
          "3: /*!50003 CREATE*/ /*!50003 TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN\n"
          "  SET NEW.a = NEW.a + 1;\nEND */",
          "6: \nCREATE PROCEDURE p()\nBEGIN\n  SELECT ';;' AS a;\n  SELECT 2;\nEND ",
          "12: INSERT INTO t VALUES (1)"});
}

TEST_CASE("sql script: DELIMITER counts only at a line's start, outside quotes and comments",
          "[util][sql_script]") {
  CHECK(split("  DeLiMiTeR $$\nSELECT 1; SELECT 2$$\nDELIMITER ;\nSELECT 3;") ==
        V{"2: SELECT 1; SELECT 2", "4: SELECT 3"});
  // Inside a quote, a comment, or not at a line's start: text of the statement.
  CHECK(split("SELECT 'a\nDELIMITER //\n';\nSELECT 1;") ==
        V{"1: SELECT 'a\nDELIMITER //\n'", "4: \nSELECT 1"});
  CHECK(split("/*\nDELIMITER //\n*/ SELECT 1;") == V{"3: /*\nDELIMITER //\n*/ SELECT 1"});
  CHECK(split("SELECT 1 DELIMITER //;") == V{"1: SELECT 1 DELIMITER //"});
  // A word that only starts like it, or no delimiter after it: not the command.
  CHECK(split("delimiters ;;\n;") == V{"1: delimiters "});
  CHECK(split("DELIMITER\n;") == V{"1: DELIMITER\n"});
  // A DELIMITER line ends the statement in progress; the line itself is never sent.
  CHECK(split("SELECT 1\nDELIMITER //\nSELECT 2//\r\nDELIMITER ;\r\n") ==
        V{"1: SELECT 1\n", "3: SELECT 2"});
}

TEST_CASE("sql script: ends_statement follows the delimiter", "[util][sql_script]") {
  using versus::ends_statement;
  CHECK_FALSE(ends_statement("DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1;\n"));
  CHECK(ends_statement("DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1; END;;\n"));
}
