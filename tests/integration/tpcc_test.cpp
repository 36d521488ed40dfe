// TPC-C against the fetched releases: the clause 4.3 population loaded by LOAD DATA LOCAL at
// 1 and 2 warehouses, 8 connections running the five transactions, and the specification's
// consistency conditions 1-4 holding after the run.
#include <cmath>
#include <map>

#include "bench_server.h"
#include "client/connection.h"
#include "load/drive/driver.h"
#include "load/family/loader.h"
#include "load/family/registry.h"
#include "load/family/tpcc/card_deck.h"
#include "load/family/tpcc/consistency.h"
#include "load/family/tpcc/tpcc_statements.h"
#include "report/shared/comparison.h"
#include "results/record/store.h"
#include "support.h"

namespace versus::testing {
namespace {
std::string value_of(client::Connection& conn, const std::string& sql) {
  auto v = conn.query_value(sql);
  require_ok(v, sql);
  return *v;
}

void check_population(client::Connection& conn, int w) {
  const std::map<std::string, long long> rows = {
      {"item", 100000},          {"warehouse", w},         {"district", 10 * w},
      {"customer", 30000LL * w}, {"history", 30000LL * w}, {"orders", 30000LL * w},
      {"new_order", 9000LL * w}, {"stock", 100000LL * w}};
  for (const auto& [table, n] : rows)
    CHECK(value_of(conn, "SELECT COUNT(*) FROM " + table) == std::to_string(n));
  CHECK(value_of(conn,
                 "SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema "
                 "= DATABASE() AND index_name IN ('idx_customer', 'idx_orders') AND "
                 "seq_in_index = 1") == "2");
}

void check_consistent(client::Connection& conn) {
  auto checks = load::tpcc::check_consistency(conn);
  require_ok(checks, "the consistency conditions");
  REQUIRE(checks->size() == 10);
  for (const auto& c : *checks) {
    INFO("condition " << c.number);
    CHECK(c.violations == 0);
  }
}

// Each of conditions 5-10 fails on a row broken on purpose, and holds again once it is mended.
// Order (1, 1, 3000) is the population's last undelivered one: a 5-s run delivers far fewer.
void check_breaks(client::Connection& conn) {
  const char* order = " WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 3000";
  const std::string line = " WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 3000 AND ol_number = 1";
  const std::string customer = " WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1";
  const std::vector<std::pair<int, std::pair<std::string, std::string>>> breaks = {
      {5, {std::string("UPDATE orders SET o_carrier_id = 1") + order,
           std::string("UPDATE orders SET o_carrier_id = NULL") + order}},
      {6, {std::string("UPDATE orders SET o_ol_cnt = o_ol_cnt + 1") + order,
           std::string("UPDATE orders SET o_ol_cnt = o_ol_cnt - 1") + order}},
      {7, {"UPDATE order_line SET ol_delivery_d = NOW()" + line,
           "UPDATE order_line SET ol_delivery_d = NULL" + line}},
      {8, {"UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1",
           "UPDATE warehouse SET w_ytd = w_ytd - 1 WHERE w_id = 1"}},
      {9, {"UPDATE district SET d_ytd = d_ytd + 1 WHERE d_w_id = 1 AND d_id = 1",
           "UPDATE district SET d_ytd = d_ytd - 1 WHERE d_w_id = 1 AND d_id = 1"}},
      {10, {"UPDATE customer SET c_balance = c_balance + 1" + customer,
            "UPDATE customer SET c_balance = c_balance - 1" + customer}},
  };
  REQUIRE(value_of(conn, std::string("SELECT o_carrier_id IS NULL FROM orders") + order) == "1");
  for (const auto& [condition, sql] : breaks) {
    INFO("condition " << condition << ": " << sql.first);
    require_ok(conn.execute(sql.first), sql.first);
    auto checks = load::tpcc::check_consistency(conn);
    require_ok(checks, "the consistency conditions");
    CHECK(checks->at(static_cast<std::size_t>(condition - 1)).violations > 0);
    require_ok(conn.execute(sql.second), sql.second);
  }
  check_consistent(conn);
}

// How far a kind's count may stray from its deck share, in transactions. Whole decks deal the
// exact mix; what strays is each connection's partial decks: at most two (the one the warm-up
// ended inside, the one the run ended inside). A partial deck of k of the n cards holds a
// hypergeometric count of the kind, variance k p (1 - p) (n - k) / (n - 1) <= n^2 p (1 - p) /
// (4 (n - 1)). Five standard deviations of the sum: a correct mix fails by chance well under
// once in a million runs, while a kind dealt at a wrong rate (40 cards of 100 instead of 45)
// still fails over a thousand transactions.
double mix_tolerance(int connections, int cards_of_kind, int deck) {
  const double p = static_cast<double>(cards_of_kind) / deck;
  const double partial = deck * deck / (4.0 * (deck - 1));
  return 5.0 * std::sqrt(2.0 * connections * partial * p * (1.0 - p));
}

// New-Orders were made (NOPM > 0), and each kind's count is its share of `mix`'s deck of all
// transactions within mix_tolerance.
void check_mix(const load::LoadResult& r, int connections,
               sysbench::TpccMix mix = sysbench::TpccMix::standard) {
  REQUIRE(r.kinds.size() == load::tpcc::kKinds);
  std::uint64_t total = 0;
  for (const auto& k : r.kinds) total += k.transactions;
  CHECK(total == r.counters.transactions);
  CHECK(r.kinds[0].name == "new_order");
  CHECK(r.kinds[0].transactions > 0);
  // The statements counted as sysbench counts queries: each transaction BEGIN and COMMIT
  // (ROLLBACK for the 1% of New-Orders that roll back; a retried one's ROLLBACK of its failed
  // attempt too), New-Order's 5-15 lines reading and writing several rows each.
  const auto& q = r.counters;
  INFO("of " << total << " transactions: " << q.reads << " reads, " << q.writes << " writes, "
             << q.other << " other");
  CHECK(q.other >= 2 * total);
  CHECK(q.other <= 2 * total + q.ignored_errors);
  CHECK(q.reads > 3 * total);
  CHECK(q.writes > 3 * total);
  const auto& cards = sysbench::tpcc_cards(mix);
  int deck = 0;
  for (int n : cards) deck += n;
  for (std::size_t i = 0; i < r.kinds.size(); ++i) {
    const double expected = static_cast<double>(total) * cards[i] / deck;
    const double tolerance = mix_tolerance(connections, cards[i], deck);
    INFO(r.kinds[i].name << ": " << r.kinds[i].transactions << " of " << total << ", expected "
                         << expected << " +- " << tolerance);
    CHECK(std::abs(static_cast<double>(r.kinds[i].transactions) - expected) <= tolerance);
    CHECK(r.kinds[i].latency.p99 >= r.kinds[i].latency.p50);
  }
}

load::DriverOptions tpcc_load(const BenchServer& s, int warehouses) {
  load::DriverOptions o;
  o.session.endpoint = s.bench;
  o.session.mix = load::mix_for(sysbench::Workload::tpcc);
  o.session.warehouses = warehouses;
  o.connections = 8;
  o.warmup = std::chrono::seconds(1);
  o.duration = std::chrono::seconds(5);
  return o;
}

void load_run_check(const std::string& release) {
  auto s = start_bench_server("tpcc", {{"innodb_buffer_pool_size", "256M"}}, release);
  for (int w : {1, 2}) {
    INFO(release << ", " << w << " warehouse(s)");
    load::LoadSpec spec = load::tables_for({{sysbench::Workload::tpcc}, {}, "innodb", 1, w, {}});
    spec.endpoint = s->bench;
    require_ok(load::load_tables(spec), "loading");
    auto conn = client::Connection::open(s->bench);
    require_ok(conn, "connecting");
    check_population(*conn, w);
    check_consistent(*conn);
    auto r = load::run_load(tpcc_load(*s, w));
    require_ok(r, "the load");
    CHECK(r->counters.transactions > 0);
    check_mix(*r, tpcc_load(*s, w).connections);
    check_consistent(*conn);
    if (w == 2) check_breaks(*conn);
  }
}

// New-Orders committed so far in each warehouse: its districts' d_next_o_id summed.
std::vector<long long> orders_by_warehouse(client::Connection& conn, int warehouses) {
  std::vector<long long> out;
  for (int w = 1; w <= warehouses; ++w)
    out.push_back(std::stoll(value_of(
        conn, "SELECT SUM(d_next_o_id) FROM district WHERE d_w_id = " + std::to_string(w))));
  return out;
}

// 8 warehouses, 4 connections drawing their homes per transaction, HammerDB's deck; the
// counters that were SMALLINT set to its largest value (32,767) in warehouse 1 first, under a
// strict sql_mode (where a narrower column would answer 1264 and fail the load): every
// warehouse gets New-Orders, the counters pass the old limit, the mix is HammerDB's and the
// conditions (all ten, then the cheap five) hold.
void wide_run_check(const std::string& release) {
  constexpr int kWarehouses = 8, kConnections = 4;
  auto s = start_bench_server("tpcc", {{"innodb_buffer_pool_size", "256M"}}, release);
  load::LoadSpec spec =
      load::tables_for({{sysbench::Workload::tpcc}, {}, "innodb", 1, kWarehouses, {}});
  spec.endpoint = s->bench;
  spec.parallel = 2;
  require_ok(load::load_tables(spec), "loading");
  auto conn = client::Connection::open(s->bench);
  require_ok(conn, "connecting");
  REQUIRE(value_of(*conn, "SELECT @@sql_mode LIKE '%STRICT_TRANS_TABLES%'") == "1");
  const char* limit = "32767";
  for (const std::string& sql :
       {std::string("UPDATE stock SET s_order_cnt = ") + limit + ", s_remote_cnt = " + limit +
            " WHERE s_w_id = 1",
        std::string("UPDATE customer SET c_payment_cnt = ") + limit + ", c_delivery_cnt = " +
            limit + " WHERE c_w_id = 1"})
    require_ok(conn->execute(sql), sql);
  const auto before = orders_by_warehouse(*conn, kWarehouses);
  auto options = tpcc_load(*s, kWarehouses);
  options.connections = kConnections;
  options.session.tpcc.mix = sysbench::TpccMix::hammerdb;
  auto r = load::run_load(options);
  require_ok(r, "the load");
  check_mix(*r, kConnections, sysbench::TpccMix::hammerdb);
  const auto after = orders_by_warehouse(*conn, kWarehouses);
  for (int w = 0; w < kWarehouses; ++w) {
    INFO("warehouse " << w + 1 << ": " << before[w] << " -> " << after[w]);
    CHECK(after[w] > before[w]);
  }
  for (const char* column : {"s_order_cnt", "s_remote_cnt"})
    CHECK(std::stoll(value_of(*conn, std::string("SELECT MAX(") + column + ") FROM stock")) > 32767);
  for (const char* column : {"c_payment_cnt", "c_delivery_cnt"})
    CHECK(std::stoll(value_of(*conn, std::string("SELECT MAX(") + column + ") FROM customer")) >
          32767);
  check_consistent(*conn);
  auto cheap = load::tpcc::check_consistency(*conn, sysbench::TpccChecks::cheap);
  require_ok(cheap, "the cheap conditions");
  std::vector<int> numbers;
  for (const auto& c : *cheap) numbers.push_back(c.number);
  CHECK(numbers == std::vector<int>{1, 2, 3, 8, 9});
}
}  // namespace

TEST_CASE("TPC-C on MariaDB 10.11: loaded, run at 8 connections, consistent",
          "[integration][tpcc]") {
  load_run_check("mariadb-10.11.19");
}

TEST_CASE("TPC-C on MariaDB 11.8: loaded, run at 8 connections, consistent",
          "[integration][tpcc]") {
  load_run_check("mariadb-11.8");
}

TEST_CASE("TPC-C on MySQL 9.7: loaded, run at 8 connections, consistent", "[integration][tpcc]") {
  load_run_check("mysql-9.7");
}

TEST_CASE("TPC-C on MariaDB 10.11: 4 connections work all 8 warehouses, counters pass 32767, "
          "HammerDB's deck",
          "[integration][tpcc]") {
  wide_run_check("mariadb-10.11.19");
}

TEST_CASE("TPC-C on MySQL 9.7: 4 connections work all 8 warehouses, counters pass 32767, "
          "HammerDB's deck",
          "[integration][tpcc]") {
  wide_run_check("mysql-9.7");
}

// The matrix through `versus run`: two releases at 1 and 2 warehouses (the size axis), two
// repeats; every cell ok with its kinds, NOPM and consistency recorded; the report's tables.
TEST_CASE("versus run compares two releases on tpcc at 1 and 2 warehouses, repeated",
          "[integration][tpcc]") {
  TempDir tmp;
  std::string m = "servers:\n";
  for (const std::string r : {"mariadb-10.11.19", "mysql-9.7"})
    m += "  - { name: " + r + ", basedir: " + named_release_basedir(r).string() + " }\n";
  m += "workloads: [tpcc]\nwarehouses: [1, 2]\nthreads: [8]\nwarmup: 1s\nduration: 2s\n"
       "repeats: 2\ncpu_probe: false\nprewarm: true\n";
  const auto file = tmp.write("matrix.yaml", m);
  const auto dir = tmp.path() / "run";
  auto r = run_versus({"run", file.string(), "-o", dir.string(), "-q"});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  auto results = results::load_results(dir / "results.json");
  REQUIRE(results);
  REQUIRE(results->cells.size() == 8);
  for (const auto& c : results->cells) {
    INFO(c.server << " " << c.table_size << " warehouse(s): " << c.error);
    CHECK(c.status == results::CellStatus::ok);
    CHECK(c.warmup.prewarm);  // TPC-C's nine tables read before the warmup, recorded
    CHECK(c.warmup.prewarm_seconds > 0);
    CHECK(c.mix.tpcc_home == "per_transaction");
    CHECK(c.mix.tpcc_mix == "standard");
    CHECK(c.consistency.size() == 10);
    for (const auto& k : c.consistency) CHECK(k.seconds > 0);  // each condition's time
    // The server's committed New-Orders (quiet edges) against the client's New-Orders: the
    // client's count holds the 1% rolled back on purpose, the server's the at most 8 (one per
    // connection) still in flight at the stop, which commit before the last edge but end after
    // the measured interval: at least 96% of the client's, at most 8 New-Orders more.
    INFO("NOPM client " << c.nopm << ", server " << c.nopm_server << " over " << c.seconds
                        << " s");
    CHECK(c.nopm_server >= 0.96 * c.nopm);
    CHECK((c.nopm_server - c.nopm) * c.seconds / 60.0 <= 8.0 + 1e-6);
    CHECK(c.kinds.size() == 5);
    CHECK(c.nopm > 0);
    CHECK(c.tpm > c.nopm);
    // Each statement timed under its name; New-Order's 5-15 lines read an item each.
    std::map<std::string, std::uint64_t> timed;
    for (const auto& st : c.statements) timed[st.statement] = st.count;
    CHECK(timed["BEGIN"] > 0);
    CHECK(timed["new_order.district"] > 0);
    CHECK(timed["new_order.item"] >= 5 * timed["new_order.district"]);
    CHECK(timed["stock_level.stock_count"] > 0);
    REQUIRE(c.consistency.size() == 10);
    for (const auto& k : c.consistency) CHECK(k.violations == 0);
  }
  // Each instance explained TPC-C's statements after its load, without an error, each reading
  // a table.
  REQUIRE(results->data_sizes.size() == 4);
  for (const auto& d : results->data_sizes) {
    std::size_t tpcc_plans = 0;
    for (const auto& p : d.plans) {
      if (p.statements != "TPC-C") continue;
      INFO(d.server << " " << p.statement_class << ": " << p.sql << ": " << p.error);
      CHECK(p.error.empty());
      CHECK_FALSE(p.shape.tables.empty());
      ++tpcc_plans;
    }
    CHECK(tpcc_plans == load::tpcc::kSqlCount - 3);
  }
  // The comparison tables show NOPM, with the ratio's interval from the paired rounds.
  const auto tables = report::build_comparison(*results);
  REQUIRE_FALSE(tables.empty());
  for (const auto& table : tables) {
    CHECK(table.metric == config::Metric::nopm);
    for (const auto& row : table.rows) {
      REQUIRE(row.cells.size() == 2);
      const auto& other = row.cells[1];
      CHECK(other.nopm > 0);
      REQUIRE(other.ratio);
      CHECK(*other.ratio == Approx(other.nopm / row.cells[0].nopm));
      REQUIRE(other.vs_baseline);
      CHECK(other.vs_baseline->ci);
    }
  }
  auto report = run_versus({"report", dir.string()});
  CHECK(report.output.find("NOPM, New-Orders per minute") != std::string::npos);
  CHECK(report.output.find("TPC-C, innodb, 2 warehouse(s), 8 connections") != std::string::npos);
  CHECK(report.output.find("new_order (NOPM)") != std::string::npos);
  // compare (the run against itself) and the history carry NOPM too.
  auto compared = run_versus({"compare", dir.string(), dir.string()});
  INFO(compared.output);
  CHECK(compared.exit_code == 0);
  CHECK(compared.output.find("base NOPM |") != std::string::npos);
  CHECK(compared.output.find("| 2 warehouses |") != std::string::npos);  // the sizes apart
  const auto db = tmp.path() / "history.sqlite";
  auto added = run_versus({"history", "add", dir.string(), "--db", db.string()});
  INFO(added.output);
  CHECK(added.exit_code == 0);
  auto shown = run_versus({"history", "show", "--db", db.string()});
  INFO(shown.output);
  CHECK(shown.output.find("  NOPM ") != std::string::npos);
  CHECK(live_recorded_servers(dir).empty());
}

}  // namespace versus::testing
