#include "load/family/replay/class_explain.h"

#include <catch2/catch.hpp>
#include <sstream>

using namespace versus::load::replay;

namespace {

ReplayScript script_of_log(const std::string& log) {
  std::istringstream in(log);
  auto reader = open_query_log(in, "app.log", LogFormat::general);
  auto script = read_script(*reader, {"app.log", false, 1, 0});
  REQUIRE(script);
  return *script;
}

// Connection 5 in shop, connection 6 in shop then (USE) other; a statement file's classes are
// in "" (the instance's database).
constexpr const char* kLog =
    "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-log (MariaDB Server). started with:\n"
    "Tcp port: 0  Unix socket: /tmp/x/mysqld.sock\n"
    "Time\t\t    Id Command\tArgument\n"
    "261206 20:13:48\t      5 Connect\tapp@localhost on shop using Socket\n"
    "\t\t      5 Query\tSELECT name FROM customers WHERE id = 1\n"
    "\t\t      6 Connect\tapp@localhost on shop using Socket\n"
    "\t\t      6 Query\tSET @c := 2\n"
    "\t\t      5 Query\tBEGIN\n"
    "\t\t      6 Query\tSELECT name FROM customers WHERE id = 2\n"
    "\t\t      5 Query\tSELECT total FROM orders WHERE id = 7 FOR UPDATE\n"
    "\t\t      5 Query\tCOMMIT\n"
    "\t\t      6 Query\tSHOW TABLES\n"
    "\t\t      6 Query\tuse other\n"
    "\t\t      6 Query\tWITH x AS (SELECT 1 AS a) SELECT a FROM x\n";

}  // namespace

TEST_CASE("explainable: SELECT and WITH that only read", "[replay][class_explain]") {
  CHECK(explainable("SELECT 1"));
  CHECK(explainable("  /* c */ (select a from t)"));
  CHECK(explainable("WITH x AS (SELECT 1) SELECT * FROM x"));
  CHECK_FALSE(explainable("SHOW TABLES"));
  CHECK_FALSE(explainable("SET @a = 1"));
  CHECK_FALSE(explainable("USE shop"));
  CHECK_FALSE(explainable("BEGIN"));
  CHECK_FALSE(explainable("SELECT * FROM t INTO OUTFILE '/tmp/x'"));
  CHECK_FALSE(explainable("UPDATE t SET a = 1"));
}

TEST_CASE("class_explain_templates: each read class's first execution in its database",
          "[replay][class_explain]") {
  const ReplayScript script = script_of_log(kLog);
  const auto templates = class_explain_templates(script, "replay-app");
  REQUIRE(templates.size() == 3);
  CHECK(templates[0].statements == "replay-app");
  CHECK(templates[0].statement_class == "select name from customers where id = ?");
  CHECK(templates[0].sql == "SELECT name FROM customers WHERE id = 1");  // the first, literals kept
  CHECK(templates[0].database == "shop");
  CHECK(templates[1].statement_class == "select total from orders where id = ? for update");
  CHECK(templates[1].database == "shop");
  CHECK(templates[2].sql == "WITH x AS (SELECT 1 AS a) SELECT a FROM x");
  CHECK(templates[2].database == "other");  // after the connection's USE
  for (const auto& t : templates) {
    CHECK(t.statement_class != "begin");
    CHECK(t.statement_class != "show tables");
  }
}

TEST_CASE("class_explain_templates: a file of statements runs in the instance's database",
          "[replay][class_explain]") {
  std::istringstream in(
      "SELECT a FROM t WHERE b = 1;\nSET @x = 1;\nSELECT a FROM t WHERE b = 2;\n");
  auto reader = open_query_log(in, "q.sql", LogFormat::statements);
  auto script = read_script(*reader, {"q.sql", false, 1, 0});
  REQUIRE(script);
  const auto templates = class_explain_templates(*script, "replay-q");
  REQUIRE(templates.size() == 1);
  CHECK(templates[0].sql == "SELECT a FROM t WHERE b = 1");
  CHECK(templates[0].database.empty());
}
