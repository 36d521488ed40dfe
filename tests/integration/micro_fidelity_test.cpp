// Microbenchmarks against real servers: each workload makes the server do what its one
// statement implies. Per workload, the engine runs N transactions on 10,000 rows with uniform
// ids and k; the server's own counters per transaction (SHOW GLOBAL STATUS deltas, one-off
// prepares cancelled by a baseline run as in fidelity_test.cpp) must match the SQL: one
// Com_select or Com_update per transaction, and Handler_read_key one per range the statement
// hands the storage engine (an IN-list of L values drawn from M: M(1 - (1 - 1/M)^L) distinct,
// each a range; the server sorts and merges repeats). The scan reads every row
// (Handler_read_rnd_next = rows + 1).
#include <cmath>
#include <iostream>
#include <map>
#include <memory>

#include "bench_server.h"
#include "client/connection.h"
#include "load/family/registry.h"
#include "load/drive/driver.h"
#include "load/family/loader.h"
#include "load/family/oltp/micro_statements.h"
#include "load/probe/server_status.h"

namespace versus::testing {
namespace {
constexpr int kMicroThreads = 2;
constexpr std::uint32_t kRows = 10000;
constexpr std::uint64_t kMicroBaseline = kMicroThreads;  // one transaction per thread

const sysbench::RandSpec kUniform{sysbench::RandType::uniform};

void load_uniform_table(const BenchServer& s) {
  load::LoadSpec spec;
  spec.endpoint = s.bench;
  spec.table_size = kRows;
  spec.distribution = kUniform;
  spec.one_row_table = true;  // update_one's
  require_ok(load::load_tables(spec), "loading");
}

// update_one's row: its k (the updates set c).
std::string one_row_k(const BenchServer& s) {
  auto conn = client::Connection::open(s.bench);
  require_ok(conn, "connecting");
  auto v = conn->query_value("SELECT k FROM sbtest_one WHERE id = 1");
  require_ok(v, "reading sbtest_one");
  return *v;
}

void run_micro(const BenchServer& s, sysbench::Workload w, std::uint64_t events) {
  load::DriverOptions o;
  o.session.endpoint = s.bench;
  o.session.mix = load::mix_for(w);
  o.session.table_size = kRows;
  o.session.distribution = kUniform;
  o.connections = kMicroThreads;
  o.max_requests = events;
  auto r = load::run_load(o);
  require_ok(r, std::string(sysbench::workload_name(w)));
  REQUIRE(r->counters.transactions == events);
}

// Counters per transaction of `events` transactions of `w`, one-off statements cancelled.
std::map<std::string, double> micro_per_transaction(const BenchServer& s, sysbench::Workload w,
                                                    std::uint64_t events) {
  auto a = status_snapshot(s);
  run_micro(s, w, events);
  auto b = status_snapshot(s);
  run_micro(s, w, kMicroBaseline);
  auto c = status_snapshot(s);
  const auto main = load::status_delta(a, b), base = load::status_delta(b, c);
  std::map<std::string, double> out;
  for (const char* name :
       {"Com_stmt_execute", "Com_select", "Com_update", "Com_begin", "Com_commit",
        "Handler_read_key", "Handler_update", "Handler_read_rnd_next", "Handler_read_next"})
    out[name] = static_cast<double>(load::delta_of(main, name) - load::delta_of(base, name)) /
                static_cast<double>(events - kMicroBaseline);
  return out;
}

// Distinct values expected among `list` uniform draws from `m` values.
double distinct(int list, double m) {
  return m * (1 - std::pow(1 - 1 / m, list));
}

struct MicroCase {
  sysbench::Workload workload;
  double selects, updates, read_keys;  // per transaction, as the SQL implies
  double begins = 0;                   // read_only_range_N: BEGIN ... COMMIT around 14 reads
};

// Reads first: the updates change k.
std::vector<MicroCase> micro_cases() {
  using W = sysbench::Workload;
  const double points = distinct(load::kPointsInlist, kRows);
  const double inlist = distinct(sysbench::StatementCounts{}.inlist_size, kRows);
  return {{W::point_query, 1, 0, 1},
          {W::random_points, 1, 0, inlist},
          {W::hot_points, 1, 0, load::kHotPoints},
          {W::points_covered_pk, 1, 0, points},
          {W::points_notcovered_pk, 1, 0, points},
          {W::points_covered_si, 1, 0, points},
          {W::points_notcovered_si, 1, 0, points},
          {W::range_covered_pk, 1, 0, 1},
          {W::range_notcovered_pk, 1, 0, 1},
          {W::range_covered_si, 1, 0, 1},
          {W::range_notcovered_si, 1, 0, 1},
          {W::scan, 1, 0, 0},
          {W::read_only_range_10, 14, 0, 14, 1},
          {W::read_only_range_10000, 14, 0, 14, 1},
          {W::update_one, 0, 1, 1},
          {W::update_inlist, 0, 1, distinct(load::kUpdateInlist, kRows)},
          {W::update_zipf, 0, 1, 1}};
}

bool close_to(double got, double want) {
  return std::abs(got - want) <= 0.02 * std::max(std::abs(want), 1.0);
}

void check_micro(const std::string& release) {
  auto s = start_bench_server("micro", {{"innodb_buffer_pool_size", "256M"}}, release);
  load_uniform_table(*s);
  for (const MicroCase& c : micro_cases()) {
    const std::string name(sysbench::workload_name(c.workload));
    // Enough for 2% on the per-transaction means (the IN-lists' distinct ids vary by about 1%
    // a transaction); the scan reads the whole table each time.
    const std::uint64_t events = c.workload == sysbench::Workload::scan ? 100 : 500;
    auto got = micro_per_transaction(*s, c.workload, events);
    std::cout << release << " " << name << " per transaction:";
    for (const auto& [counter, value] : got) std::cout << ' ' << counter << '=' << value;
    std::cout << std::endl;
    INFO(release << " " << name);
    // Every statement prepared; BEGIN and COMMIT too on MariaDB; MySQL 9.7 prepares COMMIT
    // but not BEGIN (error 1295: sent as text), measured 15 executes for 14 selects.
    // The scan is sent as text (the published scan is not prepared): no execute.
    const bool text = c.workload == sysbench::Workload::scan;
    const double executes = got["Com_stmt_execute"];
    const double statements = text ? 0 : c.selects + c.updates;
    CHECK(executes > statements - 0.02);
    CHECK(executes < statements + 2 * c.begins + 0.02);
    CHECK(close_to(got["Com_select"], c.selects));
    CHECK(close_to(got["Com_update"], c.updates));
    CHECK(close_to(got["Com_begin"], c.begins));
    CHECK(close_to(got["Com_commit"], c.begins));
    if (c.workload == sysbench::Workload::read_only_range_10000) {
      // Ranges of 10,000 ids on a 10,000-row table: MariaDB 11.8's optimizer reads some of
      // them with a table scan instead of the primary key (measured 11.3 Handler_read_key and
      // 31,609 Handler_read_rnd_next per transaction): at most one read_key per statement.
      CHECK(got["Handler_read_key"] < 14.02);
    } else if (c.workload == sysbench::Workload::scan) {
      // MySQL 9.7 counts one Handler_read_key per table scan (measured 1.000), MariaDB none.
      CHECK(got["Handler_read_key"] < 1.02);
    } else {
      CHECK(close_to(got["Handler_read_key"], c.read_keys));
    }
    if (c.updates > 0) CHECK(close_to(got["Handler_update"], c.read_keys));
    if (c.workload == sysbench::Workload::scan)
      CHECK(close_to(got["Handler_read_rnd_next"], kRows + 1));
    // A primary-key range of the published `BETWEEN x AND x+100`: 101 rows, the first by the
    // dive, 100 by read_next, and a read past the end where the server counts one (measured
    // 100.4 on MariaDB, 100.05 on MySQL 9.7); 0.5 fewer on average where ranges run past the
    // table's last id (1% of them), with a standard deviation of about 0.26 over 500. The
    // unit tests pin the 101 rows; this bounds the server's work around them.
    if (c.workload == sysbench::Workload::range_covered_pk)
      CHECK((got["Handler_read_next"] > 98.5 && got["Handler_read_next"] < 101.01));
    // Every update_one transaction updated c of the one row of its own table (Handler_update
    // above), never k (loaded as 1): sysbench's non-index update.
    if (c.workload == sysbench::Workload::update_one) CHECK(one_row_k(*s) == "1");
  }
  require_ok(s->process->stop(), "stopping the server");
}
}  // namespace

TEST_CASE("each microbenchmark makes MariaDB 10.11 do what its SQL implies",
          "[integration][micro]") {
  check_micro("mariadb-10.11.19");
}

TEST_CASE("each microbenchmark makes MariaDB 11.8 do what its SQL implies",
          "[integration][micro][mariadb-11.8]") {
  check_micro("mariadb-11.8");
}

TEST_CASE("each microbenchmark makes MySQL 9.7 do what its SQL implies",
          "[integration][micro][mysql]") {
  check_micro("mysql-9.7");
}

}  // namespace versus::testing
