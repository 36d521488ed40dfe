// equalize's my.cnf lines per flavour and version, and the tables' charset facts
// (server/equalize.h), against the releases' manuals.
#include "server/equalize.h"

#include <catch2/catch.hpp>

#include "config/options/option_table.h"
#include "server/my_cnf.h"
#include "support/version_info.h"

namespace {
using versus::server::equalize_lines;
using versus::server::Flavour;
using versus::server::table_charset_absence;
using EqLines = std::vector<std::string>;

constexpr auto eq_release = versus::testing::version_info;

EqLines eq_lines(Flavour f, int major, int minor, int patch, std::string_view group) {
  auto out = equalize_lines(eq_release(f, major, minor, patch), group);
  REQUIRE(out.has_value());
  return *out;
}
}  // namespace

TEST_CASE("equalize: MariaDB 10.11 ships the reference", "[server][equalize]") {
  for (auto g : versus::server::equalize_groups())
    CHECK(eq_lines(Flavour::mariadb, 10, 11, 19, g).empty());
}

TEST_CASE("equalize: MariaDB 11.8", "[server][equalize]") {
  CHECK(eq_lines(Flavour::mariadb, 11, 8, 9, "binlog").empty());
  CHECK(eq_lines(Flavour::mariadb, 11, 8, 9, "performance_schema").empty());
  CHECK(eq_lines(Flavour::mariadb, 11, 8, 9, "charset") ==
        EqLines{"character-set-server=latin1", "collation-server=latin1_swedish_ci"});
  CHECK(eq_lines(Flavour::mariadb, 11, 8, 9, "snapshot_isolation") ==
        EqLines{"innodb_snapshot_isolation=OFF"});
}

TEST_CASE("equalize: MySQL 9.7", "[server][equalize]") {
  CHECK(eq_lines(Flavour::mysql, 9, 7, 4, "binlog") == EqLines{"disable-log-bin"});
  CHECK(eq_lines(Flavour::mysql, 9, 7, 4, "performance_schema") ==
        EqLines{"performance_schema=OFF"});
  CHECK(eq_lines(Flavour::mysql, 9, 7, 4, "charset") ==
        EqLines{"character-set-server=latin1", "collation-server=latin1_swedish_ci"});
  CHECK(eq_lines(Flavour::mysql, 9, 7, 4, "snapshot_isolation").empty());
}

TEST_CASE("equalize: where each default changed", "[server][equalize]") {
  // Binary log on by default from MySQL 8.0.3 (Percona follows).
  CHECK(eq_lines(Flavour::mysql, 8, 0, 2, "binlog").empty());
  CHECK(eq_lines(Flavour::mysql, 8, 0, 3, "binlog") == EqLines{"disable-log-bin"});
  CHECK(eq_lines(Flavour::percona, 8, 0, 36, "binlog") == EqLines{"disable-log-bin"});
  CHECK(eq_lines(Flavour::mysql, 5, 7, 44, "binlog").empty());
  // performance_schema: absent in 5.1, OFF in 5.5, ON from 5.6.6.
  CHECK(eq_lines(Flavour::mysql, 5, 1, 73, "performance_schema").empty());
  CHECK(eq_lines(Flavour::mysql, 5, 5, 62, "performance_schema").empty());
  CHECK(eq_lines(Flavour::mysql, 5, 6, 5, "performance_schema").empty());
  CHECK(eq_lines(Flavour::mysql, 5, 6, 6, "performance_schema") ==
        EqLines{"performance_schema=OFF"});
  CHECK(eq_lines(Flavour::mysql, 5, 7, 44, "performance_schema") ==
        EqLines{"performance_schema=OFF"});
  // latin1 until MySQL 8.0.0 and MariaDB 11.5.
  CHECK(eq_lines(Flavour::mysql, 5, 1, 73, "charset").empty());
  CHECK(eq_lines(Flavour::mysql, 5, 7, 44, "charset").empty());
  CHECK(eq_lines(Flavour::mysql, 8, 0, 1, "charset").size() == 2);
  CHECK(eq_lines(Flavour::mariadb, 11, 4, 5, "charset").empty());
  CHECK(eq_lines(Flavour::mariadb, 11, 6, 0, "charset").size() == 2);
  // innodb_snapshot_isolation ON from MariaDB 11.6.2.
  CHECK(eq_lines(Flavour::mariadb, 11, 6, 1, "snapshot_isolation").empty());
  CHECK(eq_lines(Flavour::mariadb, 11, 6, 2, "snapshot_isolation").size() == 1);
}

TEST_CASE("equalize: an unknown group is an error", "[server][equalize]") {
  auto out = equalize_lines(eq_release(Flavour::mysql, 9, 7, 4), "durability");
  REQUIRE_FALSE(out.has_value());
  CHECK(out.error().message == "equalize: unknown group 'durability'");
}

TEST_CASE("table charset: utf8mb4 from 5.5.3", "[server][equalize]") {
  CHECK(table_charset_absence(eq_release(Flavour::mysql, 5, 1, 73), "utf8mb4", "") ==
        "MySQL 5.1.73 has no utf8mb4 (it came in 5.5.3)");
  CHECK_FALSE(table_charset_absence(eq_release(Flavour::mysql, 5, 5, 2), "utf8mb4", "").empty());
  CHECK(table_charset_absence(eq_release(Flavour::mysql, 5, 5, 3), "utf8mb4", "").empty());
  CHECK_FALSE(
      table_charset_absence(eq_release(Flavour::mariadb, 5, 3, 12), "", "utf8mb4_general_ci")
          .empty());
  CHECK(table_charset_absence(eq_release(Flavour::mysql, 5, 1, 73), "latin1", "").empty());
}

TEST_CASE("table charset: whose collations", "[server][equalize]") {
  CHECK(table_charset_absence(eq_release(Flavour::mariadb, 11, 8, 9), "utf8mb4",
                              "utf8mb4_0900_ai_ci") ==
        "MariaDB 11.8.9 has no utf8mb4_0900_ai_ci (the _0900_ collations are MySQL's, from "
        "8.0.1)");
  CHECK_FALSE(table_charset_absence(eq_release(Flavour::mysql, 5, 7, 44), "", "utf8mb4_0900_ai_ci")
                  .empty());
  CHECK(
      table_charset_absence(eq_release(Flavour::mysql, 8, 0, 1), "", "utf8mb4_0900_ai_ci").empty());
  CHECK_FALSE(
      table_charset_absence(eq_release(Flavour::mysql, 9, 7, 4), "", "utf8mb4_uca1400_ai_ci")
          .empty());
  CHECK(table_charset_absence(eq_release(Flavour::mariadb, 10, 11, 19), "", "utf8mb4_uca1400_ai_ci")
            .empty());
  CHECK(table_charset_absence(eq_release(Flavour::mysql, 9, 7, 4), "latin1", "utf8mb4_bin") ==
        "collation utf8mb4_bin is not one of charset latin1 (its name must start with latin1_)");
}

TEST_CASE("equalize: my.cnf carries the lines before the profile's settings",
          "[server][equalize]") {
  versus::server::MyCnfInput in;
  in.release.info = eq_release(Flavour::mysql, 9, 7, 4);
  in.paths = versus::server::InstancePaths::under("/tmp/x", 3306);
  in.equalize = {"binlog", "snapshot_isolation"};
  in.options = {{"performance_schema", "ON"}};
  auto cnf = versus::server::render_my_cnf(in);
  REQUIRE(cnf.has_value());
  const auto block = cnf->find("# --- equalize: binlog, snapshot_isolation\ndisable-log-bin\n");
  CHECK(block != std::string::npos);
  CHECK(block < cnf->find("performance_schema=ON"));
  in.equalize = {"nonsense"};
  CHECK_FALSE(versus::server::render_my_cnf(in).has_value());
}

TEST_CASE("equalize: the config's choices are the groups the server renders",
          "[server][equalize]") {
  CHECK(versus::config::equalize_names() == versus::server::equalize_groups());
}
