#pragma once
// SlurmJob: a plan's shards as a Slurm job array (versus slurm FILE --shards N). The job
// directory holds shards.sbatch (one array task per shard, each alone on its node: --nodes=1
// --exclusive, so nothing else measures beside it), merge.sbatch (versus merge of the shards,
// submitted with --dependency=afterok on the array: it runs once every shard succeeded),
// their output (task-T.out, .err; task T runs shard T+1), shard-I/ (each shard's run
// directory) and merged/ (the merged run).
#include <filesystem>
#include <string>
#include <vector>

#include "config/plan/overrides.h"
#include "util/expected.h"

namespace versus::cluster {

struct SlurmJob {
  std::filesystem::path versus;   // the versus binary every task runs (absolute)
  std::filesystem::path matrix;   // the matrix file (absolute)
  std::filesystem::path workdir;  // the tasks' working directory: matrix paths resolve here
  std::filesystem::path job_dir;  // absolute
  config::MatrixOverrides overrides;
  std::uint64_t seed = 0;  // --seed for every task; 0 = the plan's (a shard derives it)
  int shards = 0;
  std::string partition, constraint;  // empty: the cluster's default, any node
  std::string job_name = "versus";
};

// The array job's script: task T (SLURM_ARRAY_TASK_ID, 0-based) runs
// `versus run MATRIX --shard (T+1)/N -o JOB_DIR/shard-(T+1)`.
std::string array_script(const SlurmJob& job);
// The merge job's script: `versus merge JOB_DIR/shard-1 ... -o JOB_DIR/merged`.
std::string merge_script(const SlurmJob& job);

// Creates the job directory (refusing one that has scripts already) and writes both scripts.
// The job directory must be a valid run directory path (host/run_directory.h), and so must the
// working directory (sbatch splits #SBATCH lines at spaces).
Expected<void> write_slurm_job(const SlurmJob& job);

// The two sbatch commands, as a user would type them (for printing without --submit).
std::vector<std::string> sbatch_commands(const SlurmJob& job);

struct SubmittedJob {
  std::string array_id, merge_id;
};
// Submits the array with `sbatch --parsable`, then the merge with
// --dependency=afterok:<array id>. Fails with sbatch's own message (quoted), or when there is
// no sbatch on PATH.
Expected<SubmittedJob> submit_slurm_job(const SlurmJob& job);

}  // namespace versus::cluster
