#pragma once
// StatementCounts: sysbench's per-transaction statement counts (--point-selects, ...,
// --range-size) as the matrix gives them, with sysbench 1.0's defaults. They apply only
// where a workload runs that kind of statement (load/workload_mix.h says where).
#include <cstdint>

namespace versus::config {

struct StatementCounts {
  int point_selects = 10;
  int simple_ranges = 1;
  int sum_ranges = 1;
  int order_ranges = 1;
  int distinct_ranges = 1;
  std::uint32_t range_size = 100;  // rows each range statement spans
  int index_updates = 1;
  int non_index_updates = 1;
  int delete_inserts = 1;
};

}  // namespace versus::config
