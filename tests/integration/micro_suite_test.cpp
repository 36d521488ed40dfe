// The microbenchmarks through `versus run`: two of the suite's tests on MariaDB 10.11.19 and
// 11.8, and the relative table in every report (terminal, Markdown, relative.csv,
// comparison.json's "relative", report.html's heat map). One short cell each, on one server
// per release (lifecycle: server). Then the suite's second read pass with lifecycle: cell:
// the writes run once per instance on a copy kept as a second snapshot.
#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "results/record/store.h"
#include "shared/files.h"
#include "support.h"
#include "sysbench/suite.h"

namespace versus::testing {
namespace fs = std::filesystem;

TEST_CASE("the microbenchmarks' relative table in every report of a run",
          "[integration][micro][micro_suite]") {
  TempDir tmp;
  const std::string text =
      "servers:\n"
      "  - name: mariadb-10.11\n    basedir: " +
      named_release_basedir("mariadb-10.11.19").string() +
      "\n  - name: mariadb-11.8\n    basedir: " + named_release_basedir("mariadb-11.8").string() +
      "\nworkloads: [point_query, update_one]\nthreads: [1]\ntable_size: 1000\n"
      "rand_type: uniform\nwarmup: 0s\nduration: 300ms\ncpu_probe: false\nlifecycle: server\n"
      "efficiency: true\n";
  run_matrix_ok(tmp, text);
  const fs::path run = tmp.path() / "run";
  // The terminal report, as `versus report` prints it again from results.json.
  const auto terminal = run_versus({"report", run.string()});
  REQUIRE(terminal.exit_code == 0);
  CHECK(terminal.output.find("Relative to mariadb-10.11") != std::string::npos);
  CHECK(text_of(run / "comparison.md").find("Relative to mariadb-10.11") != std::string::npos);
  // relative.csv: per test the baseline's line and 11.8's, then a geomean line per group.
  std::istringstream csv(text_of(run / "relative.csv"));
  int tests = 0, means = 0;
  for (std::string line; std::getline(csv, line);) {
    tests += line.rfind("test,", 0) == 0;
    means += line.rfind("geomean,", 0) == 0;
  }
  CHECK(tests == 4);
  CHECK(means == 2);  // point (point_query) and writes (update_one)
  const auto json = nlohmann::json::parse(text_of(run / "comparison.json"));
  REQUIRE(json.contains("relative"));
  const auto& groups = json["relative"]["groups"];
  REQUIRE(groups.size() == 2);
  CHECK(groups[0]["group"] == "point");
  CHECK(groups[0]["rows"][0]["workload"] == "point_query");
  CHECK(groups[0]["rows"][0]["cells"][0]["vs_baseline"]["ratio"].get<double>() > 0);
  CHECK(groups[1]["rows"][0]["workload"] == "update_one");
  const std::string html = text_of(run / "report.html");
  CHECK(html.find("<section id=\"relative\"") != std::string::npos);
  CHECK(html.find("heat-") != std::string::npos);
}

namespace {
// exclude[] entries for every suite test but `keep` (names as cells carry them); the first
// read pass's only when `reads_before_writes`.
std::string exclude_all_but(const std::vector<std::string>& keep, bool reads_before_writes = true) {
  const auto suite = sysbench::Suite::microbenchmarks;
  std::vector<std::string> names;
  for (auto w : sysbench::suite_workloads(suite))
    if (reads_before_writes || sysbench::suite_group(w) == sysbench::SuiteGroup::writes)
      names.emplace_back(sysbench::workload_name(w));
  for (auto w : sysbench::suite_reads(suite))
    names.push_back(std::string(sysbench::workload_name(w)) +
                    std::string(sysbench::kAfterWritesSuffix));
  std::string out = "exclude:\n";
  for (const auto& n : names)
    if (std::find(keep.begin(), keep.end(), n) == keep.end())
      out += "  - { workload: " + n + " }\n";
  return out;
}

std::string bytes_of(const fs::path& file) {
  REQUIRE(fs::exists(file));
  return text_of(file);
}
}  // namespace

TEST_CASE("the suite's reads after its writes start from a snapshot the writes changed",
          "[integration][micro][micro_suite]") {
  TempDir tmp;
  const std::string text =
      "servers:\n  - name: mariadb-10.11\n    basedir: " +
      named_release_basedir("mariadb-10.11.19").string() +
      "\nsuite: microbenchmarks\nthreads: [1, 2]\ntable_size: 1000\nrand_type: uniform\n"
      "warmup: 0s\nduration: 300ms\ncpu_probe: false\nefficiency: false\ninstance_cache: false\n"
      "ignore_errors: [1062, 1213, 1020, 1205]\n" +
      exclude_all_but({"point_query", "update_one", "point_query.after_writes"});
  auto file = tmp.write("matrix.yaml", text);
  const fs::path run = tmp.path() / "run";
  auto r = run_versus({"run", file.string(), "-o", run.string(), "--keep-snapshots"});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(live_recorded_servers(run).empty());
  CHECK(r.output.find("running its 8 writes (2 s) before the reads' second pass") !=
        std::string::npos);
  auto results = results::load_results(run / "results.json");
  REQUIRE(results);
  std::vector<std::string> cells;
  for (const auto& c : results->cells) {
    CHECK(c.status == results::CellStatus::ok);
    cells.push_back(c.workload + "/" + std::to_string(c.threads));
  }
  std::sort(cells.begin(), cells.end());
  CHECK(cells == std::vector<std::string>{"point_query.after_writes/1",
                                          "point_query.after_writes/2", "point_query/1",
                                          "point_query/2", "update_one/1", "update_one/2"});
  // Each write ran, at the most threads (2), before the second pass; logged with its count;
  // delete and insert did not: they run after every read.
  const std::string log = text_of(run / "run.log");
  for (const char* w : {"update_inlist", "read_write_range_10", "update_one"})
    CHECK(log.find(std::string(w) + " ran ") != std::string::npos);
  for (const char* w : {"oltp_delete", "oltp_insert"})
    CHECK(log.find(std::string(w) + " ran ") == std::string::npos);
  CHECK(fs::exists(run / "logs" / "mariadb-10.11.default.innodb.after_writes.prepare.error.log"));
  // Then the postwrite step, each action with its time and what it found: the table
  // analyzed, InnoDB's dirty pages flushed, its purge caught up (1,000 rows: well within the
  // 60-s bound).
  INFO(log);
  CHECK(log.find("postwrite: ANALYZE TABLE 1 table ") != std::string::npos);
  CHECK(log.find("flush dirty pages ") != std::string::npos);
  CHECK(log.find(" dirty pages), purge ") != std::string::npos);
  CHECK(log.find("undo logs in the history list)") != std::string::npos);
  CHECK(log.find("not settled") == std::string::npos);
  CHECK(log.find("could not") == std::string::npos);
  // The second snapshot holds what the writes left.
  const fs::path instances = run / "instances";
  CHECK(bytes_of(instances / "mariadb-10.11.default.innodb" / "snapshot" / "sbtest" /
                 "sbtest1.ibd") !=
        bytes_of(instances / "mariadb-10.11.default.innodb.after_writes" / "snapshot" / "sbtest" /
                 "sbtest1.ibd"));
}

}  // namespace versus::testing

namespace versus::testing {

// lifecycle: round as the published run: the reads only after the writes, in each round one
// server per release from its snapshot running the round's cells in order with the warm-up
// passes and the postwrite step between them; the releases take turns, the rounds pair.
TEST_CASE("lifecycle: round runs the suite on one server per release and round, in order",
          "[integration][micro][micro_suite]") {
  TempDir tmp;
  const std::string text =
      "servers:\n  - name: mariadb-10.11\n    basedir: " +
      named_release_basedir("mariadb-10.11.19").string() +
      "\n  - name: mariadb-11.8\n    basedir: " + named_release_basedir("mariadb-11.8").string() +
      "\nsuite: microbenchmarks\nlifecycle: round\nreads_before_writes: false\nrepeats: 2\n"
      "threads: [1]\ntable_size: 1000\nwarmup: 0s\nduration: 300ms\nwarm_duration: 1s\n"
      "cpu_probe: false\nefficiency: false\ninstance_cache: false\n"
      "ignore_errors: [1062, 1213, 1020, 1205]\n" +
      exclude_all_but({"oltp_update_index", "update_one", "scan.after_writes",
                       "point_query.after_writes", "points_covered_si.after_writes",
                       "oltp_insert"},
                      false);
  auto file = tmp.write("matrix.yaml", text);
  const auto plan = run_versus({"plan", file.string()});
  CHECK(plan.output.find("lifecycle: round (each round, one server per instance") !=
        std::string::npos);
  const fs::path run = tmp.path() / "run";
  auto r = run_versus({"run", file.string(), "-o", run.string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(live_recorded_servers(run).empty());
  auto results = results::load_results(run / "results.json");
  REQUIRE(results);
  CHECK(results->info.estimate == "paired");  // rounds interleave the releases: they pair
  // Round 1: 10.11's cells in plan order, then 11.8's; round 2 starts with 11.8.
  const std::vector<std::string> order = {
      "oltp_update_index", "update_one", "scan.after_writes", "point_query.after_writes",
      "points_covered_si.after_writes", "oltp_insert"};
  REQUIRE(results->cells.size() == 4 * order.size());
  for (std::size_t i = 0; i < results->cells.size(); ++i) {
    const auto& c = results->cells[i];
    const std::size_t block = i / order.size();
    INFO(i << ": " << c.server << " " << c.workload << " r" << c.repeat);
    CHECK(c.status == results::CellStatus::ok);
    CHECK(c.workload == order[i % order.size()]);
    CHECK(c.repeat == static_cast<int>(block / 2));
    CHECK(c.server == (block == 0 || block == 3 ? "mariadb-10.11" : "mariadb-11.8"));
    CHECK(c.error_log == "logs/" + c.server + ".default.innodb.round" +
                             std::to_string(c.repeat + 1) + ".error.log");
    CHECK(fs::exists(run / c.error_log));
  }
  // Each round's server ran the warm-up passes and the postwrite step in their places, once
  // each: before its first cell, after its writes, before the scan and si points after them.
  const std::vector<std::string> steps = {
      "point_query.warm: ", "scan.warmpre: ", "postwrite: ANALYZE TABLE 1 table ",
      "scan.warm: ", "points_covered_si.warm: "};
  std::size_t at = 0;
  for (int server = 0; server < 4; ++server)
    for (const std::string& step : steps) {
      INFO("server " << server << ": " << step);
      at = r.output.find(step, at);
      REQUIRE(at != std::string::npos);
    }
  CHECK(r.output.find(" transactions at 1 thread, ") != std::string::npos);
  CHECK(r.output.find("not settled") == std::string::npos);
  // Both rows compare 11.8 with 10.11 over the two paired rounds.
  const auto report = run_versus({"report", run.string()});
  CHECK(report.exit_code == 0);
  CHECK(report.output.find("Relative to mariadb-10.11") != std::string::npos);
}

}  // namespace versus::testing
