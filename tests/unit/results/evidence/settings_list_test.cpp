// The listed settings (results/evidence/settings_list.h): which differences between two instances'
// variables are named, with the variables as the releases report them.
#include "results/evidence/settings_list.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

namespace {
using versus::results::setting_differences;
using versus::results::SettingDifference;
using versus::results::VariableMap;

// SHOW GLOBAL VARIABLES as shipped (the listed ones, and one that is not listed).
VariableMap shipped_mariadb_10_11() {
  return {{"log_bin", "OFF"},
          {"sync_binlog", "0"},
          {"binlog_format", "MIXED"},
          {"innodb_flush_log_at_trx_commit", "1"},
          {"innodb_doublewrite", "ON"},
          {"performance_schema", "OFF"},
          {"character_set_server", "latin1"},
          {"collation_server", "latin1_swedish_ci"},
          {"tx_isolation", "REPEATABLE-READ"},
          {"innodb_snapshot_isolation", "OFF"},
          {"thread_handling", "one-thread-per-connection"},
          {"innodb_buffer_pool_size", "134217728"},
          {"innodb_log_file_size", "100663296"},
          {"innodb_adaptive_hash_index", "OFF"},
          {"innodb_change_buffering", "none"},
          {"query_cache_type", "OFF"},
          {"query_cache_size", "1048576"},
          {"max_connections", "151"}};
}

VariableMap shipped_mariadb_11_8() {
  VariableMap v = shipped_mariadb_10_11();
  v.erase("tx_isolation");
  v.erase("innodb_change_buffering");  // removed in 11.0
  v["transaction_isolation"] = "REPEATABLE-READ";
  v["innodb_snapshot_isolation"] = "ON";
  v["character_set_server"] = "utf8mb4";
  v["collation_server"] = "utf8mb4_uca1400_ai_ci";
  return v;
}

VariableMap shipped_mysql_9_7() {
  return {{"log_bin", "ON"},
          {"sync_binlog", "1"},
          {"binlog_format", "ROW"},
          {"innodb_flush_log_at_trx_commit", "1"},
          {"innodb_doublewrite", "ON"},
          {"performance_schema", "ON"},
          {"character_set_server", "utf8mb4"},
          {"collation_server", "utf8mb4_0900_ai_ci"},
          {"transaction_isolation", "REPEATABLE-READ"},
          {"thread_handling", "one-thread-per-connection"},
          {"innodb_buffer_pool_size", "134217728"},
          {"innodb_log_file_size", "50331648"},
          {"innodb_redo_log_capacity", "104857600"},
          {"innodb_adaptive_hash_index", "OFF"},
          {"innodb_change_buffering", "none"},
          {"max_connections", "151"}};
}

std::vector<std::string> difference_names(const std::vector<SettingDifference>& d) {
  std::vector<std::string> out;
  for (const auto& x : d) out.push_back(x.name);
  return out;
}
}  // namespace

TEST_CASE("settings: MySQL 9.7 against MariaDB 10.11, as shipped", "[server][settings]") {
  const auto d = setting_differences(shipped_mariadb_10_11(), shipped_mysql_9_7());
  CHECK(difference_names(d) == std::vector<std::string>{"log_bin", "sync_binlog", "binlog_format",
                                                        "performance_schema",
                                                        "character_set_server", "collation_server",
                                                        "innodb_redo_log_capacity"});
  CHECK(d[0].other.value == "ON");
  CHECK(d[0].base.value == "OFF");
  // The redo space is read under each release's own name.
  CHECK(d.back().base.name == "innodb_log_file_size");
  CHECK(d.back().other.value == "104857600");
  // Each difference names its group, as the list does.
  CHECK(d[0].group == "durability");
  CHECK(d[3].group == "instrumentation");
  CHECK(d[4].group == "schema");
  CHECK(d.back().group == "memory and logs");
}

TEST_CASE("settings: MariaDB 11.8 against 10.11, as shipped", "[server][settings]") {
  // tx_isolation and transaction_isolation are one setting; innodb_change_buffering's absence
  // in 11.8 behaves as none: neither is named.
  CHECK(difference_names(setting_differences(shipped_mariadb_10_11(), shipped_mariadb_11_8())) ==
        std::vector<std::string>{"character_set_server", "collation_server",
                                 "innodb_snapshot_isolation"});
}

TEST_CASE("settings: absent variables compare as what their absence means", "[server][settings]") {
  // MySQL has no snapshot-isolation check: as OFF, so against 11.8's ON it is named, absent.
  const auto d = setting_differences(shipped_mariadb_11_8(), shipped_mysql_9_7());
  auto it = std::find_if(d.begin(), d.end(),
                         [](const auto& x) { return x.name == "innodb_snapshot_isolation"; });
  REQUIRE(it != d.end());
  CHECK(it->other.name.empty());
  CHECK(it->other.value == "OFF");
  CHECK(it->base.value == "ON");
  // query_cache_type: MySQL 9.7 has none (as OFF), the same as 10.11's OFF; query_cache_size
  // is not named while neither side caches.
  for (const auto& x : setting_differences(shipped_mariadb_10_11(), shipped_mysql_9_7()))
    CHECK(x.name.rfind("query_cache", 0) != 0);
}

TEST_CASE("settings: binary log settings only while a side writes one", "[server][settings]") {
  VariableMap equalized = shipped_mysql_9_7();
  equalized["log_bin"] = "OFF";
  equalized["performance_schema"] = "OFF";
  equalized["character_set_server"] = "latin1";
  equalized["collation_server"] = "latin1_swedish_ci";
  equalized["innodb_redo_log_capacity"] = "100663296";
  CHECK(setting_differences(shipped_mariadb_10_11(), equalized).empty());
  VariableMap cached = shipped_mariadb_10_11();
  cached["query_cache_type"] = "ON";
  cached["query_cache_size"] = "67108864";
  CHECK(difference_names(setting_differences(shipped_mariadb_10_11(), cached)) ==
        std::vector<std::string>{"query_cache_type", "query_cache_size"});
}

TEST_CASE("settings: values compare case-insensitively", "[server][settings]") {
  VariableMap lower = shipped_mariadb_10_11();
  lower["log_bin"] = "off";
  CHECK(setting_differences(shipped_mariadb_10_11(), lower).empty());
}

TEST_CASE("settings: the recorded subset is the listed variables", "[server][settings]") {
  const VariableMap listed = versus::results::listed_settings(shipped_mysql_9_7());
  CHECK(listed.count("max_connections") == 0);
  CHECK(listed.at("innodb_redo_log_capacity") == "104857600");
  CHECK(listed.at("innodb_log_file_size") == "50331648");
  CHECK(listed.size() == shipped_mysql_9_7().size() - 1);
}

TEST_CASE("settings: the docs table names every listed variable", "[server][settings]") {
  const std::string md = versus::results::settings_list_markdown();
  for (const auto& spec : versus::results::settings_list())
    for (auto name : spec.names) CHECK(md.find("`" + std::string(name) + "`") != std::string::npos);
}

TEST_CASE("docs/output.md carries the generated settings table", "[server][settings]") {
  std::ifstream in(VERSUS_SOURCE_DIR "/docs/output.md", std::ios::binary);
  std::stringstream doc;
  doc << in.rdbuf();
  if (doc.str().find(versus::results::settings_list_markdown()) == std::string::npos)
    FAIL(
        "docs/output.md's settings table is out of date with "
        "src/results/evidence/settings_list.cpp; replace it with the output of\n  build/versus "
        "docs settings");
}
