#include "cluster/slurm_job.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>

#include "support/golden.h"
#include "support/temp_dir.h"

using versus::cluster::SlurmJob;

namespace {
SlurmJob job(const std::filesystem::path& dir = "/srv/bench/jobs/nightly") {
  SlurmJob j;
  j.versus = "/usr/bin/versus";
  j.matrix = "/srv/bench/nightly.yaml";
  j.workdir = "/srv/bench";
  j.job_dir = dir;
  j.overrides = {{"new=/opt/mariadb 12"}, {"duration=30s"}};
  j.seed = 1234;
  j.shards = 3;
  j.partition = "bench";
  j.constraint = "skylake";
  return j;
}

// Sets PATH for one scope (the test's own process), putting the old one back.
class PathScope {
 public:
  explicit PathScope(const std::string& path)
      : old_(std::getenv("PATH") ? std::getenv("PATH") : "") {
    ::setenv("PATH", path.c_str(), 1);
  }
  ~PathScope() { ::setenv("PATH", old_.c_str(), 1); }

 private:
  std::string old_;
};
}  // namespace

TEST_CASE("slurm: the array script: a task per shard, exclusive node, its own run directory",
          "[run][slurm][golden]") {
  versus::testing::check_golden("slurm_shards.sbatch", versus::cluster::array_script(job()));
}

TEST_CASE("slurm: the merge script merges every shard into merged/", "[run][slurm][golden]") {
  versus::testing::check_golden("slurm_merge.sbatch", versus::cluster::merge_script(job()));
}

TEST_CASE("slurm: without partition or constraint, no such lines", "[run][slurm]") {
  SlurmJob j = job();
  j.partition.clear();
  j.constraint.clear();
  const auto text = versus::cluster::array_script(j) + versus::cluster::merge_script(j);
  CHECK_THAT(text, !Catch::Contains("--partition") && !Catch::Contains("--constraint"));
  CHECK_THAT(versus::cluster::array_script(j), Catch::Contains("#SBATCH --array=0-2\n"));
}

TEST_CASE("slurm: the job directory is written once; sbatch missing is an error saying so",
          "[run][slurm]") {
  versus::testing::TempDir tmp;
  const SlurmJob j = job(tmp.path() / "job");
  REQUIRE(versus::cluster::write_slurm_job(j));
  CHECK(versus::testing::read_text(j.job_dir / "shards.sbatch") ==
        versus::cluster::array_script(j));
  CHECK(versus::testing::read_text(j.job_dir / "merge.sbatch") == versus::cluster::merge_script(j));
  auto again = versus::cluster::write_slurm_job(j);
  REQUIRE_FALSE(again);
  CHECK_THAT(again.error().message, Catch::Contains("already holds a job"));
  const auto commands = versus::cluster::sbatch_commands(j);
  REQUIRE(commands.size() == 2);
  CHECK_THAT(commands[1], Catch::Contains("--dependency=afterok:"));
  PathScope no_sbatch(tmp.path().string());
  auto submitted = versus::cluster::submit_slurm_job(j);
  REQUIRE_FALSE(submitted);
  CHECK_THAT(submitted.error().message, Catch::StartsWith("no sbatch on PATH"));
}

TEST_CASE("slurm: a job or working directory the shell would split is refused", "[run][slurm]") {
  versus::testing::TempDir tmp;
  auto bad = versus::cluster::write_slurm_job(job(tmp.path() / "my job"));
  REQUIRE_FALSE(bad);
  CHECK_THAT(bad.error().message, Catch::StartsWith("cannot use the job directory"));
  SlurmJob spaced = job(tmp.path() / "job");
  spaced.workdir = tmp.path() / "my bench";
  auto chdir = versus::cluster::write_slurm_job(spaced);
  REQUIRE_FALSE(chdir);
  CHECK_THAT(chdir.error().message, Catch::Contains("its --chdir"));
}
