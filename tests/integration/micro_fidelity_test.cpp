// Microbenchmarks against real servers: each workload makes the server do what its SQL
// implies. Per workload, the engine runs N transactions on 10,000 rows with uniform ids and k;
// the server's own counters per transaction (SHOW GLOBAL STATUS deltas, one-off prepares
// cancelled by a baseline run as in fidelity_test.cpp) must match the SQL: one Com_select or
// Com_update per statement, and Handler_read_key one per range the statement hands the storage
// engine (an IN-list of L values drawn from M: M(1 - (1 - 1/M)^L) distinct, each a range; the
// server sorts and merges repeats). The scan reads every row (Handler_read_rnd_next = rows +
// 1). The published tests of one range of 1000 ids (read_only_count .. read_only_distinct)
// read its rows by Handler_read_next and use them as their SQL says (RangeUse);
// read_write_range_10 runs oltp_read_write's 18 statements with ranges of 10.
#include <algorithm>
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
  require_ok(load::load_tables(spec), "loading");
}

// update_one's row, id 1 of the one table: its k and c (the updates set c).
std::string first_row(const BenchServer& s) {
  auto conn = client::Connection::open(s.bench);
  require_ok(conn, "connecting");
  auto v = conn->query_value("SELECT CONCAT(k, ' ', c) FROM sbtest1 WHERE id = 1");
  require_ok(v, "reading sbtest1's row 1");
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
       {"Com_stmt_execute", "Com_select", "Com_update", "Com_delete", "Com_insert", "Com_begin",
        "Com_commit", "Handler_read_key", "Handler_update", "Handler_delete",
        "Handler_read_rnd_next", "Handler_read_next", "Sort_rows", "Bytes_sent"})
    out[name] = static_cast<double>(load::delta_of(main, name) - load::delta_of(base, name)) /
                static_cast<double>(events - kMicroBaseline);
  return out;
}

// Distinct values expected among `list` uniform draws from `m` values.
double distinct(int list, double m) {
  return m * (1 - std::pow(1 - 1 / m, list));
}

// The rows a range of `span` ids (BETWEEN x AND x+span-1) from a uniform first id x reads on
// ids 1..kRows, min(span, kRows - x + 1): its mean and standard deviation over x, exactly. A
// range that runs past the last id reads fewer (span 1000: 950.05 rows on average, sd 175).
struct RangeRows {
  double mean = 0, sd = 0;
};
RangeRows range_rows(int span) {
  double sum = 0, squares = 0;
  for (std::uint32_t x = 1; x <= kRows; ++x) {
    const double rows = std::min<double>(span, kRows - x + 1);
    sum += rows;
    squares += rows * rows;
  }
  const double mean = sum / kRows;
  return {mean, std::sqrt(squares / kRows - mean * mean)};
}

// Handler_read_next per transaction of `ranges` primary-key ranges of `span` ids each, over
// `events` transactions: each range reads its first row by the dive and the others by
// read_next, plus at most one read past its end where the server counts one (measured on
// range_covered_pk: 0.4 on MariaDB, 0.05 on MySQL 9.7). The mean of `events` transactions
// lies within 4 standard deviations of the ranges' rows (a chance of 6e-5 outside); ranges
// of another size (100 or 10000 ids) or none fall far outside.
struct Bounds {
  double low = 0, high = -1;  // high < low: not checked
};
Bounds read_next_bounds(int ranges, int span, std::uint64_t events) {
  const RangeRows r = range_rows(span);
  const double margin = 4 * std::sqrt(ranges) * r.sd / std::sqrt(events - kMicroBaseline);
  return {ranges * (r.mean - 1) - margin - 0.02, ranges * r.mean + margin + 0.02};
}

// What a test's one range of 1000 ids does with the rows it reads (read_only_count ..
// read_only_distinct), told apart by the server's counters: the rows' c sent back (at least
// its 119 characters a row) or one aggregate row; sorted (Sort_rows one per row); DISTINCT's
// temporary table of c read back (Handler_read_rnd_next one per row and one for its end).
enum class RangeUse { none, aggregate, rows, sorted_rows, distinct_rows };

struct MicroCase {
  sysbench::Workload workload;
  double selects, updates, read_keys;  // per transaction, as the SQL implies
  double begins = 0;       // BEGIN ... COMMIT around the statements (sysbench 1.0's mixes)
  std::uint64_t events = 500;
  Bounds read_next{};      // Handler_read_next, where a range's rows are known
  double delete_inserts = 0;  // read_write_range_10: one DELETE and one INSERT
  double updated_rows = -1;   // Handler_update; < 0: one per key read (the microbenchmarks)
  RangeUse use = RangeUse::none;
};

// Enough transactions for 2% on the per-transaction means (the IN-lists' distinct ids vary by
// about 1% a transaction); 2000 where one range of 1000 ids a transaction reads between 1 and
// 1000 rows (sd 175: 4 sd of the mean 16 rows); the scan reads the whole table each time.
constexpr std::uint64_t kRangeEvents = 2000;

// A published test of one range of 1000 ids: `selects` statements (10 point selects and the
// range in BEGIN ... COMMIT, or the range alone), 1 dive each.
MicroCase one_range_case(sysbench::Workload w, double selects, RangeUse use) {
  return {.workload = w,
          .selects = selects,
          .updates = 0,
          .read_keys = selects,
          .begins = selects > 1 ? 1.0 : 0.0,
          .events = kRangeEvents,
          .read_next = read_next_bounds(1, load::kAggregateRange, kRangeEvents),
          .use = use};
}

// Reads first: the updates change k.
std::vector<MicroCase> micro_cases() {
  using W = sysbench::Workload;
  const double points = distinct(load::kPointsInlist, kRows);
  const double inlist = distinct(sysbench::StatementCounts{}.inlist_size, kRows);
  return {{W::point_query, 1, 0, 1},
          {W::random_points, 1, 0, inlist},
          {W::random_points_10, 1, 0, distinct(10, kRows)},
          {W::random_points_1000, 1, 0, distinct(1000, kRows)},
          {W::hot_points, 1, 0, load::kHotPoints},
          {W::points_covered_pk, 1, 0, points},
          {W::points_notcovered_pk, 1, 0, points},
          {W::points_covered_si, 1, 0, points},
          {W::points_notcovered_si, 1, 0, points},
          {W::range_covered_pk, 1, 0, 1},
          {W::range_notcovered_pk, 1, 0, 1},
          {W::range_covered_si, 1, 0, 1},
          {W::range_notcovered_si, 1, 0, 1},
          {W::scan, 1, 0, 0, 0, 100},
          one_range_case(W::read_only_count, 1, RangeUse::aggregate),
          one_range_case(W::read_only_simple, 11, RangeUse::rows),
          one_range_case(W::read_only_sum, 11, RangeUse::aggregate),
          one_range_case(W::read_only_order, 11, RangeUse::sorted_rows),
          one_range_case(W::read_only_distinct, 11, RangeUse::distinct_rows),
          {W::read_only_range_10, 14, 0, 14, 1},
          {W::read_only_range_10000, 14, 0, 14, 1},
          {W::update_one, 0, 1, 1},
          {W::update_inlist, 0, 1, distinct(load::kUpdateInlist, kRows)},
          {W::update_zipf, 0, 1, 1},
          // 14 reads, two updates, a delete and an insert: 10 + 4 + 2 + 1 dives (the insert
          // none); two rows updated; four ranges of 10 ids.
          {W::read_write_range_10, 14, 2, 17, 1, 500, read_next_bounds(4, 10, 500), 1, 2}};
}

bool close_to(double got, double want) {
  return std::abs(got - want) <= 0.02 * std::max(std::abs(want), 1.0);
}

// The statements the server counted: the SQL's, each prepared but the scan (sent as text, as
// the published scan is). BEGIN and COMMIT are prepared too on MariaDB; MySQL 9.7 prepares
// COMMIT but not BEGIN (error 1295: sent as text), measured 15 executes for 14 selects.
void check_statements(const MicroCase& c, std::map<std::string, double>& got) {
  const bool text = c.workload == sysbench::Workload::scan;
  const double executes = got["Com_stmt_execute"];
  const double statements = text ? 0 : c.selects + c.updates + 2 * c.delete_inserts;
  // Two sessions writing the same rows in BEGIN ... COMMIT (read_write_range_10) now and then
  // restart a transaction (MariaDB 11.8's snapshot isolation: error 1020, measured 1 in 500),
  // its first attempt's statements counted too: 2% more, as the other counters allow.
  const double retried = c.delete_inserts > 0 ? 1.02 : 1.0;
  CHECK(executes > statements - 0.02);
  CHECK(executes < (statements + 2 * c.begins) * retried + 0.02);
  CHECK(close_to(got["Com_select"], c.selects));
  CHECK(close_to(got["Com_update"], c.updates));
  CHECK(close_to(got["Com_delete"], c.delete_inserts));
  CHECK(close_to(got["Com_insert"], c.delete_inserts));
  CHECK(close_to(got["Com_begin"], c.begins));
  CHECK(close_to(got["Com_commit"], c.begins));
}

// What the storage engine was asked to do: dives, rows read in order, rows updated.
void check_handlers(const MicroCase& c, std::map<std::string, double>& got) {
  if (c.workload == sysbench::Workload::read_only_range_10000) {
    // Ranges of 10,000 ids on a 10,000-row table: MariaDB 11.8's optimizer reads some of
    // them with a table scan instead of the primary key (measured 11.3 Handler_read_key and
    // 31,609 Handler_read_rnd_next per transaction): at most one read_key per statement.
    CHECK(got["Handler_read_key"] < 14.02);
  } else if (c.workload == sysbench::Workload::scan) {
    // MySQL 9.7 counts one Handler_read_key per table scan (measured 1.000), MariaDB none.
    CHECK(got["Handler_read_key"] < 1.02);
    CHECK(close_to(got["Handler_read_rnd_next"], kRows + 1));
  } else {
    CHECK(close_to(got["Handler_read_key"], c.read_keys));
  }
  if (c.updates > 0)
    CHECK(close_to(got["Handler_update"], c.updated_rows < 0 ? c.read_keys : c.updated_rows));
  CHECK(close_to(got["Handler_delete"], c.delete_inserts));
  // A primary-key range of the published `BETWEEN x AND x+100`: 101 rows, the first by the
  // dive, 100 by read_next, and a read past the end where the server counts one (measured
  // 100.4 on MariaDB, 100.05 on MySQL 9.7); 0.5 fewer on average where ranges run past the
  // table's last id (1% of them), with a standard deviation of about 0.26 over 500. The
  // unit tests pin the 101 rows; this bounds the server's work around them.
  if (c.workload == sysbench::Workload::range_covered_pk)
    CHECK((got["Handler_read_next"] > 98.5 && got["Handler_read_next"] < 101.01));
  // A restarted transaction (read_write_range_10 on MariaDB 11.8: see check_statements) reads
  // its ranges twice: up to 2% more, as the statement counters allow.
  const double retried = c.delete_inserts > 0 ? 1.02 : 1.0;
  if (c.read_next.high >= c.read_next.low) {
    CHECK(got["Handler_read_next"] > c.read_next.low);
    CHECK(got["Handler_read_next"] < c.read_next.high * retried);
  }
}

// The range's rows, by what the test does with them (RangeUse). Bytes per row read: at least
// the 119 characters of c where the rows are sent; where one aggregate row is, well under 20
// (measured 1.6 for read_only_sum with its 10 point selects, 0.04 for read_only_count).
void check_range_use(const MicroCase& c, std::map<std::string, double>& got) {
  if (c.use == RangeUse::none) return;
  const double rows = got["Handler_read_next"];
  const bool sent = c.use != RangeUse::aggregate;
  const bool sorted = c.use == RangeUse::sorted_rows || c.use == RangeUse::distinct_rows;
  if (sent)
    CHECK(got["Bytes_sent"] > 119 * rows);
  else
    CHECK(got["Bytes_sent"] < 20 * rows);
  CHECK(close_to(got["Sort_rows"], sorted ? rows : 0));
  CHECK(close_to(got["Handler_read_rnd_next"], c.use == RangeUse::distinct_rows ? rows + 1 : 0));
}

void check_micro(const std::string& release) {
  auto s = start_bench_server("micro", {{"innodb_buffer_pool_size", "256M"}}, release);
  load_uniform_table(*s);
  for (const MicroCase& c : micro_cases()) {
    const std::string name(sysbench::workload_name(c.workload));
    const std::string row_before = first_row(*s);
    auto got = micro_per_transaction(*s, c.workload, c.events);
    std::cout << release << " " << name << " per transaction:";
    for (const auto& [counter, value] : got) std::cout << ' ' << counter << '=' << value;
    std::cout << std::endl;
    INFO(release << " " << name);
    check_statements(c, got);
    check_handlers(c, got);
    check_range_use(c, got);
    // Every update_one transaction updated row 1 (Handler_update above): its c, never its k
    // (sysbench's non-index update).
    if (c.workload == sysbench::Workload::update_one) {
      const std::string row_after = first_row(*s);
      CHECK(row_after.substr(0, row_after.find(' ')) == row_before.substr(0, row_before.find(' ')));
      CHECK(row_after != row_before);
    }
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
