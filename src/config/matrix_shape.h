#pragma once
// The shape of the matrix: exclude[] and include[] entries checked against the plan's axes.
#include "config/plan.h"
#include "config/problems.h"

namespace versus::config {

// Reports, at the entry's line: an entry naming a value the plan lacks (it matches no cell),
// excludes that leave no cell, and two include[] entries setting one run length key
// differently for one cell (naming both lines).
void check_matrix_shape(const Plan& plan, Problems& problems);

// Where the keys check_lifecycle names were given: their lines (0 when not in the file: the
// table's default or the command line), and whether estimate was given at all.
struct LifecycleKeys {
  int lifecycle_line = 0;
  bool estimate_given = false;
  int estimate_line = 0;
};

// Reports lifecycle: server with repeats: auto (at the lifecycle key: the rounds of the
// sequential design interleave servers, which one long-lived server per (server, profile)
// cannot) and with an estimate: paired given explicitly (at the estimate key: there are no
// interleaved rounds to pair; the default paired quietly becomes independent, run_estimate).
void check_lifecycle(const Plan& plan, const LifecycleKeys& keys, Problems& problems);

}  // namespace versus::config
