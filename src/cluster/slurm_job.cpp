#include "cluster/slurm_job.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>

#include "util/log.h"
#include "util/subprocess.h"
#include "util/whole_file.h"

namespace versus::cluster {
namespace fs = std::filesystem;

namespace {
fs::path array_file(const SlurmJob& j) {
  return j.job_dir / "shards.sbatch";
}
fs::path merge_file(const SlurmJob& j) {
  return j.job_dir / "merge.sbatch";
}

// The #SBATCH lines both scripts share.
std::string common_lines(const SlurmJob& j, const std::string& name) {
  std::string s =
      fmt::format("#SBATCH --job-name={}\n#SBATCH --chdir={}\n", name, j.workdir.string());
  if (!j.partition.empty()) s += "#SBATCH --partition=" + j.partition + "\n";
  return s;
}

// `versus run MATRIX [--server ...] [--set ...] [--seed S]`, shell-quoted.
std::string run_command(const SlurmJob& j) {
  std::vector<std::string> args{"run", j.matrix.string()};
  for (const auto& s : j.overrides.servers) args.insert(args.end(), {"--server", s});
  for (const auto& s : j.overrides.sets) args.insert(args.end(), {"--set", s});
  if (j.seed != 0) args.insert(args.end(), {"--seed", std::to_string(j.seed)});
  return log::argv_text(j.versus, args);
}
}  // namespace

std::string array_script(const SlurmJob& j) {
  std::string s = "#!/bin/sh\n# versus: the shards of " + j.matrix.string() +
                  ", one array task each, alone on its node\n" + common_lines(j, j.job_name);
  s += fmt::format("#SBATCH --array=0-{}\n#SBATCH --nodes=1\n#SBATCH --exclusive\n", j.shards - 1);
  if (!j.constraint.empty()) s += "#SBATCH --constraint=" + j.constraint + "\n";
  s += fmt::format("#SBATCH --output={0}/task-%a.out\n#SBATCH --error={0}/task-%a.err\n",
                   j.job_dir.string());
  s += "shard=$((SLURM_ARRAY_TASK_ID + 1))  # task T (0-based) runs shard T+1 of 1..N\n";
  s += fmt::format("exec {} --shard \"$shard/{}\" -o \"{}/shard-$shard\"\n", run_command(j),
                   j.shards, j.job_dir.string());
  return s;
}

std::string merge_script(const SlurmJob& j) {
  std::vector<std::string> args{"merge"};
  for (int i = 1; i <= j.shards; ++i)
    args.push_back((j.job_dir / fmt::format("shard-{}", i)).string());
  args.insert(args.end(), {"-o", (j.job_dir / "merged").string()});
  return "#!/bin/sh\n# versus: the merge of the shards, once all of them succeeded\n" +
         common_lines(j, j.job_name + "-merge") +
         fmt::format(
             "#SBATCH --nodes=1\n#SBATCH --output={0}/merge.out\n#SBATCH --error={0}/merge.err\n",
             j.job_dir.string()) +
         "exec " + log::argv_text(j.versus, args) + "\n";
}

Expected<void> write_slurm_job(const SlurmJob& j) {
  if (auto hazard = shell_script_hazard(j.job_dir); !hazard.empty())
    return fail("cannot use the job directory: " + hazard);
  // #SBATCH lines are split at spaces: the working directory must not hold any either.
  if (auto hazard = shell_script_hazard(j.workdir); !hazard.empty())
    return fail("cannot run the job from this directory (its --chdir): " + hazard);
  std::error_code ec;
  if (fs::exists(array_file(j), ec) || fs::exists(merge_file(j), ec))
    return fail(j.job_dir.string() + ": already holds a job (shards.sbatch); use a new directory");
  fs::create_directories(j.job_dir, ec);
  if (ec)
    return fail("cannot create the job directory " + j.job_dir.string() + ": " + ec.message());
  for (const auto& [file, text] :
       {std::pair{array_file(j), array_script(j)}, std::pair{merge_file(j), merge_script(j)}}) {
    if (auto ok = write_file_atomically(file, text); !ok) return fail(ok.error());
    fs::permissions(file, fs::perms::owner_all | fs::perms::group_read | fs::perms::others_read,
                    ec);
  }
  return {};
}

std::vector<std::string> sbatch_commands(const SlurmJob& j) {
  return {"id=$(sbatch --parsable " + array_file(j).string() + ")",
          "sbatch --dependency=afterok:${id%%;*} " + merge_file(j).string()};
}

namespace {
// sbatch on PATH, or empty.
fs::path find_sbatch() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && ::access((fs::path(dir) / "sbatch").c_str(), X_OK) == 0)
      return fs::path(dir) / "sbatch";
  return {};
}

// The job id `sbatch --parsable` printed: "12345" or "12345;cluster".
Expected<std::string> submit(const fs::path& sbatch, std::vector<std::string> args) {
  auto out = run_capture(sbatch, args, std::chrono::seconds(60));
  if (!out) return fail(out.error().context("sbatch " + args.back()));
  std::string id = out->substr(0, out->find_first_of(";\n"));
  if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
    return fail("sbatch " + args.back() + ": expected a job id, got: " + last_lines(*out, 3));
  return id;
}
}  // namespace

Expected<SubmittedJob> submit_slurm_job(const SlurmJob& j) {
  const fs::path sbatch = find_sbatch();
  if (sbatch.empty())
    return fail("no sbatch on PATH: is this a Slurm login node? (the job is written to " +
                j.job_dir.string() + "; submit it there)");
  SubmittedJob s;
  auto array = submit(sbatch, {"--parsable", array_file(j).string()});
  if (!array) return fail(array.error());
  s.array_id = *array;
  auto merge =
      submit(sbatch, {"--parsable", "--dependency=afterok:" + s.array_id, merge_file(j).string()});
  if (!merge) return fail(merge.error().context("array job " + s.array_id + " is queued"));
  s.merge_id = *merge;
  return s;
}

}  // namespace versus::cluster
