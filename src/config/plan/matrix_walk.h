#pragma once
// MatrixWalk: the one loop over a plan's matrix. Every order the cells are taken in (the plan's
// canonical order, the schedule's three, a row's columns) is a list of axes, outermost first,
// walked here.
#include <array>
#include <functional>
#include <span>

#include "config/plan/plan.h"

namespace versus::config {

// An axis of the matrix. `instance` is (server, profile, engine, table size) as one axis, in
// that nesting (table size fastest): the cells that share a datadir.
enum class Axis { server, profile, engine, size, instance, workload, threads, round };

// expand_cells' order: instance, workload, threads, round (the round fastest).
inline constexpr std::array<Axis, 4> kPlanOrder{Axis::instance, Axis::workload, Axis::threads,
                                                Axis::round};

// Calls `visit` with every combination of the values of the axes in `order` (threads in the
// plan's order, rounds 0 to rounds_of - 1), the last axis varying fastest; the axes not in
// `order` keep `from`'s values. An instance axis inside the round axis starts at instance
// (round mod count) and wraps, so across rounds each instance comes first as often as the
// others (run/schedule.h). Excluded cells are visited too: excluded() tells them.
void walk_matrix(const Plan& plan, std::span<const Axis> order,
                 const std::function<void(const Cell&)>& visit, Cell from = {});

}  // namespace versus::config
