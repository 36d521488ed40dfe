#include "run/after_writes.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/matrix_text.h"

using versus::config::Plan;

namespace {
Plan suite_plan(const std::string& extra) {
  return versus::testing::good_plan(
      "suite: microbenchmarks\nthreads: [1, 4]\nduration: 5s\n"
      "warmup: 1s\n" +
      extra);
}
}  // namespace

TEST_CASE("writes_before_reads: the suite's writes in order, at the most threads, each its length",
          "[run][after_writes]") {
  const Plan plan = suite_plan("include:\n  - { workload: update_one, duration: 2s }\n");
  const auto writes = versus::run::writes_before_reads(plan, {});
  std::vector<std::string> names;
  for (const auto& w : writes) {
    names.push_back(w.workload);
    CHECK(w.driver.connections == 4);
    CHECK(w.driver.warmup == std::chrono::seconds(1));
    CHECK(w.driver.duration ==
          (w.workload == "update_one" ? std::chrono::seconds(2) : std::chrono::seconds(5)));
  }
  CHECK(names == std::vector<std::string>{"update_inlist", "oltp_update_index",
                                          "oltp_update_non_index", "update_one", "update_zipf",
                                          "oltp_write_only", "read_write_range_10",
                                          "oltp_read_write"});  // delete, insert: last
}

TEST_CASE("writes_before_reads: none without the suite's writes", "[run][after_writes]") {
  CHECK(
      versus::run::writes_before_reads(versus::testing::good_plan("workloads: [point_query]\n"), {})
          .empty());
}
