#include "config/plan/plan.h"

#include <catch2/catch.hpp>

#include "support/plan_builder.h"

using versus::config::Cell;
using versus::config::expand_cells;
using versus::config::Plan;
using versus::testing::plan_of;

namespace {

bool same(const Cell& a, const Cell& b) {
  return a.server == b.server && a.profile == b.profile && a.engine == b.engine &&
         a.workload == b.workload && a.threads == b.threads && a.repeat == b.repeat;
}

}  // namespace

TEST_CASE("expand_cells: one cell per combination", "[config][plan]") {
  CHECK(expand_cells(plan_of(2, 3, 2, 2, {1, 4, 16}, 5)).size() == 2 * 3 * 2 * 2 * 3 * 5);
  CHECK(expand_cells(plan_of(1, 1, 1, 1, {1}, 1)).size() == 1);
}

TEST_CASE("expand_cells: canonical order, repeat varies fastest", "[config][plan]") {
  const auto cells = expand_cells(plan_of(2, 2, 1, 1, {1, 8}, 2));
  REQUIRE(cells.size() == 16);
  CHECK(same(cells[0], Cell{0, 0, 0, 0, 1, 0, 0}));
  CHECK(same(cells[1], Cell{0, 0, 0, 0, 1, 1, 0}));
  CHECK(same(cells[2], Cell{0, 0, 0, 0, 8, 0, 0}));
  CHECK(same(cells[4], Cell{0, 1, 0, 0, 1, 0, 0}));
  CHECK(same(cells[8], Cell{1, 0, 0, 0, 1, 0, 0}));
  CHECK(same(cells[15], Cell{1, 1, 0, 0, 8, 1, 0}));
}

TEST_CASE("expand_cells: thread counts keep the plan's order", "[config][plan]") {
  const auto cells = expand_cells(plan_of(1, 1, 1, 1, {16, 1, 4}, 1));
  REQUIRE(cells.size() == 3);
  CHECK(cells[0].threads == 16);
  CHECK(cells[1].threads == 1);
  CHECK(cells[2].threads == 4);
}

TEST_CASE("expand_cells: an empty dimension means no cells", "[config][plan]") {
  CHECK(expand_cells(plan_of(0, 1, 1, 1, {1}, 1)).empty());
  CHECK(expand_cells(plan_of(1, 1, 1, 1, {}, 1)).empty());
  CHECK(expand_cells(plan_of(1, 1, 1, 1, {1}, 0)).empty());
}
