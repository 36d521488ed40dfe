// Statistics made current after every load: the statement, its result check, and which
// releases need information_schema's size cache turned off (MySQL 8.0 manual,
// information_schema_stats_expiry: "added in 8.0.3"; MariaDB has no such variable).
#include "host/table_statistics.h"

#include <catch2/catch.hpp>

#include "support/version_info.h"

namespace {
using versus::server::Flavour;

constexpr auto stats_release = versus::testing::version_info;
}  // namespace

TEST_CASE("ANALYZE TABLE names every loaded table in one statement", "[table_statistics]") {
  CHECK(versus::host::analyze_statement("sbtest", {"sbtest1", "sbtest2", "sbtest"}) ==
        "ANALYZE TABLE `sbtest`.`sbtest1`, `sbtest`.`sbtest2`, `sbtest`.`sbtest`");
}

TEST_CASE("an ANALYZE TABLE row of type error fails, naming the table", "[table_statistics]") {
  using Row = versus::client::Row;
  std::vector<Row> ok{{"sbtest.sbtest1", "analyze", "status", "OK"},
                      {"sbtest.sbtest1", "analyze", "note", "Engine-independent statistics"}};
  CHECK(versus::host::check_analyze_rows(ok));
  auto rows = ok;
  rows.push_back({"sbtest.sbtest9", "analyze", "Error", "Table 'sbtest.sbtest9' doesn't exist"});
  auto r = versus::host::check_analyze_rows(rows);
  REQUIRE_FALSE(r);
  CHECK(r.error().message.find("sbtest.sbtest9") != std::string::npos);
}

TEST_CASE("the size cache is turned off on MySQL and Percona 8.0 and later only",
          "[table_statistics]") {
  using versus::host::stats_expiry_statement;
  CHECK(stats_expiry_statement(stats_release(Flavour::mysql, 9, 7, 4)) ==
        "SET SESSION information_schema_stats_expiry = 0");
  CHECK(!stats_expiry_statement(stats_release(Flavour::percona, 8, 0, 36)).empty());
  CHECK(stats_expiry_statement(stats_release(Flavour::mysql, 5, 7, 44)).empty());
  CHECK(stats_expiry_statement(stats_release(Flavour::mariadb, 11, 8, 9)).empty());
  CHECK(stats_expiry_statement(stats_release(Flavour::mariadb, 10, 11, 19)).empty());
}
