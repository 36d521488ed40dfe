#pragma once
#include <cstdint>
// PlanTime: the wall time a plan, or a part of it (a shard's cells), is expected to take.
// Fixed overheads measured on MariaDB 10.11 here: about 1 s to initialize a datadir, 2 s to
// start, 2 s to stop; loading ~80k rows/s per table. `versus plan` prints it and the shards
// (config/plan/shards.h) are balanced by it.
#include <vector>

#include "config/plan/plan.h"

namespace versus::config {

struct TimeEstimate {
  double prepare_s = 0;      // initializing and loading every instance the cells need
  double cells_s = 0;        // every cell: start, warmup, measurement, stop
  bool lower_bound = false;  // cells limited by max_requests only: the time is unknown
  double total_s() const { return prepare_s + cells_s; }
};

// Seconds one cell takes: its server's start and stop (lifecycle: cell), the longest warmup
// it may take and its measured duration (0 when max_requests alone limits it).
double cell_seconds(const Plan& plan, const Cell& cell);

// Seconds to prepare one instance (one column at one engine and table size): initialize,
// start, load, stop (lifecycle: cell), or only the load on a shared server.
double instance_seconds(const Plan& plan, std::size_t size_index);

// The wall time of running `cells` of `plan`: the instances they need (every column of each
// (engine, table size) they touch, as the run prepares them) and the cells themselves.
// With repeats: auto and a time budget, at most one round past the budget.
TimeEstimate estimate_time(const Plan& plan, const std::vector<Cell>& cells);

// The rounds of a why run (run/why/why_run.h): the plan's repeats, at least 5 (repeats: auto: 5).
int why_rounds(const Plan& plan);

// The wall time of the second run `explain: settings` adds for one column with `groups` variants
// of its own: the baseline, the column, the variants and the all-alike one, under the first
// profile, why_rounds rounds, every cell of the matrix. `own_loads` of the variants (counting
// the all-alike one) load tables of their own; the others are copies of the column's instances
// restarted with their settings (servers[].data_from). By default every one loads: the most.
double explain_column_seconds(const Plan& plan, std::size_t groups,
                              std::size_t own_loads = SIZE_MAX);

}  // namespace versus::config
