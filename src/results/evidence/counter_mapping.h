#pragma once
// Which counters mean the same in MySQL and MariaDB. Both have SHOW GLOBAL STATUS names the
// other has too, but many are counted differently (the quickstart's MySQL 9.7 against
// MariaDB 10.11 moved Handler_read_rnd/txn 100 -> 0.0 and Handler_external_lock/txn 0.0 ->
// 36: one statement, counted otherwise), so a counter is ranked between two columns only when
// both run the same flavour, or when it is in the mapping below: defined alike in both
// manuals (MySQL 9.x Reference Manual, 7.1.10 "Server Status Variables"; MariaDB Server
// Documentation, "Server Status Variables"), and checked: the same statements on MariaDB
// 10.11.19 and MySQL 9.7 move it alike (tests/integration/counter_mapping_test.cpp). Pure.
#include <string_view>
#include <vector>

#include "results/evidence/counter_ranking.h"

namespace versus::results {

enum class Flavour { mysql, mariadb, unknown };

// From a server's SELECT VERSION(): "10.11.19-MariaDB..." is MariaDB, a version without it
// MySQL, "" unknown (results written before the version was recorded).
Flavour flavour_of(std::string_view server_version);

// The counters that mean the same in both flavours: versus's own measures (CPU, switches,
// KB read and written, retried errors) and the listed status variables (counter_mapping.cpp
// says why each is in, and why others both have are not).
const std::vector<std::string_view>& cross_flavour_counters();
bool means_the_same_across_flavours(std::string_view counter);

// Whether a counter of one side may be ranked against the other's: the same flavour (or one
// unknown: nothing says they differ), or a counter of the mapping.
bool rankable(std::string_view counter, Flavour from, Flavour to);

// `from` and `to` with only what may be ranked between them (the rest goes to `side_by_side`
// when given: the names both have that are not rankable, in name order).
struct RankableCounters {
  PerTransaction from, to;
  std::vector<std::string> side_by_side;
};
RankableCounters rankable_counters(const PerTransaction& from, Flavour from_flavour,
                                   const PerTransaction& to, Flavour to_flavour);

}  // namespace versus::results
