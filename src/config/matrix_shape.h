#pragma once
// The shape of the matrix: exclude[] and include[] entries checked against the plan's axes.
#include "config/plan.h"
#include "config/problems.h"

namespace versus::config {

// Reports, at the entry's line: an entry naming a value the plan lacks (it matches no cell),
// excludes that leave no cell, and two include[] entries setting one run length key
// differently for one cell (naming both lines).
void check_matrix_shape(const Plan& plan, Problems& problems);

// Reports, at `line` (the lifecycle key's; 0 when it came from the table's default or the
// command line), lifecycle: server with repeats: auto: the rounds of the sequential design
// interleave servers, which one long-lived server per (server, profile) cannot.
void check_lifecycle(const Plan& plan, int line, Problems& problems);

}  // namespace versus::config
