// Usage figures on a real release (issue 11): a buffer pool (6M, MariaDB 10.11's least with
// 16K pages) smaller than the table against one
// that holds it, same release, same load. The small one must read pages per transaction where
// the large one reads (almost) none, and the ranking must name that counter; the CPU figures
// must be positive and fit in the machine; the server's Com_commit must agree with versus's
// own transaction count.
#include "results/efficiency.h"

#include <catch2/catch.hpp>

#include "results/counter_ranking.h"
#include "results/store.h"
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

const results::CellRecord& cell_of(const results::RunResults& r, const std::string& profile) {
  for (const auto& c : r.cells)
    if (c.profile == profile) return c;
  FAIL("no cell of profile " << profile);
  return r.cells.front();
}
}  // namespace

TEST_CASE("usage figures: a small buffer pool reads per transaction and the ranking says so",
          "[integration][efficiency]") {
  TempDir tmp;
  auto matrix = tmp.write("matrix.yaml", buffer_pool_matrix());
  fs::path run_dir = tmp.path() / "run";
  auto r = run_versus({"run", matrix.string(), "--output", run_dir.string()});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("Cost per transaction") != std::string::npos);
  auto results = results::load_results(run_dir / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == 2);
  const auto& holds = cell_of(*results, "holds");
  const auto& small = cell_of(*results, "small");

  for (const auto* c : {&holds, &small}) {
    INFO(c->profile);
    REQUIRE(c->status == results::CellStatus::ok);
    REQUIRE(c->usage.measured);
    auto e = results::efficiency_of(*c);
    REQUIRE(e);
    CHECK(e->server_cpu_us > 0);
    CHECK(e->client_cpu_us > 0);
    // Both fit in what the machine had over the interval (the snapshots add a few ms).
    const double machine_s = c->usage.host_cpus * c->seconds;
    CHECK(c->usage.server_cpu_s() + c->usage.client_cpu_s() <= machine_s * 1.01 + 0.02);
    CHECK(c->usage.voluntary_switches > 0);
    CHECK(c->usage.peak_rss_bytes > 0);
    // The server's own count of commits agrees with versus's transactions.
    const double commits = static_cast<double>(c->usage.status.at("Com_commit"));
    const double txn = static_cast<double>(c->counters.transactions);
    CHECK(commits / txn == Approx(1).epsilon(0.01));
    CHECK_FALSE(c->usage.innodb_metrics.empty());  // MariaDB 10.11 has INNODB_METRICS
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
  CHECK(live_recorded_servers(run_dir).empty());
}

}  // namespace versus::testing
