#pragma once
// PlanWriter: `versus plan` output. The expanded matrix, in the order it will run, and
// an estimate of the wall time. Starts nothing.
#include <ostream>
#include <string>

#include "config/plan/plan.h"
#include "config/plan/plan_time.h"
#include "config/plan/shards.h"

namespace versus::report {

using PlanEstimate = config::TimeEstimate;

// The whole plan's wall time (config/plan/plan_time.h).
PlanEstimate estimate_wall_time(const config::Plan& plan);

// "45 s", "2 min 05 s".
std::string seconds_text(double seconds);

void write_plan(std::ostream& out, const config::Plan& plan,
                const std::vector<config::Cell>& order);

// What `versus plan --shards N` adds: the plan's identity and the seed every shard uses,
// then per shard its groups (rows: engine, table size, workload, threads), cells and time.
struct ShardsHeader {
  std::string plan_id;     // config::plan_id
  std::uint64_t seed = 0;  // the plan's seed, or the one a shard derives (run::shard_seed)
};
void write_shards(std::ostream& out, const config::Plan& plan,
                  const std::vector<config::Shard>& shards, const ShardsHeader& header);

}  // namespace versus::report
