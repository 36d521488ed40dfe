#pragma once
// PlanWriter: `versus plan` output. The expanded matrix, in the order it will run, and
// an estimate of the wall time. Starts nothing.
#include <ostream>

#include "config/plan.h"

namespace versus::report {

struct PlanEstimate {
  double prepare_s = 0;      // initializing and loading every instance
  double cells_s = 0;        // every cell: start, warmup, measurement, stop
  bool lower_bound = false;  // cells limited by max_requests only: the time is unknown
};

// Fixed overheads measured on MariaDB 10.11 here: about 1 s to initialize a datadir,
// 2 s to start, 2 s to stop; loading ~80k rows/s per table.
PlanEstimate estimate_wall_time(const config::Plan& plan);

void write_plan(std::ostream& out, const config::Plan& plan,
                const std::vector<config::Cell>& order);

}  // namespace versus::report
