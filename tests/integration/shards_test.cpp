// Shards end to end on the real releases: `versus run --shard I/N` on each part of a plan,
// then `versus merge`, locally and (hidden tag [slurm], its own CTest) as a Slurm job array
// on a throwaway single-node cluster (tests/slurm/cluster.sh). The merged run must equal the
// unsharded plan cell for cell and give the same report rows and columns.
#include "config/plan/shards.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>

#include "config/reading/matrix_parser.h"
#include "report/shared/comparison.h"
#include "results/record/shard_union.h"
#include "results/record/store.h"
#include "run/cell_inputs.h"
#include "run/matrix_run.h"
#include "run/schedule.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
// Two releases, two rows (1 and 2 threads: two comparison groups), two repeats: 8 cells.
std::string shard_matrix() {
  return "servers:\n  - { name: old, basedir: " + release_basedir("10.11.18").string() +
         " }\n  - { name: new, basedir: " + release_basedir("10.11.19").string() +
         " }\nprofiles:\n  - { name: base, options: { innodb_buffer_pool_size: 32M } }\n"
         "workloads: [oltp_point_select]\nthreads: [1, 2]\nrepeats: 2\ntable_size: 1000\n"
         "warmup: 0s\nduration: 1s\n";
}

results::RunResults results_of(const fs::path& dir) {
  auto r = results::load_results(dir / "results.json");
  if (!r) FAIL(r.error().message);
  return *r;
}

// Cell key -> how often the run holds it.
std::map<std::string, int> cell_counts(const results::RunResults& r) {
  std::map<std::string, int> n;
  for (const auto& c : r.cells) ++n[results::cell_key(c)];
  return n;
}

// Every cell of the unsharded plan, each once, all ok.
void check_cells_of_plan(const fs::path& matrix, const results::RunResults& merged) {
  auto plan = config::parse_matrix_file(matrix);
  REQUIRE(plan);
  std::map<std::string, int> want;
  for (const auto& c : run::schedule_cells(*plan))
    ++want[results::cell_key(run::coordinates(*plan, c, 0, 0))];
  CHECK(cell_counts(merged) == want);
  for (const auto& c : merged.cells) CHECK(c.status == results::CellStatus::ok);
}

// The tables' shape: title, columns, rows, and the ok runs of each cell.
std::vector<std::string> shape(const results::RunResults& r) {
  std::vector<std::string> out;
  for (const auto& t : report::build_comparison(r)) {
    std::string line = t.workload + "/" + t.engine + ":";
    for (const auto& c : t.columns) line += " " + report::column_label(c);
    for (const auto& row : t.rows) {
      line += " | " + std::to_string(row.threads) + " threads:";
      for (const auto& cell : row.cells) line += " " + std::to_string(cell.runs);
    }
    out.push_back(line);
  }
  return out;
}

// The report shape of the plan run whole: every cell once and ok.
std::vector<std::string> plan_shape(const fs::path& matrix, const results::RunResults& merged) {
  auto plan = config::parse_matrix_file(matrix);
  REQUIRE(plan);
  results::RunResults whole;
  whole.info = merged.info;
  whole.info.hosts.clear();
  for (const auto& c : run::schedule_cells(*plan)) {
    const auto at = run::coordinates(*plan, c, 0, 0);
    results::CellRecord rec;
    rec.server = at.server, rec.profile = at.profile, rec.engine = at.engine;
    rec.workload = at.workload, rec.threads = at.threads, rec.repeat = at.repeat;
    rec.tables = at.tables, rec.table_size = at.table_size, rec.tps = 100;
    whole.cells.push_back(rec);
  }
  return shape(whole);
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// `versus report`, `compare` and `history add` read the merged directory as any run.
void check_ordinary_run(const fs::path& merged, const fs::path& other, const fs::path& tmp) {
  auto report = run_versus({"report", merged.string(), "-f", "markdown"});
  INFO(report.output);
  CHECK(report.exit_code == 0);
  CHECK_THAT(report.output, Catch::Contains("old/base") && Catch::Contains("new/base"));
  auto compare = run_versus({"compare", other.string(), merged.string()});
  INFO(compare.output);
  CHECK((compare.exit_code == 0 || compare.exit_code == 1));  // 1: a regression, still compared
  auto history =
      run_versus({"history", "add", merged.string(), "--db", (tmp / "h.sqlite").string()});
  INFO(history.output);
  CHECK(history.exit_code == 0);
  for (const char* f : {"comparison.md", "comparison.csv", "comparison.json", "report.html"})
    CHECK(fs::exists(merged / f));
}
}  // namespace

TEST_CASE("versus run --shard 1/2 and 2/2, then merge: the unsharded run, cell for cell",
          "[integration][shards]") {
  TempDir tmp;
  const auto matrix = tmp.write("matrix.yaml", shard_matrix());
  std::vector<std::string> dirs;
  double sharded_s = 0;
  for (const char* shard : {"1/2", "2/2"}) {
    dirs.push_back((tmp.path() / ("shard-" + std::string(1, shard[0]))).string());
    const auto start = std::chrono::steady_clock::now();
    auto r = run_versus({"run", matrix.string(), "--shard", shard, "-o", dirs.back(), "-q"});
    sharded_s += seconds_since(start);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(live_recorded_servers(dirs.back()).empty());
    CHECK(results_of(dirs.back()).cells.size() == 4);  // one row of 2 columns x 2 repeats
  }
  // A resumed shard stays that shard: nothing is missing from it, nothing of the other runs.
  auto resumed = run_versus({"run", "--resume", dirs[0], "-q"});
  INFO(resumed.output);
  CHECK(resumed.exit_code == 0);
  CHECK(results_of(dirs[0]).cells.size() == 4);
  const auto s1 = results_of(dirs[0]), s2 = results_of(dirs[1]);
  CHECK(s1.info.seed == s2.info.seed);  // derived from the plan: the same ids per cell
  CHECK(s1.info.seed == run::shard_seed(s1.info.shard.plan_id));
  auto planned = run_versus({"plan", matrix.string(), "--shards", "2"});
  INFO(planned.output);
  CHECK(planned.exit_code == 0);
  CHECK_THAT(planned.output, Catch::Contains("2 shards of plan " + s1.info.shard.plan_id +
                                             ", seed " + std::to_string(s1.info.seed)) &&
                                 Catch::Contains("shard 1/2: 1 rows, 4 cells") &&
                                 Catch::Contains("oltp_point_select: 1 threads") &&
                                 Catch::Contains("oltp_point_select: 2 threads"));
  const fs::path whole = tmp.path() / "whole";
  const auto start = std::chrono::steady_clock::now();
  auto w = run_versus(
      {"run", matrix.string(), "--seed", std::to_string(s1.info.seed), "-o", whole.string(), "-q"});
  const double whole_s = seconds_since(start);
  INFO(w.output);
  REQUIRE(w.exit_code == 0);
  std::cerr << "shards_test: 8 cells unsharded " << whole_s << " s; 2 shards one after the other "
            << sharded_s << " s (each alone: about half, on two hosts)\n";

  const fs::path merged = tmp.path() / "merged";
  auto m = run_versus({"merge", dirs[0], dirs[1], "-o", merged.string()});
  INFO(m.output);
  REQUIRE(m.exit_code == 0);
  CHECK_THAT(m.output, Catch::Contains("oltp_point_select, innodb"));
  const auto mr = results_of(merged), wr = results_of(whole);
  CHECK(cell_counts(mr) == cell_counts(wr));
  check_cells_of_plan(matrix, mr);
  CHECK(shape(mr) == shape(wr));
  CHECK(mr.info.seed == wr.info.seed);
  CHECK(mr.info.hosts.size() == 2);
  check_ordinary_run(merged, whole, tmp.path());

  auto overlap = run_versus({"merge", dirs[0], dirs[0], "-o", (tmp.path() / "m2").string()});
  CHECK(overlap.exit_code == 2);
  CHECK_THAT(overlap.output, Catch::Contains("(overlap)"));
  auto gap = run_versus({"merge", dirs[1], "-o", (tmp.path() / "m3").string()});
  CHECK(gap.exit_code == 2);
  CHECK_THAT(gap.output, Catch::Contains("shard(s) 1/2 missing"));
  auto not_shard =
      run_versus({"merge", whole.string(), dirs[0], "-o", (tmp.path() / "m4").string()});
  CHECK(not_shard.exit_code == 2);
  CHECK_THAT(not_shard.output, Catch::Contains("not a shard"));
}

namespace {
// The single-node cluster of tests/slurm/cluster.sh, stopped (by its pids) on destruction;
// SLURM_CONF points at it meanwhile.
class SlurmCluster {
 public:
  explicit SlurmCluster(const fs::path& dir) : dir_(dir) {
    auto r = run_command("/bin/bash", {script(), "start", dir_.string()});
    INFO(r.output);
    REQUIRE(r.exit_code == 0);  // the script says why it could not start
    ::setenv("SLURM_CONF", (dir_ / "slurm.conf").c_str(), 1);
  }
  ~SlurmCluster() {
    run_command("/bin/bash", {script(), "stop", dir_.string()});
    ::unsetenv("SLURM_CONF");
  }
  SlurmCluster(const SlurmCluster&) = delete;
  SlurmCluster& operator=(const SlurmCluster&) = delete;

  // Whether the queue still holds any job (squeue of this cluster).
  bool busy() const {
    auto q = run_command("/usr/bin/squeue", {"-h", "-o", "%i %T"});
    return q.exit_code != 0 || !q.output.empty();
  }
  std::string logs() const {
    std::string text;
    for (const char* f : {"slurmctld.log", "slurmd.log"}) {
      std::ifstream in(dir_ / f);
      text += std::string("--- ") + f + "\n" + std::string(std::istreambuf_iterator<char>(in), {});
    }
    return last_lines_of(text, 40);
  }

 private:
  static std::string script() { return std::string(VERSUS_SOURCE_DIR) + "/tests/slurm/cluster.sh"; }
  static std::string last_lines_of(const std::string& text, std::size_t n) {
    std::size_t at = text.size();
    for (std::size_t i = 0; i < n && at > 0; ++i) at = text.rfind('\n', at - 1);
    return at == std::string::npos ? text : text.substr(at);
  }
  fs::path dir_;
};

std::string file_text(const fs::path& file) {
  std::ifstream in(file);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
}  // namespace

TEST_CASE(
    "versus slurm --shards 2 --submit on a single-node cluster: the merged run equals "
    "the unsharded plan",
    "[.][slurm]") {
  TempDir tmp;
  const auto matrix = tmp.write("matrix.yaml", shard_matrix());
  SlurmCluster cluster(tmp.path() / "cluster");
  const fs::path job = tmp.path() / "job";
  const auto start = std::chrono::steady_clock::now();
  auto s = run_versus({"slurm", matrix.string(), "--shards", "2", "--submit", "-o", job.string()});
  INFO(s.output);
  REQUIRE(s.exit_code == 0);
  CHECK_THAT(s.output, Catch::Contains("merge job"));
  const bool done = wait_until([&] { return !cluster.busy(); }, std::chrono::seconds(240));
  const double elapsed = seconds_since(start);
  std::cerr << "slurm_test: 2-shard array and merge done in " << elapsed << " s\n";
  INFO(file_text(job / "task-0.out") + file_text(job / "task-0.err") +
       file_text(job / "task-1.out") + file_text(job / "task-1.err") +
       file_text(job / "merge.out") + file_text(job / "merge.err") + cluster.logs());
  REQUIRE(done);
  REQUIRE(fs::exists(job / "merged" / "results.json"));
  for (const char* shard : {"shard-1", "shard-2"})
    CHECK(live_recorded_servers(job / shard).empty());
  const auto merged = results_of(job / "merged");
  check_cells_of_plan(matrix, merged);
  CHECK(shape(merged) == plan_shape(matrix, merged));
  CHECK(merged.info.hosts.size() == 2);
  auto report = run_versus({"report", (job / "merged").string()});
  INFO(report.output);
  CHECK(report.exit_code == 0);
  // sbatch's own refusal, quoted; the array is never queued.
  auto bad = run_versus({"slurm", matrix.string(), "--shards", "2", "--submit", "--partition",
                         "nosuch", "-o", (tmp.path() / "bad-job").string()});
  INFO(bad.output);
  CHECK(bad.exit_code == 4);
  CHECK_THAT(bad.output, Catch::Contains("sbatch ") && Catch::Contains("exited with status") &&
                             Catch::Contains("nvalid partition"));
}

}  // namespace versus::testing
