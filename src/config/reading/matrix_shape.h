#pragma once
// The shape of the matrix: exclude[] and include[] entries checked against the plan's axes.
#include <functional>
#include <string_view>

#include "config/plan/plan.h"
#include "config/reading/problems.h"

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

// The lines of explain and explain_budget (0: not given).
struct ExplainLines {
  int explain = 0, budget = 0;
};

// Reports explain: settings on a plan it cannot split (one server, lifecycle: server, a server
// on another host) and explain_budget without explain: settings.
void check_explain(const Plan& plan, const ExplainLines& lines, Problems& problems);

// Reports lifecycle: server with repeats: auto (at the lifecycle key: the rounds of the
// sequential design interleave servers, which one long-lived server per (server, profile)
// cannot) and with an estimate: paired given explicitly (at the estimate key: there are no
// interleaved rounds to pair; the default paired quietly becomes independent, run_estimate).
void check_lifecycle(const Plan& plan, const LifecycleKeys& keys, Problems& problems);

// The line a top-level key was given at, by its name (0 when not in the file).
using KeyLine = std::function<int(std::string_view key)>;

// Reports, for each workload family (sysbench/family_traits.h): its workloads beside another
// family's when its instances load its tables alone (at the workloads key, given at
// `workloads_line`), and a key only it reads given in a plan without its workloads (at that
// key: it would change nothing).
void check_families(const Plan& plan, int workloads_line, const KeyLine& line_of,
                    Problems& problems);

// Where reads_after_writes and reads_before_writes were given (0 when not in the file).
struct ReadPassLines {
  int after = 0, before = 0;
};
// Reports either given without a suite (they say when a suite's read tests run), and both
// false (no read test left).
void check_read_passes(const Plan& plan, const ReadPassLines& lines, Problems& problems);
// Where the suite's duration keys were given: their lines (0 when not in the file).
struct SuiteDurationLines {
  int read = 0, write = 0, insert = 0, warm = 0;
};
// Reports read_duration, write_duration or insert_duration given without a suite (they set a
// suite's tests' measured interval), and warm_duration without a suite run with lifecycle:
// round (the warm-up passes run on a round's server).
void check_suite_durations(const Plan& plan, const SuiteDurationLines& lines, Problems& problems);
// Reports an inlist_size list with more than one size other than 10 and 1000 (at `line`, 0
// when not in the file): with several sizes each runs as a test of its own name,
// random_points_10 and random_points_1000 for those sizes and random_points for one other.
void check_inlist_sizes(const Plan& plan, int line, Problems& problems);
// stall_limit must lie below stall_timeout (a stall that long is already an alarm); `line`
// is stall_limit's, or stall_timeout's when only it was given.
void check_stall_keys(const Plan& plan, int line, Problems& problems);

}  // namespace versus::config
