#include "run/schedule.h"

namespace versus::run {

namespace {
// lifecycle: server: instance by instance in plan order (a server's instances one after the
// other), each instance's cells back to back: for repeat, for workload, for threads.
std::vector<config::Cell> instance_by_instance(const config::Plan& plan) {
  std::vector<config::Cell> cells;
  for (const auto& k : instances_of(plan))
    for (int r = 0; r < config::rounds_of(plan); ++r)
      for (std::size_t w = 0; w < plan.workloads.size(); ++w)
        for (int t : plan.threads) {
          const config::Cell c{k.server, k.profile, k.engine, w, t, r, k.size};
          if (!config::excluded(plan, c)) cells.push_back(c);
        }
  return cells;
}

// lifecycle: round: round by round, instance by instance (the first one rotating with the
// round, as the columns do under lifecycle: cell), each instance's cells of the round back to
// back in plan order: for workload, for threads (run/round_server.h).
std::vector<config::Cell> round_by_round(const config::Plan& plan) {
  std::vector<config::Cell> cells;
  const auto keys = instances_of(plan);
  for (int r = 0; r < config::rounds_of(plan); ++r)
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const auto& k = keys[(i + static_cast<std::size_t>(r)) % keys.size()];
      for (std::size_t w = 0; w < plan.workloads.size(); ++w)
        for (int t : plan.threads) {
          const config::Cell c{k.server, k.profile, k.engine, w, t, r, k.size};
          if (!config::excluded(plan, c)) cells.push_back(c);
        }
    }
  return cells;
}
}  // namespace

std::vector<config::Cell> schedule_cells(const config::Plan& plan) {
  if (plan.lifecycle == config::Lifecycle::server) return instance_by_instance(plan);
  if (plan.lifecycle == config::Lifecycle::round) return round_by_round(plan);
  std::vector<config::Cell> cells;
  const auto keys = instances_of(plan);
  for (int r = 0; r < config::rounds_of(plan); ++r)
    for (std::size_t w = 0; w < plan.workloads.size(); ++w)
      for (int t : plan.threads)
        for (std::size_t i = 0; i < keys.size(); ++i) {
          const auto& k = keys[(i + static_cast<std::size_t>(r)) % keys.size()];
          const config::Cell c{k.server, k.profile, k.engine, w, t, r, k.size};
          if (!config::excluded(plan, c)) cells.push_back(c);
        }
  return cells;
}

InstanceKey instance_of(const config::Cell& cell) {
  return {cell.server, cell.profile, cell.engine, cell.size};
}

std::vector<InstanceKey> instances_of(const config::Plan& plan) {
  std::vector<InstanceKey> keys;
  for (std::size_t s = 0; s < plan.servers.size(); ++s)
    for (std::size_t p = 0; p < plan.profiles.size(); ++p)
      for (std::size_t e = 0; e < plan.engines.size(); ++e)
        for (std::size_t z = 0; z < plan.table_sizes.size(); ++z) keys.push_back({s, p, e, z});
  return keys;
}

}  // namespace versus::run
