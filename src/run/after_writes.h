#pragma once
// AfterWrites: the tables the suite's second read pass is measured on. With lifecycle: cell
// every cell starts from a copy of its instance, so a read test measured "after the writes"
// (config::Plan::after_writes) needs the writes to have run on what it copies: once per
// instance, its snapshot is started, the plan's write workloads run on it one after another
// (never measured), then the postwrite step (run/postwrite.h: ANALYZE TABLE, InnoDB's dirty
// pages flushed and its purge caught up; its actions and times logged and noted), the server
// is stopped and that datadir kept as a second snapshot. Every
// second-pass cell of the instance starts from a copy of it, so each starts from the same
// tables whatever order the cells run in.
#include <atomic>
#include <vector>

#include "config/plan/plan.h"
#include "host/run_directory.h"
#include "results/record/progress.h"
#include "run/cell_run.h"
#include "run/instance.h"
#include "run/schedule.h"
#include "util/expected.h"

namespace versus::run {

// The loads run before the second pass on instance `k`: each write workload of the plan's
// suite (sysbench::SuiteGroup::writes, in plan order) for its cells' run length, at the
// plan's highest thread count, ids from the plan's seed. Empty when the plan has none.
std::vector<CellLoad> writes_before_reads(const config::Plan& plan, const InstanceKey& k);

// A copy of `inst` (named "<name>.after_writes") whose snapshot holds its tables after
// `writes` ran on a copy of its own; the server's error log goes to the run's
// logs/<name>.after_writes.prepare.error.log. Fails when a load fails or completes no transaction;
// nothing is left running on any path.
Expected<Instance> prepare_after_writes(const Instance& inst, const std::vector<CellLoad>& writes,
                                        const host::RunDirectory& run,
                                        results::ProgressSink& progress,
                                        const std::atomic<bool>* cancel);

}  // namespace versus::run
