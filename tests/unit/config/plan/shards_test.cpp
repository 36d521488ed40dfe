#include "config/plan/shards.h"

#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <tuple>

#include "config/reading/matrix_parser.h"
#include "support/temp_dir.h"

using versus::config::Cell;
using versus::config::GroupKey;
using versus::config::Plan;
using versus::config::Shard;

namespace {
// Two servers x two profiles, two engines, two workloads, three thread counts, two repeats,
// one workload's 16-thread cells longer (include[]): groups of unequal time.
constexpr const char* kMatrix = R"(servers:
  - { name: a, basedir: /tmp }
  - { name: b, basedir: / }
profiles:
  - { name: p1 }
  - { name: p2 }
engines: [innodb, myisam]
workloads: [oltp_read_only, oltp_point_select]
threads: [1, 4, 16]
duration: 10s
repeats: 2
include:
  - { workload: oltp_read_only, threads: 16, duration: 60s }
)";

Plan shard_plan(const std::string& text) {
  auto plan = versus::config::parse_matrix_text(text, "m.yaml", "/tmp");
  if (!plan) FAIL(plan.error().message);
  return *plan;
}

std::vector<Shard> shards_of(const Plan& plan, int n) {
  auto shards = versus::config::assign_shards(plan, n);
  if (!shards) FAIL(shards.error().message);
  return *shards;
}

using CellId =
    std::tuple<std::size_t, std::size_t, std::size_t, std::size_t, int, int, std::size_t>;
CellId id_of(const Cell& c) {
  return {c.server, c.profile, c.engine, c.workload, c.threads, c.repeat, c.size};
}
}  // namespace

TEST_CASE("parse_shard: I/N with 1 <= I <= N, else the flag and what was expected",
          "[config][shards]") {
  auto s = versus::config::parse_shard("2/3");
  REQUIRE(s);
  CHECK(s->index == 2);
  CHECK(s->count == 3);
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "1/2x", "/2", "-1/2"}) {
    auto e = versus::config::parse_shard(bad);
    REQUIRE_FALSE(e);
    CHECK_THAT(e.error().message,
               Catch::StartsWith(std::string("--shard ") + bad + ": expected I/N"));
  }
}

TEST_CASE("assign_shards: every cell once, whole groups, each shard holding some",
          "[config][shards]") {
  const Plan plan = shard_plan(kMatrix);
  const auto all = versus::config::expand_cells(plan);
  for (int n : {1, 2, 3, 5}) {
    const auto shards = shards_of(plan, n);
    REQUIRE(shards.size() == static_cast<std::size_t>(n));
    std::map<CellId, int> seen;
    std::map<GroupKey, std::set<int>> group_shards;
    for (std::size_t i = 0; i < shards.size(); ++i) {
      CHECK_FALSE(shards[i].cells.empty());
      for (const Cell& c : shards[i].cells) {
        ++seen[id_of(c)];
        group_shards[versus::config::group_of(plan, c)].insert(static_cast<int>(i));
        CHECK(versus::config::in_shard(plan, shards, {static_cast<int>(i) + 1, n}, c));
      }
    }
    CHECK(seen.size() == all.size());
    for (const auto& [id, times] : seen) CHECK(times == 1);
    // A group is every column (2 servers x 2 profiles) and repeat: 8 cells, on one shard.
    for (const auto& [g, where] : group_shards) CHECK(where.size() == 1);
    for (const Cell& c : all) {
      int holders = 0;
      for (int i = 1; i <= n; ++i) holders += versus::config::in_shard(plan, shards, {i, n}, c);
      CHECK(holders == 1);
    }
  }
}

TEST_CASE("assign_shards: balanced by estimated time, deterministic", "[config][shards]") {
  const Plan plan = shard_plan(kMatrix);
  const auto shards = shards_of(plan, 2);
  const double a = shards[0].time.total_s(), b = shards[1].time.total_s();
  const double whole =
      versus::config::estimate_time(plan, versus::config::expand_cells(plan)).cells_s;
  CHECK(shards[0].time.cells_s + shards[1].time.cells_s == Approx(whole));
  // Two long groups (oltp_read_only at 16 threads, one per engine) and ten short ones:
  // longest first, each to the shard that would end soonest, leaves them within 10%.
  CHECK(std::abs(a - b) < 0.1 * (a + b));
  const auto again = shards_of(plan, 2);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(again[i].groups == shards[i].groups);
    CHECK(again[i].cells.size() == shards[i].cells.size());
  }
}

TEST_CASE("assign_shards: at most one shard per group, the flag named", "[config][shards]") {
  const Plan plan = shard_plan(
      "servers: [{name: a, basedir: /tmp}, {name: b, basedir: /}]\n"
      "workloads: [oltp_read_only]\nthreads: [1, 4]\nrepeats: 3\n");
  CHECK(shards_of(plan, 2).size() == 2);
  auto three = versus::config::assign_shards(plan, 3);
  REQUIRE_FALSE(three);
  CHECK_THAT(three.error().message,
             Catch::StartsWith("--shards 3: the plan has 2 comparison group(s)") &&
                 Catch::Contains("at most 2 shard(s)"));
  CHECK_FALSE(versus::config::assign_shards(plan, 0));
}

TEST_CASE("assign_shards: excluded cells are in no shard", "[config][shards]") {
  const Plan plan = shard_plan(std::string(kMatrix) + "exclude:\n  - { server: b, threads: 4 }\n");
  std::size_t cells = 0;
  for (const auto& s : shards_of(plan, 3)) {
    cells += s.cells.size();
    for (const Cell& c : s.cells) CHECK_FALSE(versus::config::excluded(plan, c));
  }
  CHECK(cells == versus::config::expand_cells(plan).size());
}

TEST_CASE("plan_id: the file's bytes and the overrides, the same on every read",
          "[config][shards]") {
  versus::testing::TempDir dir;
  const auto file = dir.write("m.yaml", kMatrix);
  auto plan = versus::config::parse_matrix_file(file);
  REQUIRE(plan);
  const auto id = versus::config::plan_id(*plan);
  REQUIRE(id);
  CHECK(id->size() == 16);
  CHECK(*versus::config::plan_id(*plan) == *id);
  auto other = versus::config::parse_matrix_file(file, {{}, {"duration=20s"}});
  REQUIRE(other);
  CHECK(*versus::config::plan_id(*other) != *id);
  dir.write("m.yaml", std::string(kMatrix) + "# a comment\n");
  CHECK(*versus::config::plan_id(*plan) != *id);
  plan->source = dir.path() / "none.yaml";
  CHECK_FALSE(versus::config::plan_id(*plan));
}
