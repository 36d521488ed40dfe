#include "run/round_steps.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "run/schedule.h"
#include "support/matrix_text.h"
#include "sysbench/suite.h"

using versus::config::Cell;
using versus::config::Plan;
using versus::run::RoundProgress;
using versus::run::RoundStep;

namespace {
// Every step of one round's server, in order, each as "<step> before <cell label>".
std::vector<std::string> round_of(const Plan& plan) {
  std::vector<std::string> out;
  RoundProgress progress;
  for (const Cell& c : versus::run::schedule_cells(plan)) {
    if (c.repeat != 0 || c.server != 0) continue;
    for (const RoundStep& s : versus::run::steps_before(plan, c, progress))
      out.push_back(s.name + " before " + versus::config::workload_label(plan, c.workload));
  }
  return out;
}
}  // namespace

TEST_CASE("steps_before: the published warm-up passes and the postwrite step in their places",
          "[run][round_steps]") {
  const Plan plan = versus::testing::good_plan(
      "suite: microbenchmarks\nlifecycle: round\nthreads: [1, 4]\nwarm_duration: 5s\n");
  CHECK(round_of(plan) == std::vector<std::string>{
                              "point_query.warm before scan",
                              "scan.warmpre before scan",
                              "postwrite before scan.after_writes",
                              "scan.warm before scan.after_writes",
                              "points_covered_si.warm before points_covered_si.after_writes",
                          });
}

TEST_CASE("steps_before: as published, reads only after the writes", "[run][round_steps]") {
  const Plan plan = versus::testing::good_plan(
      "suite: microbenchmarks\nlifecycle: round\nreads_before_writes: false\n");
  CHECK(round_of(plan) == std::vector<std::string>{
                              "point_query.warm before update_inlist",
                              "scan.warmpre before update_inlist",
                              "postwrite before scan.after_writes",
                              "scan.warm before scan.after_writes",
                              "points_covered_si.warm before points_covered_si.after_writes",
                          });
}

TEST_CASE("steps_before: warm_duration 0 leaves the postwrite step alone; no suite, nothing",
          "[run][round_steps]") {
  const Plan no_warm = versus::testing::good_plan(
      "suite: microbenchmarks\nlifecycle: round\nwarm_duration: 0s\nreads_after_writes: false\n");
  // No read after the writes: the step comes before delete, the first cell after them.
  CHECK(round_of(no_warm) == std::vector<std::string>{"postwrite before oltp_delete"});
  const Plan plain = versus::testing::good_plan(
      "workloads: [oltp_read_write, point_query]\nlifecycle: round\n");
  CHECK(round_of(plain).empty());
}

TEST_CASE("warm_cell: the step's workload at the plan's most threads", "[run][round_steps]") {
  const Plan plan = versus::testing::good_plan(
      "suite: microbenchmarks\nlifecycle: round\nthreads: [4, 16, 2]\n");
  RoundProgress progress;
  const Cell first = versus::run::schedule_cells(plan).front();
  const auto steps = versus::run::steps_before(plan, first, progress);
  REQUIRE(steps.size() == 2);
  const Cell warm = versus::run::warm_cell(plan, steps[0], first);
  CHECK(plan.workloads[warm.workload] == versus::sysbench::Workload::point_query);
  CHECK(warm.threads == 16);
  CHECK(warm.repeat == first.repeat);
  CHECK(warm.server == first.server);
  // Each pass once per round's server: the next cell of the same server has none.
  CHECK(versus::run::steps_before(plan, versus::run::schedule_cells(plan)[1], progress).empty());
}

TEST_CASE("round_replays: a resumed round's recorded cells before its first missing one",
          "[run][round_steps]") {
  auto parsed = versus::config::parse_matrix_text(
      "servers: [{name: a, basedir: .}, {name: b, basedir: .}]\n"
      "workloads: [oltp_update_index, point_query, oltp_insert]\nlifecycle: round\n"
      "repeats: 2\n",
      "m.yaml", std::filesystem::temp_directory_path());
  REQUIRE(parsed);
  const Plan& plan = *parsed;
  // Schedule: round 1 a 0-2, b 3-5; round 2 b 6-8, a 9-11.
  REQUIRE(versus::run::schedule_cells(plan).size() == 12);
  // Cut short in round 1 at b's second cell: b's first runs again; a's round was whole.
  CHECK(versus::run::round_replays(plan, {4, 5, 6, 7, 8, 9, 10, 11}) ==
        std::set<std::size_t>{3});
  // Only a's last cell of round 2 missing: its two before it run again.
  CHECK(versus::run::round_replays(plan, {11}) == std::set<std::size_t>{9, 10});
  // A round's first cell missing, or nothing missing: nothing to replay.
  CHECK(versus::run::round_replays(plan, {0, 1, 2}).empty());
  CHECK(versus::run::round_replays(plan, {}).empty());
}
