// The "settings:" lines beside a run's tables (report/notes/settings_notes.h).
#include "report/notes/settings_notes.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "report/run/run_html.h"
#include "support/settings_fixture.h"

using namespace versus::report;
using versus::testing::settings_fixture;

TEST_CASE("settings lines: the as-shipped MySQL column, not the equalized ones",
          "[report][settings]") {
  const auto tables = build_comparison(settings_fixture());
  REQUIRE(tables.size() == 1);
  CHECK(settings_lines(tables[0]) ==
        std::vector<std::string>{
            "settings: mysql-9.7/as-shipped: log_bin ON (baseline OFF), sync_binlog 1 (0), "
            "binlog_format ROW (MIXED), performance_schema ON (OFF), character_set_server "
            "utf8mb4 (latin1), collation_server utf8mb4_0900_ai_ci (latin1_swedish_ci), "
            "innodb_redo_log_capacity 104857600 (innodb_log_file_size 100663296), tables "
            "utf8mb4_0900_ai_ci (latin1_swedish_ci)"});
  CHECK(column_settings_text(tables[0], {"mysql-9.7", "equalized"}).empty());
}

TEST_CASE("settings lines: against another baseline, its values", "[report][settings]") {
  auto r = settings_fixture();
  r.info.servers = {"mysql-9.7", "mariadb-10.11"};  // 9.7 first: the baseline
  const auto lines = settings_lines(build_comparison(r)[0]);
  REQUIRE(lines.size() == 3);  // every other column differs from 9.7 as shipped
  CHECK(lines[0].rfind("settings: mysql-9.7/equalized: log_bin OFF (baseline ON), "
                       "performance_schema OFF (ON), ",
                       0) == 0);
}

TEST_CASE("settings lines: only the tables' collation differs", "[report][settings]") {
  auto r = settings_fixture();
  r.data_sizes[1].table_collation = "latin1_bin";
  CHECK(settings_lines(build_comparison(r)[0]).front() ==
        "settings: mariadb-10.11/equalized: tables latin1_bin (baseline latin1_swedish_ci)");
}

TEST_CASE("settings lines: none without recorded settings (older results)", "[report][settings]") {
  auto r = settings_fixture();
  r.data_sizes.clear();
  CHECK(settings_lines(build_comparison(r)[0]).empty());
  r = settings_fixture();
  r.data_sizes[0].settings.clear();  // the baseline's: nothing to compare with but tables
  r.data_sizes[0].table_collation.clear();
  CHECK(settings_lines(build_comparison(r)[0]).empty());
}

TEST_CASE("settings lines: the HTML run report lists them", "[report][settings][html]") {
  const auto r = settings_fixture();
  std::ostringstream html;
  write_html_report(html, build_comparison(r), r, {});
  CHECK(html.str().find("Settings that differ") != std::string::npos);
  CHECK(html.str().find("settings: mysql-9.7/as-shipped: log_bin ON (baseline OFF)") !=
        std::string::npos);
}
