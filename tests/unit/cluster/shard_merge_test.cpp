#include "cluster/shard_merge.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>

#include "config/plan/shards.h"
#include "config/reading/matrix_parser.h"
#include "results/record/store.h"
#include "run/cell_inputs.h"
#include "run/schedule.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using versus::results::RunResults;

namespace {
constexpr const char* kMatrix = R"(servers:
  - { name: a, basedir: /tmp }
  - { name: b, basedir: / }
workloads: [oltp_read_only, oltp_point_select]
threads: [1, 4]
duration: 5s
repeats: 2
)";

// Shard run directories as `versus run --shard I/2` leaves them: the matrix copy and a
// results.json of the shard's cells (each with a kept error log).
struct Shards {
  versus::testing::TempDir tmp;
  versus::config::Plan plan;
  std::vector<fs::path> dirs;

  Shards() {
    auto p = versus::config::parse_matrix_file(tmp.write("m.yaml", kMatrix));
    REQUIRE(p);
    plan = *p;
    auto shards = versus::config::assign_shards(plan, 2);
    REQUIRE(shards);
    for (int i = 1; i <= 2; ++i) {
      const fs::path dir = tmp.path() / ("shard-" + std::to_string(i));
      RunResults r;
      r.info.run_id = dir.filename().string();
      r.info.servers = {"a", "b"};
      r.info.profiles = {"default"};
      r.info.shard = {*versus::config::plan_id(plan), i, 2};
      for (const auto& c : (*shards)[static_cast<std::size_t>(i - 1)].cells) {
        auto at = versus::run::coordinates(plan, c, 0, 0);
        versus::results::CellRecord rec;
        rec.server = at.server;
        rec.profile = at.profile;
        rec.engine = at.engine;
        rec.workload = at.workload;
        rec.threads = at.threads;
        rec.repeat = at.repeat;
        rec.tables = at.tables;
        rec.table_size = at.table_size;
        rec.tps = 100;
        rec.error_log = "logs/" + at.server + "-" + std::to_string(at.threads) + "-" + at.workload +
                        "-" + std::to_string(at.repeat) + ".error.log";
        tmp.write(dir.filename().string() + "/" + rec.error_log, "log\n");
        r.cells.push_back(rec);
      }
      REQUIRE(versus::results::ResultStore::create(dir, r));
      fs::copy_file(tmp.path() / "m.yaml", dir / "matrix.yaml");
      dirs.push_back(dir);
    }
  }

  void rewrite(std::size_t shard, const std::function<void(RunResults&)>& change) {
    auto r = versus::results::load_results(dirs[shard] / "results.json");
    REQUIRE(r);
    change(*r);
    fs::remove(dirs[shard] / "results.json");
    REQUIRE(versus::results::ResultStore::create(dirs[shard], *r));
  }
};
}  // namespace

TEST_CASE("merge_shard_dirs: a run directory of every cell once, in the plan's order",
          "[run][shard_merge]") {
  Shards s;
  const fs::path out = s.tmp.path() / "merged";
  auto merged = versus::cluster::merge_shard_dirs({s.dirs, out, {}});
  if (!merged) FAIL(merged.error().message);
  const auto order = versus::run::schedule_cells(s.plan);
  REQUIRE(merged->results.cells.size() == order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto at = versus::run::coordinates(s.plan, order[i], 0, 0);
    CHECK(versus::results::cell_key(merged->results.cells[i]) == versus::results::cell_key(at));
  }
  auto back = versus::results::load_results(out / "results.json");
  REQUIRE(back);
  CHECK(back->info.run_id == "merged");
  CHECK(back->cells.size() == order.size());
  CHECK(fs::exists(out / "matrix.yaml"));
  for (const auto& c : back->cells) CHECK(fs::exists(out / c.error_log));
  auto again = versus::cluster::merge_shard_dirs({s.dirs, out, {}});
  REQUIRE_FALSE(again);
  CHECK_THAT(again.error().message, Catch::Contains("already a run directory"));
}

TEST_CASE("merge_shard_dirs: a shard lacking cells, or holding others', is refused",
          "[run][shard_merge]") {
  Shards s;
  s.rewrite(1, [](RunResults& r) { r.cells.pop_back(); });
  auto gap = versus::cluster::merge_shard_dirs({s.dirs, s.tmp.path() / "merged", {}});
  REQUIRE_FALSE(gap);
  CHECK_THAT(gap.error().message,
             Catch::StartsWith(s.dirs[1].string() + " (shard 2/2) lacks 1 of its 8 cells") &&
                 Catch::Contains("versus run --resume " + s.dirs[1].string()));
  CHECK_FALSE(fs::exists(s.tmp.path() / "merged"));
  auto partial =
      versus::cluster::merge_shard_dirs({s.dirs, s.tmp.path() / "partial", {true, false}});
  REQUIRE(partial);
  CHECK(partial->results.cells.size() == 15);

  Shards t;
  t.rewrite(0, [](RunResults& r) { r.cells.back().threads = 16; });  // no such row in shard 1
  auto foreign =
      versus::cluster::merge_shard_dirs({t.dirs, t.tmp.path() / "merged", {true, false}});
  REQUIRE_FALSE(foreign);
  CHECK_THAT(foreign.error().message, Catch::Contains("holds 1 cell(s) its shard does not"));
}

TEST_CASE("merge_shard_dirs: needs the shards' plan, not their releases", "[run][shard_merge]") {
  Shards s;
  std::string moved = kMatrix;
  moved.replace(moved.find("/tmp"), 4, "/nonexistent/a");
  for (const auto& d : s.dirs) s.tmp.write(d.filename().string() + "/matrix.yaml", moved);
  auto merged = versus::cluster::merge_shard_dirs({s.dirs, s.tmp.path() / "merged", {}});
  if (!merged) FAIL(merged.error().message);
  CHECK(merged->results.cells.size() == 16);
}
