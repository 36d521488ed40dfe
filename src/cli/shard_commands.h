#pragma once
// `versus merge` (the shards of a plan as one run) and `versus slurm` (the shards as a Slurm
// job array and its merge job): wiring only (cluster/shard_merge.h, cluster/slurm_job.h).
#include <CLI/CLI.hpp>
#include <functional>

namespace versus::cli {

void add_shard_commands(CLI::App& app, std::function<int()>& action);

}  // namespace versus::cli
