// repeats: auto's run side: which comparisons are open after the rounds so far. Rows are keyed
// on every coordinate the report's tables match cells on, table size included.
#include "run/auto_repeats.h"

#include <catch2/catch.hpp>

#include "support/cell_builder.h"

namespace {

using versus::results::CellRecord;
using versus::testing::CellBuilder;

// Servers a (the baseline) and b, one profile, oltp_read_write at 1 thread, two table sizes.
versus::config::Plan sweep_plan() {
  versus::config::Plan plan;
  plan.servers.resize(2);
  plan.servers[0].name = "a";
  plan.servers[1].name = "b";
  plan.profiles.resize(1);
  plan.profiles[0].name = "default";
  plan.engines = {"innodb"};
  plan.workloads = {versus::sysbench::Workload::oltp_read_write};
  plan.threads = {1};
  plan.tables = 1;
  plan.table_sizes = {1000, 100000};
  plan.repeats = 0;
  plan.auto_repeats = true;
  plan.max_repeats = 10;
  plan.multiple_comparisons = "none";
  return plan;
}

CellRecord cell(const std::string& server, std::int64_t size, int round, double tps) {
  return CellBuilder(server).tables(1).table_size(size).repeat(round).tps(tps);
}

// Three rounds: at 1000 rows b is exactly 5% slower in every round while the host drifts 20%
// between rounds; at 100000 rows b is as fast in one round, 10% faster or slower in others.
versus::results::RunResults three_rounds() {
  versus::results::RunResults done;
  const double drift[] = {1000, 1200, 800};
  const double noisy[] = {1, 1.1, 0.9};
  for (int r = 0; r < 3; ++r) {
    done.cells.push_back(cell("a", 1000, r, drift[r]));
    done.cells.push_back(cell("b", 1000, r, drift[r] * 0.95));
    done.cells.push_back(cell("a", 100000, r, 500));
    done.cells.push_back(cell("b", 100000, r, 500 * noisy[r]));
  }
  return done;
}

}  // namespace

TEST_CASE("auto repeats: a size sweep keeps its sizes apart", "[run][auto]") {
  const auto plan = sweep_plan();
  CHECK(versus::run::comparisons_of(plan) == 2);
  const auto open = versus::run::open_comparisons(plan, three_rounds());
  REQUIRE(open.size() == 1);  // 1000 rows: decided slower (paired); 100000 rows: open
  CHECK(open[0].server == "b");
  CHECK(open[0].table_size == 100000);
  CHECK(open[0].tables == 1);
  versus::config::Cell small{1, 0, 0, 0, 1, 3, 0}, large{1, 0, 0, 0, 1, 3, 1};
  CHECK_FALSE(versus::run::in_open_row(plan, small, open));
  CHECK(versus::run::in_open_row(plan, large, open));
}

TEST_CASE("auto repeats: estimate independent leaves the drifting 5% open", "[run][auto]") {
  auto plan = sweep_plan();
  plan.estimate = "independent";
  const auto open = versus::run::open_comparisons(plan, three_rounds());
  CHECK(open.size() == 2);
}

TEST_CASE("auto repeats: a cell a busy machine disturbed counts as missing", "[run][auto]") {
  const auto plan = sweep_plan();
  auto done = three_rounds();
  // b at 1000 rows in rounds 2 and 3: other processes took 40% of 2 CPUs over 10 s.
  for (auto& c : done.cells)
    if (c.server == "b" && c.table_size == 1000 && c.repeat > 0) {
      c.usage.measured = true;
      c.usage.interval_s = 10;
      c.usage.host_cpus = 2;
      c.usage.host_busy_s = 8;
    }
  auto open = versus::run::open_comparisons(plan, done);
  CHECK(open.size() == 2);  // 1000 rows: one round left, open again
  versus::config::Plan lenient = plan;
  lenient.interference_limit_pct = 50;  // 40% is within this limit: decided as before
  CHECK(versus::run::open_comparisons(lenient, done).size() == 1);
}

TEST_CASE("open_among: a shard's rows only", "[run][auto_repeats][shards]") {
  const auto plan = sweep_plan();
  const auto open = versus::run::open_comparisons(plan, three_rounds());
  REQUIRE(open.size() == 1);  // the 100000-row comparison (above)
  const versus::config::Cell small{1, 0, 0, 0, 1, 3, 0}, large{1, 0, 0, 0, 1, 3, 1};
  CHECK(versus::run::open_among(plan, {small}, open).empty());
  CHECK(versus::run::open_among(plan, {large}, open).size() == 1);
  CHECK(versus::run::open_among(plan, {small, large}, open).size() == 1);
  CHECK(versus::run::open_among(plan, {}, open).empty());
}

TEST_CASE("auto repeats: a column exclude[] drops is no comparison, never open",
          "[run][auto]") {
  // The quickstart's shape: a, b x default, tuned; a/tuned excluded. Its empty column must
  // neither count in the alpha split nor keep a row open for ever.
  auto plan = sweep_plan();
  plan.table_sizes = {1000};
  plan.profiles.resize(2);
  plan.profiles[1].name = "tuned";
  versus::config::CellSelector drop;
  drop.server = "a";
  drop.profile = "tuned";
  plan.excludes.push_back(drop);
  CHECK(versus::run::comparisons_of(plan) == 2);  // b/default and b/tuned, not a/tuned
  versus::results::RunResults done;
  for (int r = 0; r < 3; ++r) {
    const double drift[] = {1000, 1200, 800};
    done.cells.push_back(cell("a", 1000, r, drift[r]));
    auto b = cell("b", 1000, r, drift[r] * 0.95);
    done.cells.push_back(b);
    b.profile = "tuned";
    done.cells.push_back(b);
  }
  // Both of b's columns are exactly 5% slower every round: decided, and nothing stays open.
  CHECK(versus::run::open_comparisons(plan, done).empty());
}
