// Usage figures on a real release (issue 11): a buffer pool (6M, MariaDB 10.11's least with
// 16K pages) smaller than the table against one
// that holds it, same release, same load. The small one must read pages per transaction where
// the large one reads (almost) none, and the ranking must name that counter; the CPU figures
// must be positive and fit in the machine; the server's Com_commit must agree with versus's
// own transaction count.
#include "results/evidence/efficiency.h"

#include <catch2/catch.hpp>

#include "results/evidence/counter_ranking.h"
#include "results/evidence/interference.h"
#include "results/record/store.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
std::string buffer_pool_matrix() {
  return "servers:\n"
         "  - { name: srv, basedir: " +
         release_basedir("10.11.19").string() +
         " }\n"
         "profiles:\n"
         "  - { name: holds, options: { innodb_buffer_pool_size: 128M } }\n"
         "  - { name: small, options: { innodb_buffer_pool_size: 6M, "
         "innodb_buffer_pool_load_at_startup: 0 } }\n"
         "workloads: [oltp_read_only]\n"
         "rand_type: uniform\n"
         "threads: [2]\n"
         "table_size: 40000\n"
         "warmup: 2s\n"
         "duration: 2s\n";
}

// Runs `matrix_yaml` to the end; its results, with `cells` cells, and no server left.
results::RunResults run_ok(const std::string& matrix_yaml, std::size_t cells) {
  TempDir tmp;
  auto matrix = tmp.write("matrix.yaml", matrix_yaml);
  fs::path run_dir = tmp.path() / "run";
  auto r = run_versus({"run", matrix.string(), "--output", run_dir.string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("Cost per transaction") != std::string::npos);
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == cells);
  CHECK(live_recorded_servers(run_dir).empty());
  return std::move(*results);
}

const results::CellRecord& cell_of(const results::RunResults& r, const std::string& profile) {
  for (const auto& c : r.cells)
    if (c.profile == profile) return c;
  FAIL("no cell of profile " << profile);
  return r.cells.front();
}
}  // namespace

TEST_CASE("usage figures: a small buffer pool reads per transaction and the ranking says so",
          "[integration][efficiency][quiet]") {
  const auto results = run_ok(buffer_pool_matrix(), 2);
  const auto& holds = cell_of(results, "holds");
  const auto& small = cell_of(results, "small");

  for (const auto* c : {&holds, &small}) {
    INFO(c->profile);
    REQUIRE(c->status == results::CellStatus::ok);
    REQUIRE(c->usage.measured);
    auto e = results::efficiency_of(*c);
    REQUIRE(e);
    CHECK(e->server_cpu_us > 0);
    CHECK(e->client_cpu_us > 0);
    // Both fit in what the machine had over the interval they were read over (not the
    // measured seconds: the first edge's status query, under load, took up to 0.08 s longer
    // than the last's and put 4.15 CPU-s into 2.00 s x 2 CPUs); /proc's 10 ms ticks at both edges.
    REQUIRE(c->usage.cpu_interval_s >= c->seconds);
    const double machine_s = c->usage.host_cpus * c->usage.cpu_interval_s;
    CHECK(c->usage.server_cpu_s() + c->usage.client_cpu_s() <= machine_s + 0.02);
    CHECK(c->usage.voluntary_switches > 0);
    CHECK(c->usage.peak_rss_bytes > 0);
    // The server's own count of commits agrees with the transactions completed over the same
    // interval (the snapshots'), which holds the measured interval and its count.
    const double commits = static_cast<double>(c->usage.status.at("Com_commit"));
    const double txn = results::evidence_transactions(*c);
    INFO("measured " << c->counters.transactions << " in " << c->seconds << " s; snapshots "
                     << c->usage.transactions << " in " << c->usage.interval_s << " s");
    CHECK(c->usage.transactions >= c->counters.transactions);
    CHECK(c->usage.interval_s >= c->seconds);
    // Both edges are taken with nothing in flight (the load held before the first, the client
    // threads joined before the last), so the server's commits and the client's completed
    // transactions stand for the same instants: equal.
    CHECK(commits == txn);
    CHECK_FALSE(c->usage.innodb_metrics.empty());  // MariaDB 10.11 has INNODB_METRICS
    // The kernel's task clock of the server's threads (opened at the first snapshot on the
    // threads then, inherited by those created after) is about the CPU /proc charged the tree
    // over the same interval. Not equal: one 2-s cell of MariaDB 10.11 counted 2.55 s against
    // /proc's 2.74 (0.93), the other agreed within 5%; the cause of that gap is not yet known
    // (docs/output.md), so the bound is [0.85, 1.05] and a wider gap fails. Cycles and
    // instructions: counted where the host has a PMU, else said why not.
    REQUIRE(c->usage.perf.recorded);
    INFO("task-clock " << c->usage.perf.task_clock_s << " s, /proc " << c->usage.server_cpu_s());
    REQUIRE(c->usage.perf.task_clock_s > 0);
    CHECK(c->usage.perf.task_clock_s >= 0.85 * c->usage.server_cpu_s() - 0.03);
    CHECK(c->usage.perf.task_clock_s <= 1.05 * c->usage.server_cpu_s() + 0.03);
    for (std::int64_t count : {c->usage.perf.cycles, c->usage.perf.instructions})
      CHECK((count > 0 || !c->usage.perf.unavailable.empty()));
    for (const std::string& why : c->usage.perf.unavailable) CHECK(why.find("task-clock") != 0);
  }

  const auto from = results::per_transaction(holds), to = results::per_transaction(small);
  INFO("Innodb_buffer_pool_reads/txn " << from.at("Innodb_buffer_pool_reads") << " -> "
                                       << to.at("Innodb_buffer_pool_reads"));
  CHECK(to.at("Innodb_buffer_pool_reads") > from.at("Innodb_buffer_pool_reads") + 0.5);
  const auto ranked = results::rank_changes(from, to);
  INFO(results::changes_text(ranked));
  CHECK(std::any_of(ranked.begin(), ranked.end(), [](const results::CounterChange& c) {
    return c.name == "Innodb_buffer_pool_reads";
  }));
}

// The CPU accounting adds up at 1 thread (client and server take turns: the busy ticks
// under-counted it by 0.5-0.8 CPU-s) and at 16: the host's busy time is at least what the
// server's tree and versus used, so what other processes used is never below -0.1 CPU-s
// (/proc's 10 ms ticks, per process and per CPU, at both edges) less what the hypervisor stole:
// a stolen wake-up counts as both idle and steal, so host busy may miss up to steal_s
// (results/evidence/interference.h; a CI run with 1.41 CPU-s stolen had -0.34).
TEST_CASE("usage figures: host busy CPU covers the server's and versus's at 1 and 16 threads",
          "[integration][interference][quiet]") {
  const auto results =
      run_ok("servers:\n  - { name: srv, basedir: " + release_basedir("10.11.19").string() +
                 " }\nprofiles:\n  - { name: p }\nworkloads: [oltp_read_write]\n"
                 "threads: [1, 16]\ntable_size: 10000\nwarmup: 1s\nduration: 3s\n",
             2);
  for (const auto& c : results.cells) {
    INFO(c.threads << " threads");
    REQUIRE(c.usage.measured);
    const auto i = results::interference_of(c.usage);
    REQUIRE(i);
    INFO("host busy " << c.usage.host_busy_s << ", server " << c.usage.server_cpu_s() << ", versus "
                      << c.usage.client_cpu_s() << ", steal " << i->steal_s << " of "
                      << i->capacity_s << " CPU-s");
    CHECK(i->other_cpu_s >= -0.1 - i->steal_s);
    // The capacity is the CPU readings' own interval (cpu_interval_s), so only /proc's 10 ms
    // ticks at both edges, per CPU, remain.
    CHECK(i->other_cpu_s + c.usage.server_cpu_s() + c.usage.client_cpu_s() + i->steal_s <=
          i->capacity_s + 0.05);
    CHECK(c.usage.placement.samples >= 3);  // both snapshots and the seconds between
    CHECK_FALSE(c.usage.placement.server_cpus.empty());
    CHECK_FALSE(c.usage.placement.client_cpus.empty());
    // cpu_probe (on by default): a speed burst each second inside the 3-s interval.
    CHECK(c.usage.host_speed_samples >= 2);
    CHECK(c.usage.host_speed > 0);
  }
}

}  // namespace versus::testing

namespace versus::testing {

TEST_CASE("usage figures: the server's commits per counted transaction, exact at 8 threads",
          "[integration][efficiency]") {
  // 2-s cells at 8 threads, with a warmup and without, sysbench 1.0's mix and 0.4's: every
  // edge is taken with nothing in flight, so Com_commit equals the transactions completed
  // between the snapshots (the held-out cells had it 1.5-2.2% above).
  const auto results =
      run_ok("servers:\n  - { name: srv, basedir: " + release_basedir("10.11.19").string() +
                 " }\nprofiles:\n  - { name: warm }\n"
                 "workloads: [oltp_read_write, legacy_complex]\nthreads: [8]\n"
                 "table_size: 10000\nwarmup: 1s\nduration: 2s\ninclude:\n"
                 "  - { workload: legacy_complex, warmup: 0s, duration: 2s }\n",
             2);
  for (const auto& c : results.cells) {
    INFO(c.workload << ": measured " << c.counters.transactions << ", snapshots "
                    << c.usage.transactions << ", Com_commit "
                    << c.usage.status.at("Com_commit"));
    REQUIRE(c.usage.measured);
    const double commits = static_cast<double>(c.usage.status.at("Com_commit"));
    CHECK(commits == static_cast<double>(c.usage.transactions));
    // The snapshots' count holds the measured one and at most the 8 that were in flight at
    // the stop (they end in the drain, after the interval).
    CHECK(c.usage.transactions >= c.counters.transactions);
    CHECK(c.usage.transactions <= c.counters.transactions + 8);
  }
}

}  // namespace versus::testing
