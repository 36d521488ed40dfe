// alike's my.cnf lines per flavour and version (server/alike.h), against the releases' manuals
// (docs/why.md names the pages), with the releases read from their real `--version` lines.
#include "server/alike.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "results/evidence/settings_list.h"
#include "support/version_info.h"

namespace {
using versus::server::alike_settings;
using versus::server::AlikeSetting;
using versus::server::Flavour;
using versus::server::SettingSides;
using versus::server::VersionInfo;
using Lines = std::vector<std::string>;

VersionInfo parsed(std::string_view line) {
  const auto info = versus::server::parse_version_output(line);
  REQUIRE(info.has_value());
  return *info;
}

const VersionInfo& mysql_5_7() {
  static const VersionInfo r =
      parsed("mysqld  Ver 5.7.44 for linux-glibc2.12 on x86_64 (MySQL Community Server (GPL))");
  return r;
}
const VersionInfo& mysql_8_0() {
  static const VersionInfo r =
      parsed("/usr/sbin/mysqld  Ver 8.0.36 for Linux on x86_64 (MySQL Community Server - GPL)");
  return r;
}
const VersionInfo& mysql_8_4() {
  static const VersionInfo r = parsed(
      "/opt/mysql-8.4.3/bin/mysqld  Ver 8.4.3 for Linux on x86_64 (MySQL Community Server - GPL)");
  return r;
}
const VersionInfo& mysql_9_7() {
  static const VersionInfo r =
      parsed("mysqld  Ver 9.7.0 for Linux on x86_64 (MySQL Community Server - GPL)");
  return r;
}
const VersionInfo& percona_8_0() {
  static const VersionInfo r = parsed(
      "/usr/sbin/mysqld  Ver 8.0.35-27 for Linux on x86_64 (Percona Server (GPL), Release '27', "
      "Revision '2f8eeab2'$)");
  return r;
}
const VersionInfo& mariadb_10_5() {
  static const VersionInfo r = parsed(
      "/usr/sbin/mariadbd  Ver 10.5.29-MariaDB-0+deb11u1 for debian-linux-gnu on x86_64 (Debian "
      "11)");
  return r;
}
const VersionInfo& mariadb_10_11() {
  static const VersionInfo r = parsed(
      "/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian "
      "12)");
  return r;
}
const VersionInfo& mariadb_11_8() {
  static const VersionInfo r = parsed(
      "/usr/sbin/mariadbd  Ver 11.8.9-MariaDB-0+deb13u1 from Debian for debian-linux-gnu on "
      "x86_64");
  return r;
}

// The one setting's outcome for `column` against a baseline on `baseline`.
AlikeSetting alike(const VersionInfo& column, const VersionInfo& baseline, SettingSides sides) {
  auto out = alike_settings({column, baseline, {std::move(sides)}});
  REQUIRE(out.has_value());
  REQUIRE(out->size() == 1);
  return out->front();
}

// A setting both sides have under one name: the column's value, then the baseline's.
SettingSides both(const std::string& name, const std::string& column, const std::string& base) {
  return {name, base, name, column};
}

Lines lines_of(const VersionInfo& column, SettingSides sides) {
  const AlikeSetting s = alike(column, mariadb_10_11(), std::move(sides));
  INFO(s.cannot);
  CHECK(s.cannot.empty());
  return s.lines;
}

std::string cannot_of(const VersionInfo& column, SettingSides sides) {
  const AlikeSetting s = alike(column, mariadb_10_11(), std::move(sides));
  CHECK(s.lines.empty());
  return s.cannot;
}
}  // namespace

TEST_CASE("alike: the releases as their --version lines name them", "[server][alike]") {
  CHECK((mysql_5_7().flavour == Flavour::mysql && mysql_5_7().version.minor == 7));
  CHECK(mysql_8_0().version.patch == 36);
  CHECK(mysql_8_4().version.minor == 4);
  CHECK(mysql_9_7().version.major == 9);
  CHECK(percona_8_0().flavour == Flavour::percona);
  CHECK((mariadb_10_5().flavour == Flavour::mariadb && mariadb_10_5().version.minor == 5));
  CHECK(mariadb_10_11().version.patch == 19);
  CHECK(mariadb_11_8().version.minor == 8);
}

TEST_CASE("alike: the binary log off", "[server][alike]") {
  // On by default from MySQL 8.0.3: the profile's log-bin goes and disable-log-bin says so.
  for (const VersionInfo* r : {&mysql_8_0(), &mysql_8_4(), &mysql_9_7(), &percona_8_0()}) {
    const AlikeSetting s = alike(*r, mariadb_10_11(), both("log_bin", "ON", "OFF"));
    CHECK(s.lines == Lines{"disable-log-bin"});
    CHECK(s.remove == Lines{"log-bin"});
    CHECK_FALSE(s.changes_data);
  }
  // Off unless asked for: only the profile's log-bin line goes.
  for (const VersionInfo* r : {&mysql_5_7(), &mariadb_10_5(), &mariadb_11_8()}) {
    const AlikeSetting s = alike(*r, mysql_9_7(), both("log_bin", "ON", "OFF"));
    CHECK(s.lines.empty());
    CHECK(s.remove == Lines{"log-bin"});
  }
}

TEST_CASE("alike: the binary log on", "[server][alike]") {
  // MySQL 5.7 refuses to start a binary log without a server id.
  AlikeSetting s = alike(mysql_5_7(), mysql_9_7(), both("log_bin", "OFF", "ON"));
  CHECK(s.lines == Lines{"log-bin", "server-id=1"});
  CHECK(s.remove == Lines{"disable-log-bin", "skip-log-bin"});
  CHECK(alike(mysql_8_0(), mysql_9_7(), both("log_bin", "OFF", "ON")).lines == Lines{"log-bin"});
  CHECK(alike(mariadb_10_11(), mysql_9_7(), both("log_bin", "OFF", "ON")).lines ==
        Lines{"log-bin"});
}

TEST_CASE("alike: the other durability settings", "[server][alike]") {
  CHECK(lines_of(mysql_9_7(), both("sync_binlog", "1", "0")) == Lines{"sync_binlog=0"});
  CHECK(lines_of(mysql_9_7(), both("binlog_format", "ROW", "MIXED")) ==
        Lines{"binlog_format=MIXED"});
  CHECK(lines_of(mysql_9_7(), both("innodb_flush_log_at_trx_commit", "1", "2")) ==
        Lines{"innodb_flush_log_at_trx_commit=2"});
  // 3 is MariaDB's.
  CHECK(lines_of(mariadb_11_8(), both("innodb_flush_log_at_trx_commit", "1", "3")) ==
        Lines{"innodb_flush_log_at_trx_commit=3"});
  CHECK(cannot_of(mysql_8_0(), both("innodb_flush_log_at_trx_commit", "1", "3")) ==
        "MySQL 8.0.36 has no innodb_flush_log_at_trx_commit=3 (3 is MariaDB's; MySQL takes 0, "
        "1 and 2)");
}

TEST_CASE("alike: innodb_doublewrite's values per release", "[server][alike]") {
  const auto dw = [](const char* base) { return both("innodb_doublewrite", "ON", base); };
  CHECK(lines_of(mysql_5_7(), dw("OFF")) == Lines{"innodb_doublewrite=OFF"});
  // DETECT_ONLY and DETECT_AND_RECOVER from MySQL 8.0.30; DETECT_AND_RECOVER is ON.
  CHECK(lines_of(mysql_8_0(), dw("DETECT_ONLY")) == Lines{"innodb_doublewrite=DETECT_ONLY"});
  CHECK(cannot_of(mysql_5_7(), dw("DETECT_ONLY")) ==
        "MySQL 5.7.44 has no innodb_doublewrite=DETECT_ONLY (DETECT_ONLY is MySQL's, from "
        "8.0.30)");
  CHECK(lines_of(mariadb_11_8(), dw("DETECT_AND_RECOVER")) == Lines{"innodb_doublewrite=ON"});
  CHECK(lines_of(mysql_9_7(), dw("DETECT_AND_RECOVER")) ==
        Lines{"innodb_doublewrite=DETECT_AND_RECOVER"});
  // fast: MariaDB's, from 11.0.6 (and 11.1.5, 11.2.4, 11.4.2, made the same day).
  CHECK(lines_of(mariadb_11_8(), dw("fast")) == Lines{"innodb_doublewrite=fast"});
  CHECK(cannot_of(mariadb_10_11(), dw("fast")) ==
        "MariaDB 10.11.19 has no innodb_doublewrite=fast (fast is MariaDB's, from 11.0.6)");
  CHECK_FALSE(cannot_of(mysql_9_7(), dw("fast")).empty());
  using versus::testing::version_info;
  for (auto [minor, first] : {std::pair{0, 6}, {1, 5}, {2, 4}, {4, 2}}) {
    INFO("11." << minor);
    CHECK_FALSE(
        cannot_of(version_info(Flavour::mariadb, 11, minor, first - 1), dw("fast")).empty());
    CHECK(lines_of(version_info(Flavour::mariadb, 11, minor, first), dw("fast")) ==
          Lines{"innodb_doublewrite=fast"});
  }
}

TEST_CASE("alike: performance_schema", "[server][alike]") {
  CHECK(lines_of(mysql_9_7(), both("performance_schema", "ON", "OFF")) ==
        Lines{"performance_schema=OFF"});
  CHECK(lines_of(mariadb_10_11(), both("performance_schema", "OFF", "ON")) ==
        Lines{"performance_schema=ON"});
  // A release without it runs as OFF: against a baseline's ON it cannot be made alike.
  const auto mysql_5_1 = versus::testing::version_info(Flavour::mysql, 5, 1, 73);
  CHECK(cannot_of(mysql_5_1, {"performance_schema", "ON", "", "OFF"}) ==
        "MySQL 5.1.73 has no performance_schema (it came in MySQL 5.5.3 and MariaDB 5.5)");
}

TEST_CASE("alike: the tables' charset and collation change the data", "[server][alike]") {
  const AlikeSetting charset =
      alike(mysql_9_7(), mariadb_10_11(), both("character_set_server", "utf8mb4", "latin1"));
  CHECK(charset.lines == Lines{"character-set-server=latin1"});
  CHECK(charset.changes_data);
  const AlikeSetting collation =
      alike(mariadb_11_8(), mariadb_10_11(),
            both("collation_server", "utf8mb4_uca1400_ai_ci", "latin1_swedish_ci"));
  CHECK(collation.lines == Lines{"collation-server=latin1_swedish_ci"});
  CHECK(collation.changes_data);
  // Each flavour's own UCA collations.
  const AlikeSetting on_mariadb =
      alike(mariadb_11_8(), mysql_9_7(),
            both("collation_server", "utf8mb4_uca1400_ai_ci", "utf8mb4_0900_ai_ci"));
  CHECK(on_mariadb.cannot ==
        "MariaDB 11.8.9 has no utf8mb4_0900_ai_ci (the _0900_ collations are MySQL's, from "
        "8.0.1)");
  CHECK(on_mariadb.changes_data);
  CHECK_FALSE(cannot_of(mysql_8_0(),
                        both("collation_server", "utf8mb4_0900_ai_ci", "utf8mb4_uca1400_ai_ci"))
                  .empty());
  const auto mysql_5_1 = versus::testing::version_info(Flavour::mysql, 5, 1, 73);
  CHECK(cannot_of(mysql_5_1, both("character_set_server", "latin1", "utf8mb4")) ==
        "MySQL 5.1.73 has no utf8mb4 (it came in 5.5.3)");
}

TEST_CASE("alike: concurrency", "[server][alike]") {
  // One option for both names of the isolation level.
  CHECK(alike(mysql_8_0(), mariadb_10_11(),
              {"tx_isolation", "READ-COMMITTED", "transaction_isolation", "REPEATABLE-READ"})
            .lines == Lines{"transaction-isolation=READ-COMMITTED"});
  CHECK(lines_of(mysql_5_7(), both("tx_isolation", "REPEATABLE-READ", "READ-COMMITTED")) ==
        Lines{"transaction-isolation=READ-COMMITTED"});
  // innodb_snapshot_isolation: MySQL lacks it (as OFF).
  CHECK(alike(mariadb_11_8(), mysql_9_7(), {"", "OFF", "innodb_snapshot_isolation", "ON"}).lines ==
        Lines{"innodb_snapshot_isolation=OFF"});
  CHECK(cannot_of(mysql_9_7(), {"innodb_snapshot_isolation", "ON", "", "OFF"}) ==
        "MySQL 9.7.0 has no innodb_snapshot_isolation (MariaDB's, from 10.6.18, 10.11.8 and "
        "11.4.2: without it a write to a row changed after the read view never fails)");
  // A pool of threads: MariaDB's and Percona Server's.
  const auto pool = both("thread_handling", "one-thread-per-connection", "pool-of-threads");
  CHECK(lines_of(mariadb_10_11(), pool) == Lines{"thread_handling=pool-of-threads"});
  CHECK(lines_of(percona_8_0(), pool) == Lines{"thread_handling=pool-of-threads"});
  CHECK(cannot_of(mysql_8_4(), pool) ==
        "MySQL 8.4.3 has no thread_handling=pool-of-threads (MySQL Community has no thread "
        "pool: MariaDB and Percona Server do)");
  CHECK(lines_of(mysql_8_4(),
                 both("thread_handling", "pool-of-threads", "one-thread-per-connection")) ==
        Lines{"thread_handling=one-thread-per-connection"});
  CHECK_FALSE(cannot_of(mariadb_11_8(),
                        both("thread_handling", "one-thread-per-connection", "loaded-dynamically"))
                  .empty());
}

TEST_CASE("alike: the buffer pool and the hash index", "[server][alike]") {
  CHECK(lines_of(mysql_9_7(), both("innodb_buffer_pool_size", "134217728", "1073741824")) ==
        Lines{"innodb_buffer_pool_size=1073741824"});
  CHECK(lines_of(mysql_8_0(), both("innodb_adaptive_hash_index", "ON", "OFF")) ==
        Lines{"innodb_adaptive_hash_index=OFF"});
  CHECK(lines_of(mariadb_11_8(), both("innodb_adaptive_hash_index", "OFF", "ON")) ==
        Lines{"innodb_adaptive_hash_index=ON"});
  CHECK_FALSE(
      cannot_of(mysql_9_7(), both("innodb_adaptive_hash_index", "OFF", "IF_SPECIFIED")).empty());
}

TEST_CASE("alike: redo capacity in each release's spelling", "[server][alike]") {
  // MariaDB 10.11's one 96 MiB file is MySQL 9.7's capacity, exactly.
  const SettingSides from_file{"innodb_log_file_size", "100663296", "innodb_redo_log_capacity",
                               "104857600"};
  AlikeSetting s = alike(mysql_9_7(), mariadb_10_11(), from_file);
  CHECK(s.variable == "innodb_redo_log_capacity");
  CHECK(s.lines == Lines{"innodb_redo_log_capacity=100663296"});
  CHECK(s.approximate.empty());
  // And back: MariaDB from 10.5 has one file of the whole size.
  const SettingSides from_capacity{"innodb_redo_log_capacity", "104857600", "innodb_log_file_size",
                                   "100663296"};
  CHECK(alike(mariadb_10_11(), mysql_9_7(), from_capacity).lines ==
        Lines{"innodb_log_file_size=104857600"});
  CHECK(alike(mariadb_10_5(), mysql_9_7(), from_capacity).lines ==
        Lines{"innodb_log_file_size=104857600"});
  // MySQL before 8.0.30: two files of half the size each.
  s = alike(mysql_5_7(), mysql_9_7(), from_capacity);
  CHECK(s.lines == Lines{"innodb_log_file_size=52428800", "innodb_log_files_in_group=2"});
  CHECK(s.approximate.empty());
  // A baseline before 8.0.30 recorded one file's size; the number of files is its default.
  s = alike(mysql_8_0(), mysql_5_7(),
            {"innodb_log_file_size", "50331648", "innodb_redo_log_capacity", "104857600"});
  CHECK(s.lines == Lines{"innodb_redo_log_capacity=100663296"});
  CHECK(s.approximate ==
        "the baseline's innodb_log_files_in_group is not recorded: taken as its default, 2");
  // Whole MiB per file.
  s = alike(mysql_5_7(), mysql_9_7(),
            {"innodb_redo_log_capacity", "100000000", "innodb_log_file_size", "50331648"});
  CHECK(s.lines == Lines{"innodb_log_file_size=49283072", "innodb_log_files_in_group=2"});
  CHECK(s.approximate == "two files of whole MiB: 98566144 bytes for 100000000");
  CHECK(alike(mysql_9_7(), mysql_8_0(), both("innodb_redo_log_capacity", "1", "lots")).cannot ==
        "'lots' is not a byte count");
}

TEST_CASE("alike: which settings a copy of the column's datadir takes on restart",
          "[server][alike]") {
  const SettingSides redo{"innodb_redo_log_capacity", "104857600", "innodb_log_file_size",
                          "50331648"};
  // The redo log is resized at startup from MySQL 5.6.8 and MariaDB 10.0 (built on 5.6).
  CHECK_FALSE(alike(mysql_5_7(), mysql_9_7(), redo).changes_data);
  CHECK_FALSE(alike(mariadb_10_5(), mysql_9_7(), redo).changes_data);
  const auto mysql_5_6_7 = parsed("mysqld  Ver 5.6.7-rc for Linux on x86_64 (MySQL Community "
                                  "Server (GPL))");
  const auto mysql_5_6_8 = parsed("mysqld  Ver 5.6.8-rc for Linux on x86_64 (MySQL Community "
                                  "Server (GPL))");
  const auto mariadb_5_5 = parsed("mysqld  Ver 5.5.68-MariaDB for Linux on x86_64 (MariaDB "
                                  "Server)");
  CHECK(alike(mysql_5_6_7, mysql_9_7(), redo).changes_data);
  CHECK_FALSE(alike(mysql_5_6_8, mysql_9_7(), redo).changes_data);
  CHECK(alike(mariadb_5_5, mysql_9_7(), redo).changes_data);
  // The binary log and instrumentation: server options only; the character set makes tables.
  CHECK_FALSE(alike(mysql_9_7(), mariadb_10_11(), both("log_bin", "OFF", "ON")).changes_data);
  CHECK_FALSE(
      alike(mysql_9_7(), mariadb_10_11(), both("performance_schema", "OFF", "ON")).changes_data);
  CHECK(alike(mysql_9_7(), mariadb_10_11(), both("character_set_server", "latin1", "utf8mb4"))
            .changes_data);
}

TEST_CASE("alike: change buffering", "[server][alike]") {
  CHECK(lines_of(mysql_8_4(), both("innodb_change_buffering", "none", "all")) ==
        Lines{"innodb_change_buffering=all"});
  // Removed in MariaDB 11.0.0 (absent is none), ignored from 10.9.0.
  CHECK(cannot_of(mariadb_11_8(), {"innodb_change_buffering", "all", "", "none"}) ==
        "MariaDB 11.8.9 has no innodb_change_buffering (MariaDB removed the change buffer in "
        "11.0.0)");
  CHECK(cannot_of(mariadb_10_11(), both("innodb_change_buffering", "none", "all")) ==
        "MariaDB 10.11.19 ignores innodb_change_buffering (from MariaDB 10.9.0): it buffers no "
        "changes");
  CHECK(lines_of(mariadb_10_5(), both("innodb_change_buffering", "none", "all")) ==
        Lines{"innodb_change_buffering=all"});
}

TEST_CASE("alike: the query cache", "[server][alike]") {
  CHECK(cannot_of(mysql_8_0(), {"query_cache_type", "ON", "", "OFF"}) ==
        "MySQL 8.0.36 has no query_cache_type (MySQL removed the query cache in 8.0.3)");
  CHECK(lines_of(mysql_5_7(), both("query_cache_type", "OFF", "ON")) ==
        Lines{"query_cache_type=ON"});
  CHECK(lines_of(mysql_5_7(), both("query_cache_size", "1048576", "67108864")) ==
        Lines{"query_cache_size=67108864"});
  // MySQL 8.0's absence is OFF: a MariaDB that caches turns it off.
  CHECK(alike(mariadb_10_11(), mysql_8_0(), {"", "OFF", "query_cache_type", "ON"}).lines ==
        Lines{"query_cache_type=OFF"});
}

TEST_CASE("alike: a variable without a spelling is an error", "[server][alike]") {
  auto out = alike_settings({mysql_9_7(), mariadb_10_11(), {both("max_connections", "151", "10")}});
  REQUIRE_FALSE(out.has_value());
  CHECK(out.error().message == "alike: no spelling of 'max_connections'");
}

TEST_CASE("alike: every listed setting has a spelling", "[server][alike]") {
  const auto& known = versus::server::alike_known_settings();
  REQUIRE(known.size() == versus::results::settings_list().size());
  for (std::size_t i = 0; i < known.size(); ++i) {
    const auto& listed = versus::results::settings_list()[i].names;
    CHECK(std::equal(listed.begin(), listed.end(), known[i].begin(), known[i].end()));
  }
}

// The caller's path: results' differences of one group, field for field, then the lines.
TEST_CASE("alike: a group's differences as results names them", "[server][alike]") {
  const versus::results::VariableMap mariadb{{"log_bin", "OFF"},
                                             {"sync_binlog", "0"},
                                             {"binlog_format", "MIXED"},
                                             {"character_set_server", "latin1"},
                                             {"collation_server", "latin1_swedish_ci"},
                                             {"innodb_log_file_size", "100663296"}};
  const versus::results::VariableMap mysql{{"log_bin", "ON"},
                                           {"sync_binlog", "1"},
                                           {"binlog_format", "ROW"},
                                           {"character_set_server", "utf8mb4"},
                                           {"collation_server", "utf8mb4_0900_ai_ci"},
                                           {"innodb_redo_log_capacity", "104857600"}};
  const auto group_lines = [&](std::string_view group) {
    versus::server::AlikeRequest request{mysql_9_7(), mariadb_10_11(), {}};
    for (const auto& d : versus::results::setting_differences(mariadb, mysql))
      if (d.group == group)
        request.differences.push_back({d.base.name, d.base.value, d.other.name, d.other.value});
    auto out = alike_settings(request);
    REQUIRE(out.has_value());
    Lines lines;
    for (const AlikeSetting& s : *out) lines.insert(lines.end(), s.lines.begin(), s.lines.end());
    return lines;
  };
  CHECK(group_lines("durability") ==
        Lines{"disable-log-bin", "sync_binlog=0", "binlog_format=MIXED"});
  CHECK(group_lines("schema") ==
        Lines{"character-set-server=latin1", "collation-server=latin1_swedish_ci"});
  CHECK(group_lines("memory and logs") == Lines{"innodb_redo_log_capacity=100663296"});
}
