#include "load/probe/server_status.h"

#include <catch2/catch.hpp>

using namespace versus::load;

TEST_CASE("parse_status_rows keeps whole numbers only", "[load][server_status]") {
  auto s =
      parse_status_rows({{"Com_select", "42"},
                         {"Innodb_buffer_pool_dump_status", "Dumping of buffer pool not started"},
                         {"Rpl_status", "OFF"},
                         {"Uptime", ""},
                         {"Some_ratio", "0.50"},
                         {"Negative", "-3"},
                         {"Big", "18446744073709551615"},
                         {"short"}});
  CHECK(s.size() == 2);
  CHECK(s.at("Com_select") == 42);
  CHECK(s.at("Big") == UINT64_MAX);
}

TEST_CASE("status_delta is after - before over the names both hold", "[load][server_status]") {
  StatusSnapshot before{{"Com_select", 10}, {"Threads_connected", 5}, {"Only_before", 1}};
  StatusSnapshot after{{"Com_select", 25}, {"Threads_connected", 3}, {"Only_after", 7}};
  auto d = status_delta(before, after);
  CHECK(d.size() == 2);
  CHECK(d.at("Com_select") == 15);
  CHECK(d.at("Threads_connected") == -2);  // a gauge that went down
  CHECK(delta_of(d, "Com_select") == 15);
  CHECK(delta_of(d, "Only_after") == 0);
}

TEST_CASE("workload_counters names the counters a workload moves", "[load][server_status]") {
  const auto& names = workload_counters();
  for (const char* n : {"Com_stmt_execute", "Com_select", "Innodb_rows_read", "Handler_read_next",
                        "Com_lock_tables", "Com_unlock_tables"})
    CHECK(std::find(names.begin(), names.end(), n) != names.end());
}
