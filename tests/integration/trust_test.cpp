// Issue 13 on a real server: a slowdown made on purpose (servers[].cpu_quota, a cgroup on the
// server's processes) found by repeats: auto, which stops once every comparison is decided;
// the seed given with --seed recorded; no cgroup left behind.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "host/cpu_quota.h"
#include "report/shared/comparison.h"
#include "results/record/store.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
// The cgroups versus made under the cpu controller (versus-<pid>-<n>).
int versus_cgroups() {
  auto c = host::find_cpu_controller();
  REQUIRE(c);
  int n = 0;
  for (const auto& entry : fs::directory_iterator(c->dir))
    n += entry.is_directory() && entry.path().filename().string().rfind("versus-", 0) == 0;
  return n;
}
}  // namespace

TEST_CASE("cpu_quota slows one server and repeats: auto decides and stops", "[integration][trust][quiet]") {
  const std::string basedir = release_basedir("10.11.19").string();
  TempDir tmp;
  const int cgroups_before = versus_cgroups();
  // Server on CPU 0, client on CPU 1: the server is CPU-bound, so a 40% quota costs about
  // half its throughput. A milder quota (70%) measured only x0.84 on a noisy CI machine
  // (CV 17% per run) and stayed undecided after 6 rounds: the effect must dwarf the noise for
  // this test of the stopping rule to fail only when the rule is wrong.
  const fs::path file =
      tmp.write("matrix.yaml",
                "servers:\n"
                "  - { name: full, basedir: " +
                    basedir +
                    " }\n"
                    "  - { name: slowed, basedir: " +
                    basedir +
                    ", cpu_quota: 40% }\n"
                    "profiles:\n"
                    "  - { name: base, options: { innodb_buffer_pool_size: 64M } }\n"
                    "workloads: [oltp_point_select]\n"
                    "threads: [4]\n"
                    "table_size: 2000\n"
                    "warmup: 1s\n"
                    "duration: 2s\n"
                    "repeats: auto\n"
                    "max_repeats: 6\n"
                    // The subject here is the design's stopping under a known slowdown: with
                    // other work on the machine (a shared one), every cell would be left out
                    // as disturbed and none decided. That rule is unit-tested
                    // (run/auto_repeats_test, report/interference_warning_test).
                    "interference_limit: 100\n"
                    "client_cpus: 1\n"
                    "server_cpus: 0\n");
  const fs::path run_dir = tmp.path() / "run";
  auto r = run_versus({"run", file.string(), "--output", run_dir.string(), "--seed", "4242"});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(live_recorded_servers(run_dir).empty());
  CHECK(versus_cgroups() == cgroups_before);  // each cell's cgroup removed
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  CHECK(results->info.seed == 4242u);
  CHECK(results->info.max_repeats == 6);
  CHECK(results->info.estimate == "paired");  // the default: the rounds are interleaved
  int slowed = 0;
  for (const auto& cell : results->cells) {
    CHECK(cell.cpu_quota_pct == (cell.server == "slowed" ? 40 : 0));
    slowed += cell.server == "slowed";
  }
  CHECK(slowed >= 2);
  CHECK(slowed <= 6);
  CHECK_THAT(r.output, Catch::Contains("comparisons open"));
  const auto tables = report::build_comparison(*results);
  REQUIRE(tables.size() == 1);
  const auto& cell = tables[0].rows.at(0).cells.at(1);
  REQUIRE(cell.sequential);
  WARN("decided at round " << cell.sequential->look << ", ratio " << cell.vs_baseline->ratio);
  CHECK(cell.sequential->state == results::SequentialState::slower);
  CHECK(cell.vs_baseline->pairs == cell.sequential->look);  // every round paired
  CHECK(cell.vs_baseline->ratio < 0.8);
}

TEST_CASE("cpu_quota: versus plan shows the maximum time of repeats: auto",
          "[integration][trust]") {
  const std::string basedir = release_basedir("10.11.19").string();
  TempDir tmp;
  const fs::path file = tmp.write("matrix.yaml", "servers:\n  - { name: a, basedir: " + basedir +
                                                     " }\nrepeats: auto\nmax_repeats: 8\n"
                                                     "time_budget: 10m\n");
  auto r = run_versus({"plan", file.string()});
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.output,
             Catch::Contains("at most 8 rounds (repeats: auto, time budget 10 min 00 s)") &&
                 Catch::Contains("estimated wall time: at most"));
}

}  // namespace versus::testing
