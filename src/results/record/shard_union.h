#pragma once
// ShardMerge: the results of the shards of one plan (versus run --shard I/N) as one run.
// Pure: the run directories are read and written by cluster/shard_merge.h, which also checks,
// from the plan, that together they hold every cell.
#include <string>
#include <vector>

#include "results/record/cell_key.h"
#include "results/record/progress.h"
#include "results/record/record.h"
#include "util/expected.h"

namespace versus::results {

// The machine whose figures a run's cells are: the servers' host when they ran on another
// one (RunInfo::server_machine), else the machine versus ran on.
const MachineFacts& measured_machine(const RunInfo& info);
// A machine's fingerprint is every fact but its name: CPU model, cores, memory, kernel,
// cpufreq governor. Two hosts with the same fingerprint measure alike as far as versus knows.
bool same_fingerprint(const MachineFacts& a, const MachineFacts& b);
// "node1: Intel(R) Xeon(R) ..., 2 cores, 3.8 GiB, Linux 6.1.0 x86_64, governor performance".
std::string host_text(const MachineFacts& machine);
// Whether a run's hosts (RunInfo::hosts) differ in fingerprint: its rows name their host.
bool mixed_hosts(const RunInfo& info);

// One shard's run directory (its path, for messages) and what its results.json holds.
struct ShardRun {
  std::string dir;
  RunResults results;
};

struct MergeRules {
  bool partial = false;            // merge though some shards are missing
  bool allow_mixed_hosts = false;  // merge shards measured on machines of other fingerprints
};

// Checks that every run is a shard (not a whole run, not a merged one) of the same plan (plan
// id, shard count, seed, servers, profiles), each shard once and, unless rules.partial, all
// of them; that no cell is in two runs or twice in one; and, unless rules.allow_mixed_hosts,
// that every host has the first one's fingerprint. Then the merged run: the lowest shard's
// RunInfo with shard index 0, every shard's host (RunInfo::hosts, by shard), the earliest
// start, every cell with its host's name (CellRecord::host), every instance's data size once
// (the lowest shard's). Cells are in shard order; the caller orders them by the plan.
Expected<RunResults> merge_shards(const std::vector<ShardRun>& runs, const MergeRules& rules);

}  // namespace versus::results
