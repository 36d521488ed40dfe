#pragma once
// Merging the run directories of a plan's shards (versus run FILE --shard I/N on each host)
// into one ordinary run directory: results.json with every cell once, in the plan's order,
// the matrix copy and its overrides, every cell's kept error log. versus report, compare and
// history add read it as any run; `versus merge` then writes its reports as `run` does.
#include <filesystem>
#include <vector>

#include "results/record/record.h"
#include "results/record/shard_union.h"
#include "util/expected.h"

namespace versus::cluster {

struct MergeRequest {
  std::vector<std::filesystem::path> dirs;  // the shards' run directories
  std::filesystem::path output;             // the merged run directory (new)
  results::MergeRules rules;
};

struct Merged {
  std::filesystem::path dir;
  results::RunResults results;
};

// Fails, writing nothing, when results::merge_shards refuses the runs, or when a shard lacks
// some of the cells the plan (read from the first directory's matrix copy and overrides)
// assigns it, or holds a cell of another shard; both name the directory. With repeats: auto a
// group's later rounds may be missing (its comparisons were decided), but not its first two
// rounds, nor any column of a round the group ran.
Expected<Merged> merge_shard_dirs(const MergeRequest& request);

}  // namespace versus::cluster
