#include "sysbench/workload.h"

#include <catch2/catch.hpp>

using versus::sysbench::Workload;

TEST_CASE("workload: sysbench's names both ways; legacy_* are sysbench 0.4's", "[sysbench]") {
  CHECK(versus::sysbench::workload_names().size() == 29);
  for (auto name : versus::sysbench::workload_names()) {
    auto w = versus::sysbench::workload_from_name(name);
    REQUIRE(w);
    CHECK(versus::sysbench::workload_name(*w) == name);
    CHECK(versus::sysbench::is_legacy(*w) == (name.substr(0, 7) == "legacy_"));
    CHECK(versus::sysbench::is_tpcc(*w) == (name == "tpcc"));
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
}
