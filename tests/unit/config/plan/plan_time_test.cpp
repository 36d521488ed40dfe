#include "config/plan/plan_time.h"

#include <catch2/catch.hpp>

#include "config/reading/matrix_parser.h"

namespace {
versus::config::Plan timed_plan(const std::string& text) {
  auto plan = versus::config::parse_matrix_text(text, "m.yaml", "/tmp");
  if (!plan) FAIL(plan.error().message);
  return *plan;
}
}  // namespace

TEST_CASE("estimate_time: a part of the plan prepares only the instances it touches",
          "[config][plan_time]") {
  const auto plan = timed_plan(
      "servers: [{name: a, basedir: /tmp}, {name: b, basedir: /}]\nengines: [innodb, myisam]\n"
      "workloads: [oltp_read_only]\nthreads: [1]\nwarmup: 0s\nduration: 10s\ntable_size: 80000\n");
  const auto all = versus::config::expand_cells(plan);  // 2 servers x 2 engines
  const auto whole = versus::config::estimate_time(plan, all);
  // Per instance 1 s init + 2 s start + 2 s stop + 1 s load (80,000 rows); per cell 14 s.
  CHECK(whole.prepare_s == Approx(4 * 6.0));
  CHECK(whole.cells_s == Approx(4 * 14.0));
  std::vector<versus::config::Cell> innodb;
  for (const auto& c : all)
    if (c.engine == 0) innodb.push_back(c);
  // Both columns' innodb instances, not the myisam ones.
  const auto part = versus::config::estimate_time(plan, innodb);
  CHECK(part.prepare_s == Approx(2 * 6.0));
  CHECK(part.cells_s == Approx(2 * 14.0));
  CHECK(versus::config::cell_seconds(plan, all.front()) == Approx(14.0));
  CHECK_FALSE(part.lower_bound);
}

TEST_CASE("estimate_time: the suite's writes run once more per instance before the second pass",
          "[config][plan_time]") {
  const std::string base =
      "servers: [{name: a, basedir: /tmp}]\nsuite: microbenchmarks\nthreads: [1]\n"
      "warmup: 1s\nduration: 10s\ntable_size: 80000\n";
  const auto with = timed_plan(base);
  const auto without = timed_plan(base + "reads_after_writes: false\n");
  const auto a = versus::config::estimate_time(with, versus::config::expand_cells(with));
  const auto b = versus::config::estimate_time(without, versus::config::expand_cells(without));
  // 8 writes of 11 s (delete and insert run last, not before the second pass) on one server
  // started and stopped once: 2 + 2 + 88 s.
  CHECK(a.prepare_s - b.prepare_s == Approx(92.0));
  CHECK(a.cells_s - b.cells_s == Approx(22 * 15.0));  // 22 second-pass cells of 4 + 11 s
  const auto server = timed_plan(base + "lifecycle: server\nestimate: independent\n");
  const auto c = versus::config::estimate_time(server, versus::config::expand_cells(server));
  CHECK(c.cells_s == Approx(54 * 11.0));  // on one server: no second writes, no restarts
}

TEST_CASE("estimate_time: a server whose data comes from another's costs a start and a stop",
          "[config][plan_time]") {
  const auto plan = timed_plan(
      "servers: [{name: a, basedir: /tmp}, {name: b, basedir: /tmp, data_from: a}]\n"
      "workloads: [oltp_read_only]\nthreads: [1]\nwarmup: 0s\nduration: 10s\ntable_size: 80000\n");
  const auto e = versus::config::estimate_time(plan, versus::config::expand_cells(plan));
  // a: 1 s init + 2 s start + 2 s stop + 1 s load; b: a copy of a's, started and stopped.
  CHECK(e.prepare_s == Approx(6.0 + 4.0));
  // explain: settings: the variants that copy the column's instance cost less.
  const double all_load = versus::config::explain_column_seconds(plan, 2);
  CHECK(versus::config::explain_column_seconds(plan, 2, 3) == Approx(all_load));
  CHECK(versus::config::explain_column_seconds(plan, 2, 0) == Approx(all_load - 3 * 2.0));
}
