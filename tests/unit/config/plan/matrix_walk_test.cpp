#include "config/plan/matrix_walk.h"

#include <catch2/catch.hpp>
#include <tuple>
#include <vector>

#include "support/plan_builder.h"

using versus::config::Axis;
using versus::config::Cell;
using versus::config::Plan;
using versus::config::walk_matrix;
using versus::testing::plan_of;

namespace {

auto all_axes(const Cell& c) {
  return std::make_tuple(c.server, c.profile, c.engine, c.size, c.workload, c.threads, c.repeat);
}

std::vector<Cell> walked(const Plan& plan, std::span<const Axis> order, Cell from = {}) {
  std::vector<Cell> cells;
  walk_matrix(
      plan, order, [&](const Cell& c) { cells.push_back(c); }, from);
  return cells;
}

}  // namespace

TEST_CASE("walk_matrix: the plan order is the axes nested, the round fastest",
          "[config][plan][matrix_walk]") {
  Plan plan = plan_of(2, 2, 2, 2, {4, 1}, 2);
  plan.table_sizes = {100, 10};
  std::vector<Cell> nested;
  for (std::size_t s = 0; s < 2; ++s)
    for (std::size_t p = 0; p < 2; ++p)
      for (std::size_t e = 0; e < 2; ++e)
        for (std::size_t z = 0; z < 2; ++z)
          for (std::size_t w = 0; w < 2; ++w)
            for (int t : plan.threads)
              for (int r = 0; r < 2; ++r) nested.push_back({s, p, e, w, t, r, z});
  const auto cells = walked(plan, versus::config::kPlanOrder);
  REQUIRE(cells.size() == nested.size());
  for (std::size_t i = 0; i < cells.size(); ++i) CHECK(all_axes(cells[i]) == all_axes(nested[i]));
}

TEST_CASE("walk_matrix: an instance axis inside the rounds starts at the round's instance",
          "[config][plan][matrix_walk]") {
  const Plan plan = plan_of(3, 1, 1, 1, {1}, 4);
  constexpr Axis kOrder[] = {Axis::round, Axis::instance};
  const auto cells = walked(plan, kOrder);
  REQUIRE(cells.size() == 12);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const std::size_t round = i / 3, place = i % 3;
    CHECK(cells[i].repeat == static_cast<int>(round));
    CHECK(cells[i].server == (place + round) % 3);
  }
  constexpr Axis kOutside[] = {Axis::instance, Axis::round};  // rounds inside: no rotation
  const auto plain = walked(plan, kOutside);
  CHECK(plain[4].server == 1);
  CHECK(plain[4].repeat == 0);
}

TEST_CASE("walk_matrix: the axes not walked keep the starting cell's values",
          "[config][plan][matrix_walk]") {
  const Plan plan = plan_of(2, 3, 1, 1, {1, 8}, 1);
  constexpr Axis kOrder[] = {Axis::profile, Axis::server};
  const auto cells = walked(plan, kOrder, Cell{0, 0, 0, 0, 8, 0, 0});
  REQUIRE(cells.size() == 6);
  CHECK(cells[1].server == 1);
  CHECK(cells[1].profile == 0);
  CHECK(cells[2].profile == 1);
  for (const Cell& c : cells) CHECK(c.threads == 8);
}

TEST_CASE("walk_matrix: an axis without values walks nothing", "[config][plan][matrix_walk]") {
  CHECK(walked(plan_of(1, 1, 1, 1, {}, 1), versus::config::kPlanOrder).empty());
  CHECK(walked(plan_of(1, 0, 1, 1, {1}, 1), versus::config::kPlanOrder).empty());
  CHECK(walked(plan_of(1, 1, 1, 1, {1}, 0), versus::config::kPlanOrder).empty());
  constexpr Axis kNone[] = {Axis::engine};
  CHECK(walked(plan_of(1, 1, 0, 1, {1}, 1), kNone).empty());
}
