#include "config/plan/matrix_walk.h"

#include <algorithm>

namespace versus::config {

namespace {

// How many values `axis` takes in `plan`.
std::size_t axis_extent(const Plan& plan, Axis axis) {
  switch (axis) {
    case Axis::server:
      return plan.servers.size();
    case Axis::profile:
      return plan.profiles.size();
    case Axis::engine:
      return plan.engines.size();
    case Axis::size:
      return plan.table_sizes.size();
    case Axis::instance:
      return plan.servers.size() * plan.profiles.size() * plan.engines.size() *
             plan.table_sizes.size();
    case Axis::workload:
      return plan.workloads.size();
    case Axis::threads:
      return plan.threads.size();
    case Axis::round:
      return static_cast<std::size_t>(std::max(0, rounds_of(plan)));
  }
  return 0;
}

// Sets the instance axes of `cell` to the `i`th instance in plan order.
void set_instance(const Plan& plan, std::size_t i, Cell& cell) {
  const std::size_t sizes = plan.table_sizes.size(), engines = plan.engines.size();
  const std::size_t profiles = plan.profiles.size();
  cell.size = i % sizes;
  cell.engine = i / sizes % engines;
  cell.profile = i / sizes / engines % profiles;
  cell.server = i / sizes / engines / profiles;
}

// Sets axis `axis` of `cell` to its `i`th value; `rotate`: the round is walked outside.
void set_axis(const Plan& plan, Axis axis, std::size_t i, bool rotate, Cell& cell) {
  switch (axis) {
    case Axis::server:
      cell.server = i;
      return;
    case Axis::profile:
      cell.profile = i;
      return;
    case Axis::engine:
      cell.engine = i;
      return;
    case Axis::size:
      cell.size = i;
      return;
    case Axis::instance: {
      const std::size_t shift = rotate ? static_cast<std::size_t>(cell.repeat) : 0;
      set_instance(plan, (i + shift) % axis_extent(plan, Axis::instance), cell);
      return;
    }
    case Axis::workload:
      cell.workload = i;
      return;
    case Axis::threads:
      cell.threads = plan.threads[i];
      return;
    case Axis::round:
      cell.repeat = static_cast<int>(i);
      return;
  }
}

struct MatrixWalker {
  const Plan& plan;
  std::span<const Axis> order;
  const std::function<void(const Cell&)>& visit;

  void walk(std::size_t depth, Cell cell, bool round_outside) const {
    if (depth == order.size()) return visit(cell);
    const Axis axis = order[depth];
    const std::size_t n = axis_extent(plan, axis);
    for (std::size_t i = 0; i < n; ++i) {
      set_axis(plan, axis, i, round_outside, cell);
      walk(depth + 1, cell, round_outside || axis == Axis::round);
    }
  }
};

}  // namespace

void walk_matrix(const Plan& plan, std::span<const Axis> order,
                 const std::function<void(const Cell&)>& visit, Cell from) {
  MatrixWalker{plan, order, visit}.walk(0, from, false);
}

}  // namespace versus::config
