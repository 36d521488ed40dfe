#pragma once
// LegacyTransaction: the ids of one sysbench 0.4.12 complex-mode transaction, drawn before it
// runs (get_request_complex() builds the whole query list first), so a retry after a deadlock
// runs the same ids again. Pure: the random generator is the only input besides the mix.
#include <array>
#include <cstdint>
#include <vector>

#include "load/data/random.h"
#include "load/step/workload_mix.h"

namespace versus::load {

// One range statement's bounds, both inclusive.
struct IdRange {
  std::uint32_t from = 0, to = 0;
};

struct LegacyTransaction {
  std::vector<std::uint32_t> points;
  // simple, sum, order, distinct: starts kept so a range stays inside the table; the
  // DISTINCT range spans range_size + 1 ids (0.4's `to = range + range_size`).
  std::array<std::vector<IdRange>, 4> ranges;
  std::vector<std::uint32_t> index_updates;
  std::vector<std::uint32_t> non_index_updates;
  std::uint32_t pair_id = 0;  // UPDATE k, DELETE, then INSERT of this id (writes only)
};

enum RangeKind { kSimpleRange = 0, kSumRange = 1, kOrderRange = 2, kDistinctRange = 3 };

// Draws in 0.4's order: points, ranges by kind, index updates, non-index updates, pair id.
LegacyTransaction draw_legacy(const WorkloadMix& mix, std::uint32_t table_size, Random& rng);


// 0.4's clamp of a range start: start + range_size <= table_size, start >= 1.
std::uint32_t clamp_range_start(std::uint32_t start, std::uint32_t range_size,
                                std::uint32_t table_size);

}  // namespace versus::load
