#include "load/probe/server_limits.h"
#include "load/family/registry.h"

#include <catch2/catch.hpp>

namespace versus::load {

TEST_CASE("needs_of counts connections, statements and files", "[load][server_limits]") {
  auto rw = needs_of(mix_for(sysbench::Workload::oltp_read_write), 8, 2);
  CHECK(rw.connections == 9);
  // 9 statement kinds per table (point, 4 ranges, 2 updates, delete, insert) x 2 tables +
  // BEGIN/COMMIT
  CHECK(rw.prepared_statements == (9 * 2 + 2) * 8);
  CHECK(rw.open_files == 9 + 4);
  auto ps = needs_of(mix_for(sysbench::Workload::oltp_point_select), 4, 1);
  CHECK(ps.prepared_statements == 4);
}

TEST_CASE("needs_of counts sysbench 0.4's one table whatever `tables` says",
          "[load][server_limits]") {
  auto complex = needs_of(mix_for(sysbench::Workload::legacy_complex), 8, 4);
  // 5 reads and 4 writes on sbtest, plus the frame (BEGIN/COMMIT or LOCK/UNLOCK TABLES)
  CHECK(complex.prepared_statements == (9 + 2) * 8);
  CHECK(complex.open_files == 9 + 2);
  auto read_only = needs_of(mix_for(sysbench::Workload::legacy_read_only), 8, 4);
  CHECK(read_only.prepared_statements == (5 + 2) * 8);
}

TEST_CASE("needs_of: MyISAM holds a data file per session and table, the index shared",
          "[load][server_limits]") {
  const auto mix = mix_for(sysbench::Workload::oltp_read_only);
  auto n = needs_of(mix, 100, 4, true);
  CHECK(n.open_files == 101 + 4 + 100 * 4);  // connections, .MYI per table, .MYD per session
  // At most table_open_cache table instances stay open.
  CHECK(needs_of(mix, 100, 4, true, 64).open_files == 101 + 4 + 64);
  CHECK(needs_of(mix, 100, 4, false).open_files == 101 + 8);
  CHECK_THAT(limits_problem({2000, 1'000'000, 400}, n), Catch::Contains("open_files_limit=400"));
}

TEST_CASE("limits_problem names each setting to raise", "[load][server_limits]") {
  LoadNeeds needs{1001, 20000, 1100};
  CHECK(limits_problem({2000, 100000, 5000}, needs).empty());
  auto msg = limits_problem({151, 16382, 0}, needs);
  CHECK_THAT(msg, Catch::Contains("max_connections=151 but the load needs 1001 connections; "
                                  "raise it in the profile (options: { max_connections: 1251 })"));
  CHECK_THAT(msg, Catch::Contains("max_prepared_stmt_count=16382 but the load needs 20000"));
  CHECK_THAT(msg, !Catch::Contains("open_files_limit"));  // 0: unknown, not checked
  CHECK_THAT(limits_problem({2000, 100000, 1000}, needs), Catch::Contains("open_files_limit=1000"));
  CHECK_THAT(limits_problem({151, 100000, 5000}, needs, LimitsOwner::server),
             Catch::Contains("raise it on the server (its my.cnf: max_connections=1251)"));
}

}  // namespace versus::load
