#include "results/evidence/counter_mapping.h"

#include <catch2/catch.hpp>
#include <string>

using versus::results::Flavour;
using versus::results::flavour_of;
using versus::results::means_the_same_across_flavours;
using versus::results::rankable;
using versus::results::rankable_counters;

TEST_CASE("flavour_of: MariaDB says so in its version", "[results][counter_mapping]") {
  CHECK(flavour_of("10.11.19-MariaDB") == Flavour::mariadb);
  CHECK(flavour_of("11.8.3-MariaDB-log") == Flavour::mariadb);
  CHECK(flavour_of("9.7.0") == Flavour::mysql);
  CHECK(flavour_of("") == Flavour::unknown);
}

TEST_CASE("counter mapping: statements, optimizer choices, rows sorted and versus's own costs",
          "[results][counter_mapping]") {
  for (const char* name : {"Com_select", "Com_commit", "Select_range", "Select_scan", "Sort_rows",
                           "server CPU us", "client CPU us", "context switches",
                           "retried errors"})
    CHECK(means_the_same_across_flavours(name));
  // Counted otherwise (Sort_range, Sort_scan: checked on MariaDB 10.11.19 and MySQL 9.7).
  for (const char* name : {"Handler_read_rnd", "Handler_external_lock", "Handler_read_key",
                           "Handler_commit", "Innodb_data_written", "Bytes_sent", "Questions",
                           "Sort_range", "Sort_scan", "Innodb_rows_read"})
    CHECK_FALSE(means_the_same_across_flavours(name));
  for (auto name : versus::results::cross_flavour_counters())
    CHECK(std::string(name).rfind("Handler_", 0) != 0);
}

TEST_CASE("rankable: within a flavour everything, across flavours only the mapping",
          "[results][counter_mapping]") {
  CHECK(rankable("Handler_read_rnd", Flavour::mysql, Flavour::mysql));
  CHECK(rankable("Handler_read_rnd", Flavour::mariadb, Flavour::mariadb));
  CHECK(rankable("Handler_read_rnd", Flavour::unknown, Flavour::mysql));
  CHECK_FALSE(rankable("Handler_read_rnd", Flavour::mysql, Flavour::mariadb));
  CHECK(rankable("Com_select", Flavour::mysql, Flavour::mariadb));
}

TEST_CASE("rankable_counters: across flavours no Handler_* is ranked; shared names side by side",
          "[results][counter_mapping]") {
  const versus::results::PerTransaction mysql{{"Handler_read_rnd", 100},
                                              {"Handler_external_lock", 0},
                                              {"Innodb_data_written", 0},
                                              {"Com_select", 14},
                                              {"Uptime", 3},
                                              {"Innodb_rows_read", 410}};
  const versus::results::PerTransaction mariadb{{"Handler_read_rnd", 0},
                                                {"Handler_external_lock", 36},
                                                {"Innodb_data_written", 4951},
                                                {"Com_select", 14},
                                                {"Uptime", 3},
                                                {"Handler_tmp_write", 100}};
  const auto r = rankable_counters(mysql, Flavour::mysql, mariadb, Flavour::mariadb);
  for (const auto* side : {&r.from, &r.to})
    for (const auto& [name, value] : *side)
      CHECK((name.rfind("Handler_", 0) != 0 || name == "Handler_tmp_write"));  // one-sided: kept
  CHECK(r.from.count("Com_select"));
  CHECK(r.from.count("Innodb_rows_read"));  // one-sided, named as only in one side
  CHECK_FALSE(r.to.count("Innodb_data_written"));
  // Shared, not mapped, not an ignored counter (Uptime): side by side, in name order.
  CHECK(r.side_by_side ==
        std::vector<std::string>{"Handler_external_lock", "Handler_read_rnd", "Innodb_data_written"});
  const auto same = rankable_counters(mysql, Flavour::mysql, mysql, Flavour::mysql);
  CHECK(same.from == mysql);
  CHECK(same.side_by_side.empty());
}
