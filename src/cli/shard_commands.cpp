#include "cli/shard_commands.h"

#include <iostream>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "cluster/shard_merge.h"
#include "cluster/slurm_job.h"
#include "config/plan/shards.h"
#include "config/reading/matrix_parser.h"
#include "host/run_directory.h"

namespace versus::cli {
namespace fs = std::filesystem;

namespace {
struct MergeArgs {
  std::vector<std::string> dirs;
  std::string output;
  bool partial = false, allow_mixed_hosts = false;
  std::size_t width = 100;
};

struct SlurmArgs {
  std::string matrix, job_dir, partition, constraint, versus;
  int shards = 0;
  bool submit = false;
  std::uint64_t seed = 0;
  config::MatrixOverrides overrides;
};

int error_exit(const Error& e, int code) {
  std::cerr << "versus: " << e.message << '\n';
  return code;
}

int merge_command(const MergeArgs& a) {
  cluster::MergeRequest request{{}, a.output, {a.partial, a.allow_mixed_hosts}};
  for (const auto& d : a.dirs) request.dirs.emplace_back(d);
  auto merged = cluster::merge_shard_dirs(request);
  if (!merged) return error_exit(merged.error(), kUsage);
  return report_run({merged->dir, merged->results, false, std::nullopt}, a.width);
}

cluster::SlurmJob slurm_job(const SlurmArgs& a) {
  cluster::SlurmJob job;
  job.versus = a.versus.empty() ? fs::read_symlink("/proc/self/exe") : fs::absolute(a.versus);
  job.matrix = fs::absolute(a.matrix).lexically_normal();
  job.workdir = fs::current_path();
  job.job_dir =
      fs::absolute(a.job_dir.empty() ? fs::path("results") / ("slurm-" + host::timestamp_id())
                                     : fs::path(a.job_dir))
          .lexically_normal();
  job.overrides = a.overrides;
  job.seed = a.seed;
  job.shards = a.shards;
  job.partition = a.partition;
  job.constraint = a.constraint;
  return job;
}

int slurm_command(const SlurmArgs& a) {
  auto plan = config::parse_matrix_file(a.matrix, a.overrides);
  if (!plan) return error_exit(plan.error(), kUsage);
  if (auto shards = config::assign_shards(*plan, a.shards); !shards)
    return error_exit(shards.error(), kUsage);
  const cluster::SlurmJob job = slurm_job(a);
  if (auto ok = cluster::write_slurm_job(job); !ok) return error_exit(ok.error(), kUsage);
  std::cout << "versus: job in " << job.job_dir.string() << "/ (shards.sbatch, merge.sbatch)\n";
  if (!a.submit) {
    std::cout << "submit it with:\n";
    for (const auto& line : cluster::sbatch_commands(job)) std::cout << "  " << line << '\n';
    return kOk;
  }
  auto submitted = cluster::submit_slurm_job(job);
  if (!submitted) return error_exit(submitted.error(), kRunError);
  std::cout << "versus: array job " << submitted->array_id << " (" << a.shards
            << " shards), merge job " << submitted->merge_id << " -> "
            << (job.job_dir / "merged").string() << "/\n";
  return kOk;
}

void add_merge(CLI::App& app, std::function<int()>& action) {
  auto args = std::make_shared<MergeArgs>();
  MergeArgs& a = *args;
  auto* cmd =
      app.add_subcommand("merge", "Merge the shards of a plan (run --shard I/N) into one run");
  cmd->add_option("run_dirs", a.dirs, "The shards' run directories (versus run --shard I/N)")
      ->required();
  cmd->add_option("-o,--output", a.output, "The merged run directory (new)")->required();
  cmd->add_flag("--partial", a.partial, "Merge though shards or some of their cells are missing");
  cmd->add_flag("--allow-mixed-hosts", a.allow_mixed_hosts,
                "Merge shards of machines that differ (CPU, cores, memory, kernel, governor); "
                "rows name their host");
  cmd->add_option("--width", a.width, "Terminal table width")->default_val(100);
  cmd->callback([args, &action] { action = [args] { return merge_command(*args); }; });
}

void add_slurm(CLI::App& app, std::function<int()>& action) {
  auto args = std::make_shared<SlurmArgs>();
  SlurmArgs& a = *args;
  auto* cmd = app.add_subcommand("slurm",
                                 "A Slurm job array of a plan's shards and their merge (--submit)");
  cmd->add_option("matrix", a.matrix, "The matrix file (YAML)")->required();
  cmd->add_option("--shards", a.shards, "Shards: array tasks, one node each")
      ->required()
      ->check(CLI::PositiveNumber);
  cmd->add_option("-o,--output", a.job_dir, "Job directory (default results/slurm-<time>)");
  cmd->add_option("--partition", a.partition, "sbatch --partition of every job");
  cmd->add_option("--constraint", a.constraint,
                  "sbatch --constraint of the shards (node features)");
  cmd->add_flag("--submit", a.submit, "Submit both jobs with sbatch (else print the commands)");
  cmd->add_option("--seed", a.seed, "Seed of every session's random ids (as run --seed)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{4'611'686'018'427'387'903ULL}));
  cmd->add_option("--versus", a.versus, "The versus binary the jobs run (default: this one)");
  cmd->add_option("--server", a.overrides.servers, "NAME=BASEDIR, passed to every shard");
  cmd->add_option("--set", a.overrides.sets, "KEY=VALUE, passed to every shard");
  cmd->callback([args, &action] { action = [args] { return slurm_command(*args); }; });
}
}  // namespace

void add_shard_commands(CLI::App& app, std::function<int()>& action) {
  add_merge(app, action);
  add_slurm(app, action);
}

}  // namespace versus::cli
