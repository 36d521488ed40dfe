// The counters results/evidence/counter_mapping.h ranks across flavours must mean the same in both:
// the same transactions (one session, so no deadlock retries) on MariaDB 10.11.19 and MySQL
// 9.7 move each of them alike per transaction. And the Handler_* counters the mapping leaves
// out do not: at least one of them moves otherwise (why they are never ranked across).
#include <cmath>
#include <map>
#include <string>

#include "bench_server.h"
#include "load/drive/driver.h"
#include "load/family/registry.h"
#include "results/evidence/counter_mapping.h"

namespace versus::testing {
namespace {
constexpr std::int64_t kRows = 10000;
constexpr std::uint64_t kTransactions = 400;

using PerTxn = std::map<std::string, double>;

// SHOW GLOBAL STATUS deltas per transaction over kTransactions oltp_read_write transactions.
PerTxn per_transaction(const std::string& release) {
  auto s = start_bench_server("mapping", {{"innodb_buffer_pool_size", "128M"}}, release);
  load_sbtest(*s, kRows);
  load::DriverOptions o;
  o.session.endpoint = s->bench;
  o.session.mix = load::mix_for(sysbench::Workload::oltp_read_write);
  o.session.table_size = static_cast<std::uint32_t>(kRows);
  o.connections = 1;
  o.max_requests = kTransactions;
  const auto before = status_snapshot(*s);
  auto r = load::run_load(o);
  require_ok(r, release + ": the load");
  REQUIRE(r->counters.transactions == kTransactions);
  const auto delta = load::status_delta(before, status_snapshot(*s));
  PerTxn out;
  for (const auto& [name, value] : delta)
    out[name] = static_cast<double>(value) / static_cast<double>(kTransactions);
  require_ok(s->process->stop(), "stopping the server");
  return out;
}

bool alike(double a, double b) {
  return std::fabs(a - b) <= std::max(0.05, 0.05 * std::max(a, b));
}
}  // namespace

TEST_CASE("counter mapping: the mapped counters move alike on MariaDB and MySQL",
          "[integration][counter_mapping]") {
  const PerTxn mariadb = per_transaction("mariadb-10.11.19");
  const PerTxn mysql = per_transaction("mysql-9.7");
  int checked = 0;
  for (std::string_view name : results::cross_flavour_counters()) {
    const auto a = mariadb.find(std::string(name)), b = mysql.find(std::string(name));
    if (a == mariadb.end() && b == mysql.end()) continue;  // versus's own measures
    INFO(name << ": MariaDB " << (a == mariadb.end() ? -1 : a->second) << ", MySQL "
              << (b == mysql.end() ? -1 : b->second));
    CHECK(a != mariadb.end());
    CHECK(b != mysql.end());
    if (a == mariadb.end() || b == mysql.end()) continue;
    CHECK(alike(a->second, b->second));
    ++checked;
  }
  CHECK(checked == 11);  // the mapping's status variables, each checked
  int differ = 0;
  for (const auto& [name, value] : mariadb)
    if (name.rfind("Handler_", 0) == 0 && mysql.count(name) && !alike(value, mysql.at(name))) {
      UNSCOPED_INFO(name << ": MariaDB " << value << ", MySQL " << mysql.at(name));
      ++differ;
    }
  CHECK(differ > 0);
}

}  // namespace versus::testing
