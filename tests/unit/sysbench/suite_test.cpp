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
                  Workload::read_only_range_10000, Workload::read_only_simple,
                  Workload::read_only_sum, Workload::read_only_order, Workload::read_only_distinct,
                  Workload::read_write_range_10})
    CHECK(std::count(w.begin(), w.end(), ro) == 1);
  // Reads first: every workload after the first write writes.
  const auto first_write = std::find(w.begin(), w.end(), Workload::update_inlist);
  REQUIRE(first_write != w.end());
  for (auto it = w.begin(); it != first_write; ++it) {
    INFO(versus::sysbench::workload_name(*it));
    CHECK((versus::sysbench::is_micro(*it) ? !versus::load::micro_statement(*it).write
                                           : std::string_view(versus::sysbench::workload_name(*it))
                                                     .rfind("read_only_", 0) == 0));
  }
  CHECK(w.front() == Workload::scan);  // the published reads' first test
  CHECK(versus::sysbench::suite_from_name("microbenchmarks") == Suite::microbenchmarks);
  CHECK(versus::sysbench::suite_name(Suite::microbenchmarks) == "microbenchmarks");
}

TEST_CASE("suite: microbenchmarks is the published summaries' 32 tests in their four groups",
          "[sysbench][suite]") {
  using versus::sysbench::SuiteGroup;
  using W = Workload;
  auto group = [](SuiteGroup g) {
    std::vector<Workload> out;
    for (Workload w : versus::sysbench::suite_workloads(Suite::microbenchmarks))
      if (versus::sysbench::suite_group(w) == g) out.push_back(w);
    return out;
  };
  CHECK(versus::sysbench::suite_workloads(Suite::microbenchmarks).size() == 32);
  // Each group's tests in the order the published run takes them.
  CHECK(group(SuiteGroup::point) ==
        std::vector<Workload>{W::point_query, W::random_points_10, W::random_points,
                              W::random_points_1000, W::hot_points, W::points_covered_pk,
                              W::points_notcovered_pk, W::points_covered_si,
                              W::points_notcovered_si});
  CHECK(group(SuiteGroup::range) ==
        std::vector<Workload>{W::scan, W::range_covered_pk, W::range_notcovered_pk,
                              W::range_covered_si, W::range_notcovered_si});
  CHECK(group(SuiteGroup::aggregation) ==
        std::vector<Workload>{W::read_only_range_10, W::read_only_range_100,
                              W::read_only_range_10000, W::read_only_simple, W::read_only_sum,
                              W::read_only_order, W::read_only_distinct, W::read_only_count});
  CHECK(group(SuiteGroup::writes) ==
        std::vector<Workload>{W::update_inlist, W::oltp_update_index, W::oltp_update_non_index,
                              W::update_one, W::update_zipf, W::oltp_write_only,
                              W::read_write_range_10, W::oltp_read_write, W::oltp_delete,
                              W::oltp_insert});
  // The published run's order (all_small.sh, after its writes): the reads, then the writes.
  const auto& all = versus::sysbench::suite_workloads(Suite::microbenchmarks);
  CHECK(std::vector<Workload>(all.begin(), all.begin() + 22) ==
        std::vector<Workload>{
            W::scan, W::read_only_range_10, W::read_only_range_100, W::read_only_range_10000,
            W::read_only_simple, W::read_only_sum, W::read_only_order, W::read_only_distinct,
            W::read_only_count, W::point_query, W::random_points_10, W::random_points,
            W::random_points_1000, W::hot_points, W::points_covered_pk, W::points_notcovered_pk,
            W::range_covered_pk, W::range_notcovered_pk, W::points_covered_si,
            W::points_notcovered_si, W::range_covered_si, W::range_notcovered_si});
  for (std::size_t i = 22; i < all.size(); ++i)
    CHECK(versus::sysbench::suite_group(all[i]) == SuiteGroup::writes);
  // The second pass after the writes: the 22 read tests, in the same order.
  const auto reads = versus::sysbench::suite_reads(Suite::microbenchmarks);
  CHECK(reads.size() == 22);
  CHECK(std::equal(reads.begin(), reads.end(), all.begin()));
}
