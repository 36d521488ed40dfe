// Statement timing on real servers: every statement of a measured transaction is timed by its
// class, so each class's count is the mix's times the transactions (the statements of
// attempts a deadlock cut short and of transactions at the interval's edges are not counted),
// and a transaction's statements add up to about its latency. MariaDB 10.11.19 prepares
// BEGIN and COMMIT; MySQL 9.7 refuses (they go as text queries): both paths timed.
#include <map>
#include <string>

#include "bench_server.h"
#include "load/family/registry.h"
#include "load/drive/driver.h"
#include "load/family/statement_class.h"

namespace versus::testing {
namespace {
constexpr std::int64_t kRows = 10000;

std::unique_ptr<BenchServer> loaded(const std::string& release) {
  auto s = start_bench_server("statements", {{"innodb_buffer_pool_size", "128M"}}, release);
  load_sbtest(*s, kRows);
  return s;
}

load::DriverOptions options_for(const BenchServer& s, sysbench::Workload w) {
  load::DriverOptions o;
  o.session.endpoint = s.bench;
  o.session.mix = load::mix_for(w);
  o.session.table_size = static_cast<std::uint32_t>(kRows);
  o.connections = 8;
  o.client_threads = 2;
  o.warmup = std::chrono::milliseconds(500);
  o.duration = std::chrono::milliseconds(2500);
  return o;
}

// Per class: its count equals the mix's count per transaction times the transactions.
void check_counts(const load::LoadResult& r, const load::WorkloadMix& mix) {
  const auto names = load::statement_classes(mix);
  const auto per_txn = load::statements_per_transaction(mix);
  std::map<std::string, std::uint64_t> counted;
  for (const measured::StatementTime& t : r.statements) counted[t.statement] = t.count;
  const std::uint64_t txn = r.counters.transactions;
  REQUIRE(txn > 100);
  for (std::size_t c = 0; c < names.size(); ++c) {
    INFO(names[c] << " over " << txn << " transactions");
    const auto want = static_cast<std::uint64_t>(per_txn[c]) * txn;
    const auto it = counted.find(std::string(names[c]));
    CHECK((it == counted.end() ? 0 : it->second) == want);
  }
  CHECK(counted.at("point select") == 10 * txn);
}

// The statements' time per transaction is most of its latency, never more.
void check_sum(const load::LoadResult& r) {
  double total_ms = 0;
  for (const measured::StatementTime& t : r.statements) {
    CHECK(t.mean_ms > 0);
    CHECK(t.p50_ms <= t.p95_ms);
    CHECK(t.p95_ms <= t.p99_ms);
    total_ms += t.total_ms;
  }
  const double per_txn = total_ms / static_cast<double>(r.counters.transactions);
  const double latency_ms = r.latency.mean() / 1e6;
  INFO("statements " << per_txn << " ms, transaction " << latency_ms << " ms");
  CHECK(per_txn <= latency_ms * 1.001);
  CHECK(per_txn >= latency_ms * 0.7);
}

void check_release(const std::string& release) {
  auto s = loaded(release);
  for (auto w : {sysbench::Workload::oltp_read_write, sysbench::Workload::oltp_read_only}) {
    INFO(release << " " << sysbench::workload_name(w));
    auto o = options_for(*s, w);
    auto r = load::run_load(o);
    require_ok(r, "the load");
    check_counts(*r, o.session.mix);
    check_sum(*r);
  }
  auto off = options_for(*s, sysbench::Workload::oltp_read_write);
  off.session.time_statements = false;
  auto r = load::run_load(off);
  require_ok(r, "the load without statement timing");
  CHECK(r->counters.transactions > 100);
  CHECK(r->statements.empty());
  require_ok(s->process->stop(), "stopping the server");
}
}  // namespace

TEST_CASE("statement times: class counts are the mix times the transactions, on MariaDB",
          "[integration][statements]") {
  check_release("mariadb-10.11.19");
}

TEST_CASE("statement times: class counts are the mix times the transactions, on MySQL",
          "[integration][statements]") {
  check_release("mysql-9.7");
}

}  // namespace versus::testing
