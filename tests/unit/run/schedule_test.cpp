#include "run/schedule.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <tuple>

#include "support/plan_builder.h"

using versus::config::Cell;
using versus::config::Plan;
using versus::run::instance_of;
using versus::run::InstanceKey;
using versus::run::instances_of;
using versus::run::schedule_cells;
using versus::testing::plan_of;

namespace {

auto tie_of(const Cell& c) {
  return std::make_tuple(c.server, c.profile, c.engine, c.workload, c.threads, c.repeat);
}

auto row_of(const Cell& c) {
  return std::make_tuple(c.repeat, c.workload, c.threads);
}

}  // namespace

TEST_CASE("schedule_cells: one cell per combination of the axes", "[run][schedule]") {
  CHECK(schedule_cells(plan_of(2, 2, 3, 2, {1, 4, 16}, 2)).size() == 2 * 2 * 3 * 2 * 3 * 2);
  CHECK(schedule_cells(plan_of(1, 1, 1, 1, {1}, 1)).size() == 1);
  CHECK(schedule_cells(plan_of(3, 1, 1, 1, {8}, 5)).size() == 15);
  CHECK(schedule_cells(plan_of(0, 1, 1, 1, {1}, 1)).empty());
  CHECK(schedule_cells(plan_of(1, 1, 1, 1, {}, 1)).empty());
  CHECK(schedule_cells(plan_of(1, 1, 1, 1, {1}, 0)).empty());
}

TEST_CASE("schedule_cells: the same cells as expand_cells, each once", "[run][schedule]") {
  const auto plan = plan_of(2, 3, 2, 2, {1, 8}, 2);
  const auto scheduled = schedule_cells(plan);
  const auto canonical = versus::config::expand_cells(plan);
  std::multiset<decltype(tie_of(Cell{}))> a, b;
  for (const auto& c : scheduled) a.insert(tie_of(c));
  for (const auto& c : canonical) b.insert(tie_of(c));
  CHECK(a == b);
  CHECK(std::set<decltype(tie_of(Cell{}))>(a.begin(), a.end()).size() == scheduled.size());
}

TEST_CASE("schedule_cells: columns alternate innermost", "[run][schedule]") {
  const auto plan = plan_of(2, 2, 2, 2, {1, 4, 16}, 1);
  const auto cells = schedule_cells(plan);
  const auto columns = instances_of(plan);
  const std::size_t n = columns.size();
  REQUIRE(n == 8);
  REQUIRE(cells.size() % n == 0);
  for (std::size_t block = 0; block < cells.size() / n; ++block) {
    INFO("block " << block);
    const auto row = row_of(cells[block * n]);
    for (std::size_t i = 0; i < n; ++i) {
      const auto& c = cells[block * n + i];
      CHECK(row_of(c) == row);              // same repeat, workload, threads ...
      CHECK(instance_of(c) == columns[i]);  // ... across every column, in plan order
    }
    if (block + 1 < cells.size() / n) {
      CHECK(row_of(cells[(block + 1) * n]) != row);  // then the row changes
    }
  }
}

TEST_CASE("schedule_cells: never all of server A before server B", "[run][schedule]") {
  const auto cells = schedule_cells(plan_of(2, 1, 1, 1, {1, 2, 4}, 1));
  REQUIRE(cells.size() == 6);
  const std::vector<int> threads{1, 2, 4};
  for (std::size_t i = 0; i < cells.size(); ++i) {
    INFO("cell " << i);
    CHECK(cells[i].server == i % 2);
    CHECK(cells[i].threads == threads[i / 2]);
  }
}

TEST_CASE("schedule_cells: thread counts keep the plan's order, inside the workload",
          "[run][schedule]") {
  const auto cells = schedule_cells(plan_of(1, 1, 1, 2, {16, 1, 4}, 1));
  REQUIRE(cells.size() == 6);
  const std::vector<std::pair<std::size_t, int>> want{{0, 16}, {0, 1}, {0, 4},
                                                      {1, 16}, {1, 1}, {1, 4}};
  for (std::size_t i = 0; i < cells.size(); ++i) {
    INFO("cell " << i);
    CHECK(cells[i].workload == want[i].first);
    CHECK(cells[i].threads == want[i].second);
  }
}

TEST_CASE("schedule_cells: repeats are outermost", "[run][schedule]") {
  const auto plan = plan_of(2, 1, 2, 2, {1, 8}, 3);
  const auto cells = schedule_cells(plan);
  const std::size_t per_repeat = 2 * 1 * 2 * 2 * 2;
  REQUIRE(cells.size() == 3 * per_repeat);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    INFO("cell " << i);
    CHECK(cells[i].repeat == static_cast<int>(i / per_repeat));
  }
  // Each repeat runs the rows in the same order.
  for (std::size_t i = 0; i < per_repeat; ++i) {
    CHECK(cells[i].threads == cells[i + 2 * per_repeat].threads);
    CHECK(cells[i].workload == cells[i + 2 * per_repeat].workload);
  }
}

TEST_CASE("schedule_cells: repeat r starts the columns at column r", "[run][schedule]") {
  const auto plan = plan_of(3, 1, 1, 1, {1, 8}, 4);
  const auto cells = schedule_cells(plan);
  const auto columns = instances_of(plan);
  REQUIRE(cells.size() == 4 * 2 * 3);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    INFO("cell " << i);
    const auto r = static_cast<std::size_t>(cells[i].repeat);
    CHECK(instance_of(cells[i]) == columns[(i % 3 + r) % 3]);
  }
  // Over repeats 0..2 each column runs first in a row exactly once per thread count.
  std::multiset<std::size_t> firsts;
  for (std::size_t i = 0; i < 3 * 2 * 3; i += 3) firsts.insert(cells[i].server);
  for (std::size_t s = 0; s < 3; ++s) CHECK(firsts.count(s) == 2);
}

TEST_CASE("instances_of: one per server x profile x engine, in plan order", "[run][schedule]") {
  const auto keys = instances_of(plan_of(2, 3, 2, 4, {1, 2}, 3));
  REQUIRE(keys.size() == 12);
  std::size_t i = 0;
  for (std::size_t s = 0; s < 2; ++s)
    for (std::size_t p = 0; p < 3; ++p)
      for (std::size_t e = 0; e < 2; ++e) {
        INFO("key " << i);
        CHECK(keys[i].server == s);
        CHECK(keys[i].profile == p);
        CHECK(keys[i].engine == e);
        ++i;
      }
  CHECK(std::is_sorted(keys.begin(), keys.end()));
  CHECK(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
  CHECK(instances_of(plan_of(0, 1, 1, 1, {1}, 1)).empty());
}

TEST_CASE("instance_of: the cell's server, profile and engine", "[run][schedule]") {
  Cell c{2, 1, 3, 4, 64, 5};
  const InstanceKey k = instance_of(c);
  CHECK(k.server == 2);
  CHECK(k.profile == 1);
  CHECK(k.engine == 3);
  CHECK(instance_of(Cell{2, 1, 3, 0, 1, 0, 0}) == k);
  CHECK_FALSE(instance_of(Cell{2, 1, 2, 4, 64, 5, 0}) == k);
}

TEST_CASE("schedule_cells: lifecycle server runs instance by instance", "[run][schedule]") {
  auto plan = plan_of(2, 2, 2, 2, {1, 4}, 2);
  plan.table_sizes = {1000, 2000};
  plan.lifecycle = versus::config::Lifecycle::server;
  const auto cells = schedule_cells(plan);
  CHECK(cells.size() == versus::config::expand_cells(plan).size());
  // Each instance's cells are contiguous, instances in plan order (a server's one after the
  // other, so one server per (server, profile) is started once).
  const auto keys = instances_of(plan);
  std::size_t at = 0;
  for (const auto& k : keys) {
    INFO("instance " << k.server << k.profile << k.engine << k.size);
    const std::size_t per_instance = cells.size() / keys.size();
    for (std::size_t i = 0; i < per_instance; ++i, ++at) CHECK(instance_of(cells[at]) == k);
  }
  CHECK(at == cells.size());
  // Within an instance: repeat, then workload, then threads.
  CHECK(row_of(cells[0]) == std::make_tuple(0, std::size_t{0}, 1));
  CHECK(row_of(cells[1]) == std::make_tuple(0, std::size_t{0}, 4));
  CHECK(row_of(cells[2]) == std::make_tuple(0, std::size_t{1}, 1));
  CHECK(row_of(cells[4]) == std::make_tuple(1, std::size_t{0}, 1));
}

TEST_CASE("schedule_cells: lifecycle round runs each round instance by instance, rotating",
          "[run][schedule]") {
  auto plan = plan_of(2, 1, 1, 3, {1, 4}, 3);
  plan.lifecycle = versus::config::Lifecycle::round;
  const auto cells = schedule_cells(plan);
  REQUIRE(cells.size() == 2 * 3 * 2 * 3);
  const std::size_t per_instance = 3 * 2;  // workloads x thread counts
  for (int r = 0; r < 3; ++r)
    for (std::size_t i = 0; i < 2; ++i) {
      const std::size_t first = (static_cast<std::size_t>(r) * 2 + i) * per_instance;
      INFO("round " << r << ", instance " << i);
      // Round r's instances in turn, the first being instance r mod 2: every column first
      // as often as the others.
      const std::size_t server = (i + static_cast<std::size_t>(r)) % 2;
      for (std::size_t k = 0; k < per_instance; ++k) {
        const Cell& c = cells[first + k];
        CHECK(c.repeat == r);
        CHECK(c.server == server);
        // Back to back in plan order: for workload, for threads.
        CHECK(c.workload == k / 2);
        CHECK(c.threads == (k % 2 == 0 ? 1 : 4));
      }
    }
}
