// Settings that differ, end to end: MySQL 9.7 as shipped and with every equalize group,
// against MariaDB 10.11.19 as shipped (the baseline). The as-shipped column's settings line
// names the binary log, sync_binlog, performance_schema and the tables' utf8mb4 collation;
// the equalized column, which ran as 10.11 does, has none. One short cell each.
#include <catch2/catch.hpp>
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "results/record/store.h"
#include "shared/files.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

TEST_CASE("MySQL 9.7 equalized has no settings line and as shipped names its settings",
          "[integration][settings]") {
  TempDir tmp;
  // 10.11's redo log sized as 9.7's innodb_redo_log_capacity, 9.7's change buffering off as
  // 10.11's (9.7 ships all): no equalize group covers them.
  const std::string text =
      "servers:\n"
      "  - name: mariadb-10.11\n    basedir: " +
      named_release_basedir("mariadb-10.11.19").string() +
      "\n    options: { innodb_log_file_size: 104857600 }\n"
      "  - name: mysql-9.7\n    basedir: " +
      named_release_basedir("mysql-9.7").string() +
      "\n    options: { innodb_change_buffering: none }\n"
      "profiles:\n"
      "  - name: as-shipped\n"
      "  - name: equalized\n"
      "    equalize: [binlog, performance_schema, charset, snapshot_isolation]\n"
      "exclude: [{ server: mariadb-10.11, profile: equalized }]\n"
      "workloads: [oltp_point_select]\nthreads: [1]\ntable_size: 1000\nwarmup: 0s\n"
      "duration: 300ms\ncpu_probe: false\nlifecycle: server\n";
  const auto results = run_matrix_ok(tmp, text);
  const fs::path run = tmp.path() / "run";
  REQUIRE(results.data_sizes.size() == 3);
  for (const auto& d : results.data_sizes) {
    INFO(d.server << "/" << d.profile);
    const bool shipped_mysql = d.server == "mysql-9.7" && d.profile == "as-shipped";
    CHECK(d.table_collation == (shipped_mysql ? "utf8mb4_0900_ai_ci" : "latin1_swedish_ci"));
    CHECK(d.table_charset == (shipped_mysql ? "utf8mb4" : "latin1"));
    CHECK(d.settings.at("log_bin") == (shipped_mysql ? "ON" : "OFF"));
  }
  const std::string md = text_of(run / "comparison.md");
  INFO(md);
  CHECK(md.find("settings: mysql-9.7/as-shipped: log_bin ON (baseline OFF), sync_binlog 1 (0), ") !=
        std::string::npos);
  CHECK(md.find("performance_schema ON (OFF)") != std::string::npos);
  CHECK(md.find("character_set_server utf8mb4 (latin1)") != std::string::npos);
  CHECK(md.find("tables utf8mb4_0900_ai_ci (latin1_swedish_ci)") != std::string::npos);
  CHECK(md.find("settings: mysql-9.7/equalized") == std::string::npos);
  for (const char* name : {"comparison.csv", "comparison.json", "report.html"}) {
    INFO(name);
    const std::string report = text_of(run / name);
    CHECK(report.find("log_bin ON (baseline OFF)") != std::string::npos);
    CHECK(report.find("settings: mysql-9.7/equalized") == std::string::npos);
  }
  // CSV: the settings field names the as-shipped column's and is empty for the other.
  std::istringstream csv(text_of(run / "comparison.csv"));
  std::string head;
  REQUIRE(std::getline(csv, head));
  const auto names = csv_split(head);
  const auto at = std::find(names.begin(), names.end(), "settings") - names.begin();
  REQUIRE(at < static_cast<std::ptrdiff_t>(names.size()));
  int equalized_lines = 0;
  for (std::string line; std::getline(csv, line);) {
    const auto fields = csv_split(line);
    REQUIRE(fields.size() == names.size());
    const bool shipped = line.find(",mysql-9.7,as-shipped,") != std::string::npos;
    if (shipped) CHECK(fields[at].find("log_bin ON (baseline OFF)") != std::string::npos);
    if (line.find(",mysql-9.7,equalized,") == std::string::npos) continue;
    ++equalized_lines;
    CHECK(fields[at].empty());
  }
  CHECK(equalized_lines == 1);
  // The equalized server's my.cnf (wherever its lifecycle keeps it) carries the lines.
  std::string cnf;
  for (const auto& e : fs::recursive_directory_iterator(run))
    if (e.path().filename() == "my.cnf" &&
        e.path().string().find("mysql-9.7.equalized") != std::string::npos)
      cnf = text_of(e.path());
  CHECK(cnf.find("disable-log-bin\nperformance_schema=OFF\ncharacter-set-server=latin1\n") !=
        std::string::npos);
}

}  // namespace versus::testing
