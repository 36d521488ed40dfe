#pragma once
// equalize: a profile's request that every release run some settings groups as versus's
// reference does, and the tables' explicit charset and collation (table_charset /
// table_collation). Pure facts of flavour and version, from the releases' manuals:
//   binlog: the reference writes no binary log. MySQL and Percona Server log by default
//     from 8.0.3 (then `disable-log-bin`); earlier MySQL and every MariaDB do not.
//   performance_schema: the reference runs without it. ON by default in MySQL/Percona from
//     5.6.6 (then `performance_schema=OFF`); OFF in 5.5, absent before 5.5.3; OFF by
//     default in MariaDB.
//   charset: the reference creates latin1 / latin1_swedish_ci tables. utf8mb4 by default
//     in MySQL/Percona from 8.0.1 (utf8mb4_0900_ai_ci) and MariaDB from 11.6.0
//     (utf8mb4_uca1400_ai_ci): then `character-set-server=latin1` and
//     `collation-server=latin1_swedish_ci`.
//   snapshot_isolation: the reference has it OFF. innodb_snapshot_isolation is ON by default
//     in MariaDB from 11.6.2 (then `innodb_snapshot_isolation=OFF`); OFF where it came in
//     (10.6.18, 10.11.8, 11.4.2, ...); MySQL and Percona have no such check (as OFF).
// The reference is what MariaDB before 11.6 and MySQL 5.7 ship with, so "the baseline's
// settings" are these whenever the first server is such a release (the quickstart's MariaDB
// 10.11). A release without a group's variable already behaves as the reference: nothing is
// written for it, and nothing where the release already ships the reference.
#include <string>
#include <string_view>
#include <vector>

#include "server/release.h"
#include "util/expected.h"

namespace versus::server {

// The groups equalize may name, in docs order (config's equalize_names() holds the same).
const std::vector<std::string_view>& equalize_groups();

// The [mysqld] lines ("disable-log-bin", "performance_schema=OFF") that give `release`
// the reference's settings of `group`; empty when it already ships them. Fails for a group
// this module does not know.
Expected<std::vector<std::string>> equalize_lines(const VersionInfo& release,
                                                  std::string_view group);

// Why `release` cannot create tables in `charset` / `collation` (either may be ""), or ""
// when it can (or when versus has no fact about them: the server refuses unknown names).
// utf8mb4 came in 5.5.3 (MySQL; MariaDB 5.5); utf8mb4_0900_* collations in MySQL 8.0.1;
// utf8mb4_uca1400_* in MariaDB 10.10.1. A collation must belong to the charset.
std::string table_charset_absence(const VersionInfo& release, std::string_view charset,
                                  std::string_view collation);

}  // namespace versus::server
