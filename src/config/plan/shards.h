#pragma once
// Shards: a plan split over N hosts (versus plan --shards N, versus run --shard I/N). A shard
// holds whole comparison groups: a group is one row of the report's tables (engine, table
// size, workload, thread count), with every column (server x profile) and every repeat or
// round of each, because every ratio compares columns of one row and the paired estimate
// pairs them round by round (report/shared/comparison.h, results/stats/statistics.h). So no ratio
// is ever formed across hosts. Groups go to shards by their estimated time
// (config/plan/plan_time.h), longest first, each to the shard that would end soonest:
// deterministic, from the plan alone.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "config/plan/plan.h"
#include "config/plan/plan_time.h"
#include "util/expected.h"

namespace versus::config {

// Which shard of how many: index 1..count; count 0 = the whole plan.
struct ShardSpec {
  int index = 0;
  int count = 0;
  bool sharded() const { return count > 0; }
};

// "I/N" with 1 <= I <= N; the error names `flag` and what was expected.
Expected<ShardSpec> parse_shard(std::string_view text, std::string_view flag = "--shard");

// One comparison group: a row of the report (indexes into the plan's vectors). With
// lifecycle: round an (engine, table size) as a whole, workload and threads 0: its cells run
// one after another on each round's server, each seeing what the ones before left.
struct GroupKey {
  std::size_t engine = 0, size = 0, workload = 0;
  int threads = 0;
  auto operator<=>(const GroupKey&) const = default;
};
GroupKey group_of(const Plan& plan, const Cell& cell);

struct Shard {
  std::vector<GroupKey> groups;  // canonical order (engine, size, workload, threads)
  std::vector<Cell> cells;       // every cell of its groups, canonical order (expand_cells)
  TimeEstimate time;             // its instances and cells (config/plan/plan_time.h)
};

// The plan's cells in `count` shards (index 0 is shard 1). Fails when count < 1 or when the
// plan has fewer groups than count (a shard would hold nothing), naming `flag`.
Expected<std::vector<Shard>> assign_shards(const Plan& plan, int count,
                                           std::string_view flag = "--shards");

// Whether `cell` belongs to shard `spec` (always, for an unsharded spec).
bool in_shard(const Plan& plan, const std::vector<Shard>& shards, const ShardSpec& spec,
              const Cell& cell);

// The plan's identity, the same on every host: 16 hex digits of a 64-bit FNV-1a hash of the
// matrix file's bytes and the command line's overrides (--server, --set). Fails when the
// matrix file cannot be read.
Expected<std::string> plan_id(const Plan& plan);

}  // namespace versus::config
