#include "sysbench/suite.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "load/family/oltp/micro_statements.h"

using versus::sysbench::Suite;
using versus::sysbench::Workload;

TEST_CASE("suite: microbenchmarks has every microbenchmark once, reads before writes",
          "[sysbench][suite]") {
  const auto& w = versus::sysbench::suite_workloads(Suite::microbenchmarks);
  for (const auto& s : versus::load::micro_statements())
    CHECK(std::count(w.begin(), w.end(), s.workload) == 1);
  for (auto ro : {Workload::read_only_range_10, Workload::read_only_range_100,
                  Workload::read_only_range_10000})
    CHECK(std::count(w.begin(), w.end(), ro) == 1);
  // Reads first: every workload after the first write writes.
  const auto first_write = std::find(w.begin(), w.end(), Workload::update_inlist);
  REQUIRE(first_write != w.end());
  for (auto it = w.begin(); it != first_write; ++it) {
    INFO(versus::sysbench::workload_name(*it));
    CHECK((versus::sysbench::is_micro(*it) ? !versus::load::micro_statement(*it).write
                                           : std::string_view(versus::sysbench::workload_name(*it))
                                                     .rfind("read_only_range_", 0) == 0));
  }
  CHECK(w.front() == Workload::point_query);
  CHECK(versus::sysbench::suite_from_name("microbenchmarks") == Suite::microbenchmarks);
  CHECK(versus::sysbench::suite_name(Suite::microbenchmarks) == "microbenchmarks");
}
