#include "load/family/oltp/legacy_transaction.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace versus::load {
namespace {
std::vector<std::uint32_t> draw_ids(int count, std::uint32_t table_size, Random& rng) {
  std::vector<std::uint32_t> ids;
  for (int i = 0; i < count; ++i) ids.push_back(rng.by_default(1, table_size));
  return ids;
}

std::vector<IdRange> draw_ranges(int count, int extra, const WorkloadMix& mix,
                                 std::uint32_t table_size, Random& rng) {
  std::vector<IdRange> out;
  for (int i = 0; i < count; ++i) {
    std::uint32_t from =
        clamp_range_start(rng.by_default(1, table_size), mix.range_size, table_size);
    out.push_back({from, from + mix.range_size - 1 + static_cast<std::uint32_t>(extra)});
  }
  return out;
}
}  // namespace

// 0.4 computed table_size - range_size unsigned, which wraps when the range is larger than
// the table; here such a range simply starts at 1.
std::uint32_t clamp_range_start(std::uint32_t start, std::uint32_t range_size,
                                std::uint32_t table_size) {
  if (static_cast<std::uint64_t>(start) + range_size > table_size)
    start = range_size < table_size ? table_size - range_size : 1;
  return start < 1 ? 1 : start;
}

LegacyTransaction draw_legacy(const WorkloadMix& mix, std::uint32_t table_size, Random& rng) {
  LegacyTransaction t;
  t.points = draw_ids(mix.point_selects, table_size, rng);
  t.ranges[kSimpleRange] = draw_ranges(mix.simple_ranges, 0, mix, table_size, rng);
  t.ranges[kSumRange] = draw_ranges(mix.sum_ranges, 0, mix, table_size, rng);
  t.ranges[kOrderRange] = draw_ranges(mix.order_ranges, 0, mix, table_size, rng);
  t.ranges[kDistinctRange] = draw_ranges(mix.distinct_ranges, 1, mix, table_size, rng);
  t.index_updates = draw_ids(mix.index_updates, table_size, rng);
  t.non_index_updates = draw_ids(mix.non_index_updates, table_size, rng);
  if (mix.delete_inserts > 0) t.pair_id = rng.by_default(1, table_size);
  return t;
}

}  // namespace versus::load
