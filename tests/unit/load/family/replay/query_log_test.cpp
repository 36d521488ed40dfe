#include "load/family/replay/query_log.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>

using versus::load::replay::detect_format;
using versus::load::replay::format_name;
using versus::load::replay::LogFormat;
using versus::load::replay::open_query_log;

TEST_CASE("query log: the format is told from the log's first lines", "[replay][query_log]") {
  const std::string banner =
      "/usr/sbin/mariadbd, Version: 11.8.3-MariaDB-log (MariaDB Server). started with:\n"
      "Tcp port: 0  Unix socket: /tmp/s.sock\nTime\t\t    Id Command\tArgument\n";
  CHECK(detect_format(banner + "# Time: 261206 20:13:48\n# User@Host: a[a] @ h []\n") ==
        LogFormat::slow);
  CHECK(detect_format("# User@Host: root[root] @ localhost []  Id:     8\n") == LogFormat::slow);
  CHECK(detect_format(banner + "261206 20:13:48\t      5 Connect\troot@localhost on  using "
                               "Socket\n") == LogFormat::general);
  CHECK(detect_format("2026-12-06T20:13:48.1Z\t    8 Query\tSELECT 1\n") == LogFormat::general);
  CHECK(detect_format("\nSELECT 1;\n# Time: 1\n") == LogFormat::statements);
  CHECK(detect_format("-- a file of statements\nSELECT 1;\n") == LogFormat::statements);
  CHECK(detect_format(banner) == LogFormat::statements);
  CHECK(format_name(LogFormat::general) == "general log");
}

TEST_CASE("query log: open_query_log reads each format with its reader", "[replay][query_log]") {
  std::istringstream slow("# Time: 261206 20:13:48\n# Thread_id: 3  Schema: d\nSELECT 1;\n");
  auto reader = open_query_log(slow, "slow.log", LogFormat::slow);
  auto q = reader->next();
  REQUIRE(q.has_value());
  REQUIRE(*q);
  CHECK((*q)->connection == 3);
  std::istringstream general("2026-12-06T20:13:48.1Z\t    8 Query\tSELECT 1\n");
  reader = open_query_log(general, "general.log", LogFormat::general);
  q = reader->next();
  REQUIRE(q.has_value());
  REQUIRE(*q);
  CHECK((*q)->connection == 8);
  std::istringstream plain("SELECT 1;\n");
  reader = open_query_log(plain, "q.sql", LogFormat::statements);
  q = reader->next();
  REQUIRE(q.has_value());
  REQUIRE(*q);
  CHECK((*q)->text == "SELECT 1");
  CHECK((*q)->connection == 0);
}
