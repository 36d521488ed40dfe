#include "sysbench/replay_workload.h"

#include <catch2/catch.hpp>

namespace sb = versus::sysbench;

TEST_CASE("replay workload: replay_order's names, both ways, the default first", "[sysbench]") {
  for (auto o : {sb::ReplayOrder::captured, sb::ReplayOrder::weighted})
    CHECK(sb::replay_order_from_name(sb::replay_order_name(o)) == o);
  CHECK(sb::replay_order_names() == std::vector<std::string_view>{"captured", "weighted"});
  CHECK_FALSE(sb::replay_order_from_name("random"));
  CHECK(sb::ReplayWorkload{}.order == sb::ReplayOrder::captured);
}
