#include "load/family/replay/log_lines.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>

using versus::load::replay::is_log_banner;
using versus::load::replay::LogLines;
using versus::load::replay::starts_with_nocase;

TEST_CASE("log lines: one line ahead, numbered, the last without a newline too",
          "[replay][log_lines]") {
  std::istringstream in("first\r\n\nthird");
  LogLines lines(in, "x.log");
  REQUIRE(lines.peek());
  CHECK(*lines.peek() == "first\r");
  CHECK(lines.number() == 0);
  std::string line;
  REQUIRE(lines.next(line).value());
  CHECK(line == "first\r");
  CHECK(lines.number() == 1);
  REQUIRE(lines.next(line).value());
  CHECK(line.empty());
  REQUIRE(lines.next(line).value());
  CHECK(line == "third");
  CHECK(lines.where("odd") == "x.log:3: odd");
  CHECK_FALSE(lines.peek());
  CHECK_FALSE(lines.next(line).value());
  CHECK(lines.number() == 3);
}

TEST_CASE("log lines: the servers' banners, and what only looks like one", "[replay][log_lines]") {
  CHECK(is_log_banner(
      "/usr/sbin/mariadbd, Version: 11.8.3-MariaDB-log (MariaDB Server). started with:"));
  CHECK(
      is_log_banner("/opt/mysql/bin/mysqld, Version: 9.7.0 (MySQL Community Server - GPL). "
                    "started with:"));
  CHECK(is_log_banner("Tcp port: 3306  Unix socket: /tmp/mysql.sock"));
  CHECK(is_log_banner("Time\t\t    Id Command\tArgument"));
  CHECK(is_log_banner("Time                 Id Command    Argument"));
  CHECK_FALSE(is_log_banner("SELECT 'Version: 1, started with:'"));
  CHECK_FALSE(is_log_banner("Time to go"));
  CHECK(starts_with_nocase("SeLeCt 1", "select"));
  CHECK_FALSE(starts_with_nocase("sel", "select"));
}
