#include "load/family/replay/slow_log.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

using versus::load::replay::LoggedCommand;
using versus::load::replay::LoggedQuery;
using versus::load::replay::SlowLogReader;

namespace {
std::vector<LoggedQuery> read_all(const std::string& log) {
  std::istringstream in(log);
  SlowLogReader reader(in, "slow.log");
  std::vector<LoggedQuery> out;
  for (;;) {
    auto q = reader.next();
    INFO((q ? std::string() : q.error().message));
    REQUIRE(q.has_value());
    if (!*q) return out;
    out.push_back(**q);
  }
}

// A MariaDB 10.11 slow log's head and entries (long_query_time=0).
const char* kMariaDbSlowLog =
    "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-log (MariaDB Server). started with:\n"
    "Tcp port: 0  Unix socket: /tmp/x/mysqld.sock\n"
    "Time\t\t    Id Command\tArgument\n"
    "# Time: 261206 20:13:48\n"
    "# User@Host: root[root] @ localhost []\n"
    "# Thread_id: 5  Schema: shop  QC_hit: No\n"
    "# Query_time: 0.000123  Lock_time: 0.000045  Rows_sent: 2  Rows_examined: 10\n"
    "# Rows_affected: 0  Bytes_sent: 56\n"
    "use shop;\n"
    "SET timestamp=1796588028;\n"
    "SELECT id,\n"
    "       name -- the name;\n"
    "FROM items\n"
    "WHERE id IN (1, 2);\n"
    "# User@Host: root[root] @ localhost []\n"
    "# Thread_id: 6  Schema:   QC_hit: No\n"
    "# Query_time: 1.5  Lock_time: 0.000000  Rows_sent: 0  Rows_examined: 0\n"
    "SET timestamp=1796588029;\n"
    "SELECT 'a\n"
    "# not a header;' AS x;\n"
    "# Time: 261206 20:13:49\n"
    "# Thread_id: 6  Schema: \n"
    "SELECT 'b;\n"
    "# no field here';\n";
}  // namespace

TEST_CASE("slow log: MariaDB entries with their header fields and multi-line statements",
          "[replay][slow_log]") {
  const auto qs = read_all(kMariaDbSlowLog);
  REQUIRE(qs.size() >= 2);
  CHECK(qs[0].text == "SELECT id,\n       name -- the name;\nFROM items\nWHERE id IN (1, 2)");
  CHECK(qs[0].connection == 5);
  CHECK(qs[0].db == "shop");
  CHECK(qs[0].time == "261206 20:13:48");
  CHECK(qs[0].unix_time == 1796588028);
  CHECK(qs[0].query_time == Approx(0.000123));
  CHECK(qs[0].rows_sent == 2);
  CHECK(qs[0].rows_examined == 10);
  CHECK(qs[0].line == 11);
  CHECK(qs[0].command == LoggedCommand::query);
  // An empty Schema: is no database; a '#' line inside the statement's string does not end it
  // when the line before does not end with ';', and does when it does (pt-query-digest's rule).
  CHECK(qs[1].text == "SELECT 'a\n# not a header;' AS x");
  CHECK(qs[1].connection == 6);
  CHECK(qs[1].db == "");
  CHECK(qs[1].query_time == Approx(1.5));
  CHECK(qs[1].time.empty());
  REQUIRE(qs.size() == 3);
  CHECK(qs[2].text == "SELECT 'b");
  CHECK(qs[2].connection == 6);
}

TEST_CASE("slow log: MySQL's Id: and `use` lines, the database carried to later entries",
          "[replay][slow_log]") {
  const auto qs = read_all(
      "/usr/sbin/mysqld, Version: 9.7.0 (MySQL Community Server - GPL). started with:\n"
      "Tcp port: 3306  Unix socket: /tmp/mysql.sock\n"
      "Time                 Id Command    Argument\n"
      "# Time: 2026-12-06T20:13:48.123456Z\n"
      "# User@Host: root[root] @ localhost []  Id:     8\n"
      "# Query_time: 0.000200  Lock_time: 0.000001 Rows_sent: 1  Rows_examined: 1\n"
      "use `my db`;\n"
      "SET timestamp=1796588028;\n"
      "SELECT 1;\n"
      "# Time: 2026-12-06T20:13:49.000001Z\n"
      "# User@Host: root[root] @ localhost []  Id:     8\n"
      "# Query_time: 0.000100  Lock_time: 0.000001 Rows_sent: 1  Rows_examined: 1\n"
      "SET timestamp=1796588029;\n"
      "SELECT 2;\n"
      "# administrator command: Quit;\n");
  REQUIRE(qs.size() == 3);
  CHECK(qs[0].connection == 8);
  CHECK(qs[0].db == "my db");
  CHECK(qs[0].time == "2026-12-06T20:13:48.123456Z");
  CHECK(qs[1].text == "SELECT 2");
  CHECK(qs[1].db == "my db");
  CHECK(qs[1].unix_time == 1796588029);
  CHECK(qs[2].command == LoggedCommand::admin);
  CHECK(qs[2].text == "administrator command: Quit");
}

TEST_CASE("slow log: a header field that is not a number is an error naming file and line",
          "[replay][slow_log]") {
  std::istringstream in("# Time: 261206 20:13:48\n# Query_time: fast  Lock_time: 0\nSELECT 1;\n");
  SlowLogReader reader(in, "slow.log");
  auto q = reader.next();
  REQUIRE_FALSE(q.has_value());
  CHECK(q.error().message == "slow.log:2: Query_time \"fast\" is not a number");
}

TEST_CASE("slow log: an empty log and a log of headers only have no statements",
          "[replay][slow_log]") {
  CHECK(read_all("").empty());
  CHECK(read_all("/usr/sbin/mariadbd, Version: 11.8.3-MariaDB-log (MariaDB Server). started "
                 "with:\nTcp port: 0  Unix socket: s\nTime\t\t    Id Command\tArgument\n")
            .empty());
}
