#include "results/evidence/efficiency.h"

#include <catch2/catch.hpp>

using namespace versus::results;

namespace {
CellRecord measured_cell(std::uint64_t transactions) {
  CellRecord c;
  c.counters.transactions = transactions;
  c.counters.reads = transactions * 14;
  c.counters.writes = transactions * 4;
  c.counters.other = transactions * 2;
  c.usage.measured = true;
  c.usage.server_user_s = 1.5;
  c.usage.server_system_s = 0.5;
  c.usage.client_user_s = 0.1;
  c.usage.client_system_s = 0.3;
  c.usage.voluntary_switches = 30000;
  c.usage.involuntary_switches = 2000;
  c.usage.read_bytes = 4096 * 1000;
  c.usage.write_bytes = 1024 * 500;
  return c;
}
}  // namespace

TEST_CASE("efficiency: raw deltas divided by the transactions", "[results][efficiency]") {
  auto e = efficiency_of(measured_cell(2000));
  REQUIRE(e);
  CHECK(e->server_cpu_us == Approx(1000));  // 2 s / 2000
  CHECK(e->client_cpu_us == Approx(200));
  CHECK(e->switches == Approx(16));
  CHECK(e->read_kb == Approx(2));
  CHECK(e->write_kb == Approx(0.25));
  CHECK(e->server_cpu_us_per_query == Approx(50));  // 20 statements per transaction
}

TEST_CASE("efficiency: divided by the transactions of the snapshot interval when recorded",
          "[results][efficiency]") {
  CellRecord c = measured_cell(2000);
  c.usage.transactions = 2500;  // completed between the snapshots: a longer interval
  CHECK(evidence_transactions(c) == 2500);
  auto e = efficiency_of(c);
  REQUIRE(e);
  CHECK(e->server_cpu_us == Approx(800));  // 2 s / 2500
  CHECK(e->switches == Approx(12.8));
  CHECK(e->server_cpu_us_per_query == Approx(40));  // still 20 statements per transaction
  c.usage.transactions = 0;                         // older results: the measured count
  CHECK(evidence_transactions(c) == 2000);
}

TEST_CASE("efficiency: none without usage figures or transactions", "[results][efficiency]") {
  CHECK_FALSE(efficiency_of(measured_cell(0)));
  CellRecord unmeasured = measured_cell(100);
  unmeasured.usage.measured = false;
  CHECK_FALSE(efficiency_of(unmeasured));
}

TEST_CASE("efficiency: mean over runs, ratio only to a nonzero baseline", "[results][efficiency]") {
  Efficiency a, b;
  a.server_cpu_us = 800;
  b.server_cpu_us = 900;
  a.read_kb = 0;
  b.read_kb = 3;
  auto m = mean_efficiency({a, b});
  REQUIRE(m);
  CHECK(m->server_cpu_us == Approx(850));
  CHECK(m->read_kb == Approx(1.5));
  CHECK_FALSE(mean_efficiency({}));
  CHECK(*cost_ratio(861, 812) == Approx(1.0603).epsilon(1e-3));
  CHECK_FALSE(cost_ratio(3.1, 0));
}

TEST_CASE("efficiency: the kernel's counts per transaction where counted", "[results][efficiency]") {
  CellRecord c = measured_cell(2000);
  auto none = efficiency_of(c);  // no perf record: older results
  REQUIRE(none);
  CHECK_FALSE(none->task_clock_us);
  CHECK_FALSE(none->instructions);
  c.usage.perf.recorded = true;
  c.usage.perf.task_clock_s = 1.9;
  c.usage.perf.instructions = 40'000'000;  // cycles stay -1: no PMU
  auto e = efficiency_of(c);
  REQUIRE(e);
  REQUIRE(e->task_clock_us);
  CHECK(*e->task_clock_us == Approx(950));
  REQUIRE(e->instructions);
  CHECK(*e->instructions == Approx(20000));
  CHECK_FALSE(e->cycles);

  // A mean has a count only when every run has it.
  auto m = mean_efficiency({*e, *e});
  REQUIRE(m);
  REQUIRE(m->task_clock_us);
  CHECK(*m->task_clock_us == Approx(950));
  CHECK_FALSE(mean_efficiency({*e, *none})->task_clock_us);
}

TEST_CASE("efficiency: the engine's read requests per transaction, where InnoDB counts them",
          "[results][efficiency]") {
  CellRecord c = measured_cell(2000);
  CHECK_FALSE(efficiency_of(c)->reads);  // no such status counter: no InnoDB, older results
  c.usage.status["Innodb_data_reads"] = 500;
  auto e = efficiency_of(c);
  REQUIRE(e->reads);
  CHECK(*e->reads == Approx(0.25));
  // The mean only over runs that all counted them.
  auto both = mean_efficiency({*e, *e});
  REQUIRE(both->reads);
  CHECK(*both->reads == Approx(0.25));
  CHECK_FALSE(mean_efficiency({*e, *efficiency_of(measured_cell(2000))})->reads);
}
