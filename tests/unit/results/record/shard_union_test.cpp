#include "results/record/shard_union.h"

#include <catch2/catch.hpp>

#include "support/cell_builder.h"

using versus::results::MachineFacts;
using versus::results::MergeRules;
using versus::results::RunResults;
using versus::results::ShardRun;
using versus::testing::CellBuilder;

namespace {
MachineFacts machine(const std::string& host) {
  return {"Intel(R) Xeon(R) CPU", 2, "Linux 6.1.0 x86_64", "performance", 4ULL << 30, host};
}

// Shard `index` of 2 of plan "p1": servers a, b; shard 1 holds 1 thread, shard 2 holds 4.
ShardRun shard(int index, const std::string& host = "node1") {
  RunResults r;
  r.info.run_id = "run-" + std::to_string(index);
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  r.info.seed = 42;
  r.info.started_at = "2026-12-02T10:0" + std::to_string(index) + ":00Z";
  r.info.machine = machine(host);
  r.info.shard = {"p1", index, 2};
  const int threads = index == 1 ? 1 : 4;
  for (int repeat = 0; repeat < 2; ++repeat)
    for (const char* server : {"a", "b"})
      r.cells.push_back(
          CellBuilder(server).threads(threads).repeat(repeat).table_size(1000).tps(100));
  r.data_sizes.push_back({"a", "default", "innodb", 1, 1000, "files", 1, 0, 1, 0, ""});
  return {"dir" + std::to_string(index), r};
}

std::string merge_error(const std::vector<ShardRun>& runs, MergeRules rules = {}) {
  auto merged = versus::results::merge_shards(runs, rules);
  REQUIRE_FALSE(merged);
  return merged.error().message;
}
}  // namespace

TEST_CASE("merge_shards: every cell once, with its host; the hosts by shard",
          "[results][shard_merge]") {
  auto merged = versus::results::merge_shards({shard(2, "node2"), shard(1, "node1")}, {});
  REQUIRE(merged);
  CHECK(merged->cells.size() == 8);
  CHECK(merged->info.shard.index == 0);
  CHECK(merged->info.shard.count == 2);
  CHECK(merged->info.shard.plan_id == "p1");
  CHECK(merged->info.started_at == "2026-12-02T10:01:00Z");
  REQUIRE(merged->info.hosts.size() == 2);
  CHECK(merged->info.hosts[0].shard == 1);
  CHECK(merged->info.hosts[0].machine.hostname == "node1");
  CHECK(merged->info.hosts[1].run_id == "run-2");
  CHECK(merged->cells.front().host == "node1");  // shard order: the lowest first
  CHECK(merged->cells.back().host == "node2");
  CHECK(merged->data_sizes.size() == 1);  // one instance, prepared by both shards
  // Same fingerprint, other names: not mixed.
  CHECK_FALSE(versus::results::mixed_hosts(merged->info));
}

TEST_CASE("merge_shards: overlaps and gaps refused, naming the directories",
          "[results][shard_merge]") {
  CHECK_THAT(merge_error({shard(1), shard(1)}),
             Catch::Contains("dir1 and dir1 both hold shard 1/2 (overlap)"));
  CHECK_THAT(merge_error({shard(1)}),
             Catch::StartsWith("shard(s) 2/2 missing: dir1 hold(s) only one shard") &&
                 Catch::Contains("--partial"));
  auto partial = versus::results::merge_shards({shard(1)}, {true, false});
  REQUIRE(partial);
  CHECK(partial->cells.size() == 4);
  auto twice = shard(2);
  twice.results.cells.push_back(shard(1).results.cells.front());
  CHECK_THAT(merge_error({shard(1), twice}),
             Catch::Contains("a/default, innodb, oltp_read_write, 1 threads, 1000 rows, repeat 1 "
                             "is in dir1 and in dir2 (overlap)"));
}

TEST_CASE("merge_shards: only shards of one plan", "[results][shard_merge]") {
  auto other = shard(2);
  other.results.info.shard.plan_id = "p2";
  CHECK_THAT(merge_error({shard(1), other}),
             Catch::StartsWith("dir2 is a shard of another plan than dir1: plan p2"));
  auto seed = shard(2);
  seed.results.info.seed = 7;
  CHECK_THAT(merge_error({shard(1), seed}), Catch::Contains("seed 7, not 42"));
  auto count = shard(2);
  count.results.info.shard.count = 3;
  CHECK_THAT(merge_error({shard(1), count}), Catch::Contains("3 shards, not 2"));
  auto whole = shard(1);
  whole.results.info.shard = {};
  CHECK_THAT(merge_error({whole}), Catch::StartsWith("dir1: not a shard"));
  auto merged = shard(1);
  merged.results.info.shard.index = 0;
  CHECK_THAT(merge_error({merged}), Catch::StartsWith("dir1: already a merged run"));
}

TEST_CASE("merge_shards: machines that differ refused unless allowed; then rows name them",
          "[results][shard_merge]") {
  auto slow = shard(2, "node2");
  slow.results.info.machine.cores = 4;
  CHECK_THAT(merge_error({shard(1), slow}),
             Catch::StartsWith("dir1 and dir2 ran on machines that differ") &&
                 Catch::Contains("node2: Intel(R) Xeon(R) CPU, 4 cores, 4.0 GiB") &&
                 Catch::Contains("--allow-mixed-hosts"));
  for (auto change : {+[](MachineFacts& m) { m.cpu_model = "AMD"; },
                      +[](MachineFacts& m) { m.kernel = "Linux 6.12"; },
                      +[](MachineFacts& m) { m.governor = "powersave"; },
                      +[](MachineFacts& m) { m.memory_bytes = 1; }}) {
    auto other = shard(2);
    change(other.results.info.machine);
    CHECK_FALSE(versus::results::merge_shards({shard(1), other}, {}));
  }
  auto mixed = versus::results::merge_shards({shard(1), slow}, {false, true});
  REQUIRE(mixed);
  CHECK(versus::results::mixed_hosts(mixed->info));
}
