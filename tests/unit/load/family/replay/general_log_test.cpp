#include "load/family/replay/general_log.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

using versus::load::replay::GeneralLogReader;
using versus::load::replay::LoggedCommand;
using versus::load::replay::LoggedQuery;
using versus::load::replay::parse_general_entry;

namespace {
std::vector<LoggedQuery> read_general(const std::string& log) {
  std::istringstream in(log);
  GeneralLogReader reader(in, "general.log");
  std::vector<LoggedQuery> out;
  for (;;) {
    auto q = reader.next();
    INFO((q ? std::string() : q.error().message));
    REQUIRE(q.has_value());
    if (!*q) return out;
    out.push_back(**q);
  }
}
}  // namespace

TEST_CASE("general log: an entry line's parts, a continuation line is none",
          "[replay][general_log]") {
  auto e = parse_general_entry("261206 20:13:48\t      5 Query\tSELECT 1");
  REQUIRE(e);
  CHECK(e->time == "261206 20:13:48");
  CHECK(e->connection == 5);
  CHECK(e->command == "Query");
  CHECK(e->argument == "SELECT 1");
  e = parse_general_entry("\t\t      7 Init DB\tshop");
  REQUIRE(e);
  CHECK(e->time.empty());
  CHECK(e->command == "Init DB");
  e = parse_general_entry("2026-12-06T20:13:48.123456Z\t    8 Quit\t");
  REQUIRE(e);
  CHECK(e->command == "Quit");
  CHECK(e->argument.empty());
  CHECK_FALSE(parse_general_entry("FROM t\tWHERE 1"));
  CHECK_FALSE(parse_general_entry("\t\t      5 Select\tx"));  // not a command name
  CHECK_FALSE(parse_general_entry("  AND b = 2"));
}

TEST_CASE("general log: MariaDB's statements, databases per connection, multi-line ones",
          "[replay][general_log]") {
  const auto qs = read_general(
      "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-log (MariaDB Server). started with:\n"
      "Tcp port: 0  Unix socket: /tmp/x/mysqld.sock\n"
      "Time\t\t    Id Command\tArgument\n"
      "261206 20:13:48\t      5 Connect\troot@localhost on shop using Socket\n"
      "\t\t      5 Query\tSELECT id\n"
      "FROM items\n"
      "\n"
      "WHERE id = 1\n"
      "\t\t      6 Connect\troot@localhost as anonymous on  using TCP/IP\n"
      "261206 20:13:49\t      6 Init DB\tother\n"
      "\t\t      6 Prepare\tSELECT * FROM t WHERE a = ?\n"
      "\t\t      6 Execute\tSELECT * FROM t WHERE a = 42\n"
      "\t\t      5 Query\tUSE `other`\n"
      "\t\t      5 Query\tSELECT 2\n"
      "\t\t      5 Quit\t\n");
  REQUIRE(qs.size() == 5);
  CHECK(qs[0].text == "SELECT id\nFROM items\n\nWHERE id = 1");
  CHECK(qs[0].connection == 5);
  CHECK(qs[0].db == "shop");
  CHECK(qs[0].time == "261206 20:13:48");
  CHECK(qs[0].line == 5);
  CHECK(qs[1].command == LoggedCommand::prepare);
  CHECK(qs[1].db == "other");
  CHECK(qs[1].time == "261206 20:13:49");
  CHECK(qs[2].command == LoggedCommand::execute);
  CHECK(qs[2].text == "SELECT * FROM t WHERE a = 42");
  CHECK(qs[3].text == "USE `other`");
  CHECK(qs[3].db == "shop");
  CHECK(qs[4].db == "other");
  CHECK_FALSE(qs[4].unix_time);
}

TEST_CASE("general log: MySQL 9's ISO times on every line", "[replay][general_log]") {
  const auto qs = read_general(
      "/usr/sbin/mysqld, Version: 9.7.0 (MySQL Community Server - GPL). started with:\n"
      "Tcp port: 3306  Unix socket: /tmp/mysql.sock\n"
      "Time                 Id Command    Argument\n"
      "2026-12-06T20:13:48.000001Z\t    8 Connect\troot@localhost on test using Socket\n"
      "2026-12-06T20:13:48.000002Z\t    8 Query\tselect @@version_comment limit 1\n"
      "2026-12-06T20:13:48.000003Z\t    8 Query\tSELECT 'two\n"
      "lines'\n");
  REQUIRE(qs.size() == 2);
  CHECK(qs[0].db == "test");
  CHECK(qs[1].text == "SELECT 'two\nlines'");
  CHECK(qs[1].time == "2026-12-06T20:13:48.000003Z");
}

TEST_CASE("general log: a line that is no entry before any entry is an error",
          "[replay][general_log]") {
  std::istringstream in("Time\t\t    Id Command\tArgument\nSELECT 1\n");
  GeneralLogReader reader(in, "general.log");
  auto q = reader.next();
  REQUIRE_FALSE(q.has_value());
  CHECK(q.error().message ==
        "general.log:2: not a general log entry (TIME, ID COMMAND, ARGUMENT): SELECT 1");
}
