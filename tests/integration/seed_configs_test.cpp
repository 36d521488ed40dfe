// configs/seeds/ on the real releases: every small seed config runs end to end and produces
// its tables (one per workload, engine and size; the size tables of a sweep), and every
// published-scale config passes `versus plan` (the whole preflight) with the releases given
// by --server. The .MYD sizes of seed 004's third experiment are checked too.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <tuple>

#include "config/reading/matrix_parser.h"
#include "report/shared/comparison.h"
#include "results/record/store.h"
#include "run/schedule.h"
#include "shared/files.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
const fs::path kSource = VERSUS_SOURCE_DIR;

config::Plan plan_of(const fs::path& file, const config::MatrixOverrides& overrides = {}) {
  auto plan = config::parse_matrix_text(text_of(file), file.string(), kSource, overrides);
  INFO((plan ? std::string() : plan.error().message));
  REQUIRE(plan);
  return *plan;
}

// The names of the file's servers.
std::vector<std::string> server_names(const fs::path& file) {
  std::vector<std::string> out;
  for (const YAML::Node& s : YAML::Load(text_of(file))["servers"])
    out.push_back(s["name"].as<std::string>());
  return out;
}

using CellKey = std::tuple<std::string, std::string, std::string, std::string, int, std::int64_t>;

// The run length the plan gives each cell, by its coordinates.
std::map<CellKey, config::RunLength> run_lengths(const config::Plan& p) {
  std::map<CellKey, config::RunLength> out;
  for (const auto& c : run::schedule_cells(p))
    out[{p.servers[c.server].name, p.profiles[c.profile].name, p.engines[c.engine],
         std::string(sysbench::workload_name(p.workloads[c.workload])), c.threads,
         p.table_sizes[c.size]}] = config::run_length(p, c);
  return out;
}

// Thread tables: one per (workload, engine, size) the plan runs; size tables: one per
// (workload, engine, threads) when the plan sweeps sizes. Every cell fills one thread-table
// cell.
void check_tables(const config::Plan& plan, const results::RunResults& results) {
  std::set<std::tuple<std::string, std::string, std::int64_t>> thread_tables;
  std::set<std::tuple<std::string, std::string, int>> size_tables;
  for (const auto& [key, length] : run_lengths(plan)) {
    thread_tables.insert({std::get<3>(key), std::get<2>(key), std::get<5>(key)});
    if (plan.table_sizes.size() > 1)
      size_tables.insert({std::get<3>(key), std::get<2>(key), std::get<4>(key)});
  }
  std::size_t by_threads = 0, by_size = 0, filled = 0;
  for (const auto& t : report::build_comparison(results)) {
    if (t.rows_by == report::RowAxis::table_size) {
      ++by_size;
      continue;
    }
    ++by_threads;
    for (const auto& row : t.rows)
      for (const auto& cell : row.cells) filled += cell.runs > 0 ? 1 : 0;
  }
  CHECK(by_threads == thread_tables.size());
  CHECK(by_size == size_tables.size());
  CHECK(filled == results.cells.size());
}

// Seed 004's third experiment: the utf8 release's .MYD is about 2.9x the other's (the post:
// 5236 MB against 1803 MB at 10M rows), at every size, as the run recorded it.
void check_myd_sizes(const results::RunResults& results, const config::Plan& plan) {
  for (std::int64_t rows : plan.table_sizes) {
    auto myd = [&](const std::string& server) {
      for (const auto& d : results.data_sizes)
        if (d.server == server && d.table_size == rows) {
          CHECK(d.file_source == "files");
          return static_cast<double>(d.data_file_bytes);
        }
      FAIL("no data size of " << server << " at " << rows << " rows");
      return 0.0;
    };
    const double ratio = myd("mariadb-10.11.18") / myd("mariadb-10.11.19");
    INFO(rows << " rows: " << ratio);
    CHECK(ratio > 2.8);
    CHECK(ratio < 3.0);
  }
}

void run_small(const fs::path& file) {
  INFO(file);
  const config::Plan plan = plan_of(file);
  const auto lengths = run_lengths(plan);
  const bool myd = file.filename() == "seed004-myd-size.yaml";
  TempDir tmp;
  const fs::path run_dir = tmp.path() / "run";
  auto r = run_versus({"run", fs::relative(file, kSource).string(), "--output", run_dir.string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == lengths.size());
  const std::string transport = plan.transport == config::Transport::tcp ? "tcp" : "socket";
  for (const auto& c : results->cells) {
    CHECK(c.status == results::CellStatus::ok);
    CHECK(c.counters.transactions > 0);
    CHECK(c.transport == transport);
    auto it = lengths.find({c.server, c.profile, c.engine, c.workload, c.threads, c.table_size});
    REQUIRE(it != lengths.end());
    CHECK(c.max_requests == it->second.max_requests);
    if (c.max_requests > 0) CHECK(c.counters.transactions <= c.max_requests);
  }
  // Only sysbench 0.4's table is loaded: the legacy mixes use no sbtest1..N.
  CHECK(r.output.find(": loading sbtest, " + std::to_string(plan.table_sizes.front()) + " rows") !=
        std::string::npos);
  check_tables(plan, *results);
  CHECK(fs::exists(run_dir / "comparison.md"));
  std::set<run::InstanceKey> loaded;  // the instances a cell runs on (not the excluded ones')
  for (const auto& c : run::schedule_cells(plan)) loaded.insert(run::instance_of(c));
  CHECK(results->data_sizes.size() == loaded.size());  // one per load
  if (myd) check_myd_sizes(*results, plan);
  CHECK(live_recorded_servers(run_dir).empty());
}

// One case per file, so CTest runs them two at a time (together they took 220 s in one case).
const std::vector<std::string> kSmallSeeds = {
    "seed000-perf-schema.yaml",   "seed001-percona.yaml",  "seed002-mysql56.yaml",
    "seed003-innodb-plugin.yaml", "seed004-myd-size.yaml", "seed004-sizes.yaml",
    "seed004-threads.yaml"};

void run_small_seed(const std::string& name) {
  release_basedir("10.11.18");  // REQUIREs both releases: a missing one fails, never skips
  release_basedir("10.11.19");
  run_small(kSource / "configs/seeds/small" / name);
}
}  // namespace

TEST_CASE("every small seed config has its case below", "[seeds]") {
  std::vector<std::string> names;
  for (const auto& file : yaml_files(kSource / "configs/seeds/small"))
    names.push_back(file.filename().string());
  std::sort(names.begin(), names.end());
  CHECK(names == kSmallSeeds);
}

TEST_CASE("small seed config 000 (performance_schema) runs and produces its tables",
          "[integration][seeds]") {
  run_small_seed(kSmallSeeds[0]);
}
TEST_CASE("small seed config 001 (Percona) runs and produces its tables", "[integration][seeds]") {
  run_small_seed(kSmallSeeds[1]);
}
TEST_CASE("small seed config 002 (MySQL 5.6) runs and produces its tables",
          "[integration][seeds]") {
  run_small_seed(kSmallSeeds[2]);
}
TEST_CASE("small seed config 003 (InnoDB plugin) runs and produces its tables",
          "[integration][seeds]") {
  run_small_seed(kSmallSeeds[3]);
}
TEST_CASE("small seed config 004 (MYD size) runs and produces its tables", "[integration][seeds]") {
  run_small_seed(kSmallSeeds[4]);
}
TEST_CASE("small seed config 004 (sizes) runs and produces its tables", "[integration][seeds]") {
  run_small_seed(kSmallSeeds[5]);
}
TEST_CASE("small seed config 004 (threads) runs and produces its tables", "[integration][seeds]") {
  run_small_seed(kSmallSeeds[6]);
}

TEST_CASE("every published seed config passes versus plan with real releases as its servers",
          "[integration][seeds]") {
  const std::string releases[] = {release_basedir("10.11.18").string(),
                                  release_basedir("10.11.19").string()};
  for (const auto& file : yaml_files(kSource / "configs/seeds")) {
    INFO(file);
    std::vector<std::string> args{"plan", fs::relative(file, kSource).string()};
    config::MatrixOverrides servers;
    const auto names = server_names(file);
    for (std::size_t i = 0; i < names.size(); ++i) {
      servers.servers.push_back(names[i] + "=" + releases[i % 2]);
      args.push_back("--server");
      args.push_back(servers.servers.back());
    }
    const config::Plan plan = plan_of(file, servers);
    auto r = run_versus(args);
    INFO(r.output);
    CHECK(r.exit_code == 0);
    CHECK(r.output.find(std::to_string(run::schedule_cells(plan).size()) + " cells") !=
          std::string::npos);
  }
}

}  // namespace versus::testing
