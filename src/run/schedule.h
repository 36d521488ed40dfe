#pragma once
// Schedule: the order cells run in. Columns (server x profile x engine) alternate
// innermost, so host drift spreads over every column instead of favouring one:
// for repeat, for workload, for threads, for column. Repeat r starts at column r (mod the
// column count): across repeats every column runs first, and after each other column, as
// often as the others, so a column's place in the order cannot bias it (an A/A pair run
// always A1 then A2 differed by 1.2% with a tight interval).
#include <vector>

#include "config/plan/plan.h"

namespace versus::run {

// The cells excluded by the plan's exclude[] entries are left out. With lifecycle: server the
// order is instance by instance instead (one long-lived server per (server, profile) runs
// its instances one after the other): no interleaving across columns. With lifecycle: round,
// round by round, and within a round instance by instance (the first rotating with the
// round), each instance's cells in plan order: the columns interleave by round.
std::vector<config::Cell> schedule_cells(const config::Plan& plan);

// The instance a cell runs on: one per (server, profile, engine, table size).
struct InstanceKey {
  std::size_t server = 0, profile = 0, engine = 0, size = 0;
  auto operator<=>(const InstanceKey&) const = default;
};
InstanceKey instance_of(const config::Cell& cell);
// Every instance the plan needs, in plan order.
std::vector<InstanceKey> instances_of(const config::Plan& plan);

}  // namespace versus::run
