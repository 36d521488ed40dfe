#include "sysbench/workload.h"

#include <catch2/catch.hpp>

using versus::sysbench::Workload;

TEST_CASE("workload: sysbench's names both ways; legacy_* are sysbench 0.4's", "[sysbench]") {
  CHECK(versus::sysbench::workload_names().size() == 37);
  for (auto name : versus::sysbench::workload_names()) {
    auto w = versus::sysbench::workload_from_name(name);
    REQUIRE(w);
    CHECK(versus::sysbench::workload_name(*w) == name);
    CHECK(versus::sysbench::is_legacy(*w) == (name.substr(0, 7) == "legacy_"));
  }
  CHECK(versus::sysbench::workload_name(Workload::oltp_point_select) == "oltp_point_select");
  CHECK_FALSE(versus::sysbench::workload_from_name("oltp_read_write "));
}

TEST_CASE("workload: the microbenchmarks are point_query .. update_zipf", "[sysbench]") {
  using versus::sysbench::is_micro;
  CHECK(is_micro(Workload::point_query));
  CHECK(is_micro(Workload::scan));
  CHECK(is_micro(Workload::update_zipf));
  CHECK_FALSE(is_micro(Workload::legacy_read_only));
  CHECK_FALSE(is_micro(Workload::read_only_range_10));
  CHECK_FALSE(is_micro(Workload::oltp_point_select));
  CHECK(versus::sysbench::workload_name(Workload::read_only_range_10000) ==
        "read_only_range_10000");
  // The published tests added later: the one-statement ones are microbenchmarks.
  CHECK(is_micro(Workload::random_points_10));
  CHECK(is_micro(Workload::random_points_1000));
  CHECK(is_micro(Workload::read_only_count));
  for (auto w : {Workload::read_only_simple, Workload::read_only_sum, Workload::read_only_order,
                 Workload::read_only_distinct, Workload::read_write_range_10})
    CHECK_FALSE(is_micro(w));
  CHECK(versus::sysbench::workload_from_name("random_points_1000") == Workload::random_points_1000);
  CHECK(versus::sysbench::workload_from_name("read_write_range_10") ==
        Workload::read_write_range_10);
}

TEST_CASE("workload: random_points' sizes and their names", "[sysbench]") {
  using versus::sysbench::random_points_fixed_size;
  using versus::sysbench::random_points_of_size;
  CHECK(random_points_fixed_size(Workload::random_points_10) == 10);
  CHECK(random_points_fixed_size(Workload::random_points_1000) == 1000);
  CHECK(random_points_fixed_size(Workload::random_points) == 0);  // inlist_size
  CHECK(random_points_fixed_size(Workload::point_query) == 0);
  CHECK(random_points_of_size(10) == Workload::random_points_10);
  CHECK(random_points_of_size(1000) == Workload::random_points_1000);
  CHECK(random_points_of_size(100) == Workload::random_points);
  CHECK(random_points_of_size(7) == Workload::random_points);
}

TEST_CASE("statements_of: whose statements a workload sends", "[sysbench]") {
  using versus::sysbench::statements_of;
  CHECK(statements_of(Workload::oltp_read_write) == "sysbench 1.0");
  CHECK(statements_of(Workload::oltp_insert) == "sysbench 1.0");
  CHECK(statements_of(Workload::legacy_read_only) == "sysbench 0.4");
  CHECK(statements_of(Workload::tpcc) == "TPC-C");
  CHECK(statements_of(Workload::range_covered_si) == "microbenchmark");
  CHECK(statements_of(Workload::read_only_range_10) == "sysbench 1.0, ranges of 10");
  CHECK(statements_of(Workload::read_only_range_10000) == "sysbench 1.0, ranges of 10000");
  CHECK(statements_of(Workload::read_write_range_10) == "sysbench 1.0, ranges of 10");
  for (auto w : {Workload::read_only_simple, Workload::read_only_sum, Workload::read_only_order,
                 Workload::read_only_distinct})
    CHECK(statements_of(w) == "sysbench 1.0, ranges of 1000");
  CHECK(statements_of(Workload::read_only_count) == "microbenchmark");
  CHECK(statements_of(Workload::random_points_1000) == "microbenchmark");
}
