// The statistics on the real releases: a release compared with itself shows no significant
// difference (A/A), and a configuration change known to matter is found (durable vs
// non-durable commits on a write workload).
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "report/shared/comparison.h"
#include "results/record/store.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {

// The comparison of a finished run; REQUIREs the run succeeded and left no server behind.
std::vector<report::ComparisonTable> run_and_compare(const TempDir& tmp,
                                                     const std::string& matrix) {
  const fs::path file = tmp.write("matrix.yaml", matrix);
  const fs::path run_dir = tmp.path() / "run";
  auto r = run_versus({"run", file.string(), "--output", run_dir.string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(live_recorded_servers(run_dir).empty());
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  for (const auto& cell : results->cells) CHECK(cell.cpu_probe > 0);  // probed by default
  CHECK(results->info.machine.cores > 0);
  return report::build_comparison(*results);
}

// "x1.01 [0.97, 1.05] undecided" for a cell's estimate against the baseline.
std::string estimate(const report::ComparisonCell& cell) {
  const auto& e = *cell.vs_baseline;
  std::string text = "x" + std::to_string(e.ratio);
  if (e.ci) text += " [" + std::to_string(e.ci->low) + ", " + std::to_string(e.ci->high) + "]";
  return text + " " + std::string(results::verdict_name(e.verdict));
}

// One A/A run of 10.11.19 against itself; the number of faster/slower verdicts in it (each of
// which is false: nothing differs).
int aa_false_verdicts() {
  const std::string basedir = release_basedir("10.11.19").string();
  TempDir tmp;
  const auto tables =
      run_and_compare(tmp,
                      "servers:\n"
                      "  - { name: a1, basedir: " +
                          basedir +
                          " }\n"
                          "  - { name: a2, basedir: " +
                          basedir +
                          " }\n"
                          "profiles:\n"
                          "  - { name: base, options: { innodb_buffer_pool_size: 64M } }\n"
                          "workloads: [oltp_read_only]\n"
                          "threads: [1, 2]\n"
                          "table_size: 2000\n"
                          "warmup: 1s\n"
                          "duration: 2s\n"
                          "repeats: 3\n"
                          // Client and server on one CPU: unpinned, 1-thread runs swing 2x with
                          // placement on a 2-vCPU VM and leave the ratio's CI unbounded.
                          "client_cpus: 0\n"
                          "server_cpus: 0\n");
  REQUIRE(tables.size() == 1);
  REQUIRE(tables[0].rows.size() == 2);
  CHECK(tables[0].family_size == 2);
  int false_verdicts = 0;
  for (const auto& row : tables[0].rows) {
    REQUIRE(row.cells.size() == 2);
    const auto& cell = row.cells[1];
    REQUIRE(cell.vs_baseline);
    INFO(row.threads << " threads: " << estimate(cell));
    CHECK(cell.vs_baseline->ci);                // bounded: pinning steadied the runs
    CHECK(cell.vs_baseline->adjusted_p_value);  // adjusted over the run
    WARN(row.threads << " threads: a1 " << row.cells[0].tps << " tps, a2 " << cell.tps << " tps, "
                     << estimate(cell));
    false_verdicts += cell.vs_baseline->verdict == results::Verdict::faster ||
                      cell.vs_baseline->verdict == results::Verdict::slower;
  }
  return false_verdicts;
}

}  // namespace

TEST_CASE("A/A: a release compared with itself shows no significant difference",
          "[integration][quiet]") {
  // The family-wide property: nothing differs, so any faster/slower verdict anywhere in a run
  // is false. A run's verdicts are Holm-adjusted over all its comparisons (the default
  // multiple_comparisons), so a run has one with probability at most alpha = 0.05 (less:
  // min_difference must be exceeded too), however many comparisons there are. A run with one
  // is run again, and the test fails only when both have one: by chance with probability at
  // most 0.05^2 = 0.0025 (the runs are independent: fresh datadirs, loads and seeds), while a
  // procedure whose false-verdict rate is well above alpha still fails it (0.5 -> 0.25).
  int false_verdicts = aa_false_verdicts();
  if (false_verdicts > 0) {
    WARN("a false verdict in the first A/A run (chance <= 0.05); running it again");
    false_verdicts = aa_false_verdicts();
  }
  CHECK(false_verdicts == 0);
}

TEST_CASE("a known difference is found: non-durable commits are faster",
          "[integration][quiet]") {
  const std::string basedir = release_basedir("10.11.19").string();
  TempDir tmp;
  const auto tables = run_and_compare(
      tmp,
      "servers:\n"
      "  - { name: m, basedir: " +
          basedir +
          " }\n"
          "profiles:\n"
          "  - name: durable\n"
          "    options: { innodb_buffer_pool_size: 64M, innodb_flush_log_at_trx_commit: 1,\n"
          "               sync_binlog: 1, log_bin: binlog }\n"
          "  - name: nondurable\n"
          "    options: { innodb_buffer_pool_size: 64M, innodb_flush_log_at_trx_commit: 0 }\n"
          "workloads: [oltp_update_non_index]\n"
          "threads: [2]\n"
          "table_size: 10000\n"
          "warmup: 1s\n"
          "duration: 2s\n"
          "repeats: 3\n");
  REQUIRE(tables.size() == 1);
  REQUIRE(tables[0].rows.size() == 1);
  const auto& row = tables[0].rows[0];
  REQUIRE(row.cells.size() == 2);
  const auto& cell = row.cells[1];
  REQUIRE(cell.vs_baseline);
  WARN("durable " << row.cells[0].tps << " tps, nondurable " << cell.tps << " tps, "
                  << estimate(cell));
  CHECK(cell.vs_baseline->verdict == results::Verdict::faster);
  REQUIRE(cell.vs_baseline->ci);
  CHECK(cell.vs_baseline->ci->low > 1);
}

}  // namespace versus::testing
