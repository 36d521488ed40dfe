#include "run/schedule.h"

#include <span>

#include "config/plan/matrix_walk.h"

namespace versus::run {

namespace {
using config::Axis;
// lifecycle: cell: round by round, and in a round for workload, for threads, for instance, the
// first instance rotating with the round: the columns alternate innermost.
constexpr Axis kColumnsInnermost[] = {Axis::round, Axis::workload, Axis::threads, Axis::instance};
// lifecycle: server: instance by instance in plan order (a server's instances one after the
// other), each instance's cells back to back: for repeat, for workload, for threads.
constexpr Axis kInstanceByInstance[] = {Axis::instance, Axis::round, Axis::workload, Axis::threads};
// lifecycle: round: round by round, instance by instance (the first one rotating with the
// round, as the columns do under lifecycle: cell), each instance's cells of the round back to
// back in plan order: for workload, for threads (run/round_server.h).
constexpr Axis kRoundByRound[] = {Axis::round, Axis::instance, Axis::workload, Axis::threads};

std::span<const Axis> schedule_order(config::Lifecycle lifecycle) {
  if (lifecycle == config::Lifecycle::server) return kInstanceByInstance;
  if (lifecycle == config::Lifecycle::round) return kRoundByRound;
  return kColumnsInnermost;
}
}  // namespace

std::vector<config::Cell> schedule_cells(const config::Plan& plan) {
  std::vector<config::Cell> cells;
  config::walk_matrix(plan, schedule_order(plan.lifecycle), [&](const config::Cell& c) {
    if (!config::excluded(plan, c)) cells.push_back(c);
  });
  return cells;
}

InstanceKey instance_of(const config::Cell& cell) {
  return {cell.server, cell.profile, cell.engine, cell.size};
}

std::vector<InstanceKey> instances_of(const config::Plan& plan) {
  std::vector<InstanceKey> keys;
  constexpr config::Axis kInstances[] = {config::Axis::instance};
  config::walk_matrix(plan, kInstances,
                      [&](const config::Cell& c) { keys.push_back(instance_of(c)); });
  return keys;
}

}  // namespace versus::run
