// Legacy mixes: legacy_complex and legacy_read_only must make a real MariaDB do exactly what
// sysbench 0.4.12's --test=oltp complex mode makes it do, per transaction: its statement
// counters match the mix exactly (one client, so no deadlock retries), and the row counters
// show 0.4's ranges (the DISTINCT one on 0.4's constant c values returns one row). On MyISAM
// each transaction runs between LOCK TABLES and UNLOCK TABLES instead of BEGIN and COMMIT.
#include <unistd.h>

#include <cmath>
#include <iostream>
#include <map>
#include <memory>

#include "bench_server.h"
#include "load/family/registry.h"
#include "load/drive/driver.h"
#include "load/family/loader.h"
#include "load/probe/server_status.h"
#include "load/family/oltp/oltp_tables.h"

namespace versus::testing {
namespace {
constexpr std::int64_t kLegacyTableSize = 10000;
constexpr std::uint64_t kEvents = 1000;
constexpr std::uint64_t kLegacyBaselineEvents = 1;

using LegacyServer = BenchServer;

std::unique_ptr<LegacyServer> start_server() {
  return start_bench_server("legacy", {});
}

void load_legacy(const LegacyServer& s, const std::string& engine) {
  load::LoadSpec spec;
  spec.endpoint = s.bench;
  spec.engine = engine;
  spec.tables = 0;
  spec.legacy_table = true;
  spec.table_size = kLegacyTableSize;
  require_ok(load::load_tables(spec), "loading sbtest");
}

void run_engine(const LegacyServer& s, sysbench::Workload w, bool lock_tables, std::uint64_t n) {
  load::DriverOptions o;
  o.session.endpoint = s.bench;
  o.session.mix = load::mix_for(w);
  o.session.table_size = static_cast<std::uint32_t>(kLegacyTableSize);
  o.session.lock_tables = lock_tables;
  o.connections = 1;
  o.max_requests = n;
  auto r = load::run_load(o);
  require_ok(r, "engine " + std::string(sysbench::workload_name(w)));
  REQUIRE(r->counters.transactions == n);
  REQUIRE(r->counters.ignored_errors == 0);
}

// Per transaction of one client; the connect/prepare/close of a client cancel out against a
// baseline client of one transaction.
std::map<std::string, double> per_transaction(const LegacyServer& s, sysbench::Workload w,
                                              bool lock_tables) {
  auto a = status_snapshot(s);
  run_engine(s, w, lock_tables, kEvents);
  auto b = status_snapshot(s);
  run_engine(s, w, lock_tables, kLegacyBaselineEvents);
  auto c = status_snapshot(s);
  auto main = load::status_delta(a, b), base = load::status_delta(b, c);
  std::map<std::string, double> out;
  for (const auto& [name, value] : main)
    out[name] = static_cast<double>(value - load::delta_of(base, name)) /
                static_cast<double>(kEvents - kLegacyBaselineEvents);
  return out;
}

void check_exact(std::map<std::string, double>& got, const std::map<std::string, double>& want,
                 const std::string& what) {
  for (const auto& [name, value] : want) {
    INFO(what << " " << name << " per transaction: " << got[name] << ", expected " << value);
    CHECK(std::abs(got[name] - value) < 0.01);
  }
}

void print(const std::string& what, std::map<std::string, double>& got) {
  std::cout << what << " per transaction:";
  for (const char* name : {"Com_stmt_execute", "Com_select", "Com_update", "Com_delete",
                           "Com_insert", "Com_begin", "Com_commit", "Com_lock_tables",
                           "Com_unlock_tables", "Handler_update", "Handler_delete", "Rows_sent"})
    std::cout << ' ' << name << '=' << got[name];
  std::cout << std::endl;
}
// The count of `counter` in `versus bench --status-deltas` text output; -1 when absent.
long long status_delta_in(const std::string& output, const std::string& counter) {
  const auto at = output.find("    " + counter + ":");
  if (at == std::string::npos) return -1;
  return std::stoll(output.substr(at + counter.size() + 5));
}

// versus bench: prepare loads sbtest for a legacy workload; run finds its engine (MyISAM: LOCK
// TABLES, as 0.4 found it with SHOW TABLE STATUS) and takes the count flags.
void check_bench(const LegacyServer& s) {
  const std::string cnf =
      s.dir.write("client.cnf", "[client]\npassword=" + s.bench.password + "\n").string();
  std::filesystem::permissions(
      cnf, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const std::vector<std::string> common = {"--port",          std::to_string(s.bench.port),
                                           "--user",          s.bench.user,
                                           "--defaults-file", cnf,
                                           "--workload",      "legacy_complex"};
  auto with = [&](std::vector<std::string> args) {
    args.insert(args.end(), common.begin(), common.end());
    return args;
  };
  auto prepared = run_versus(with({"bench", "prepare", "--engine", "myisam"}));
  INFO(prepared.output);
  REQUIRE(prepared.exit_code == 0);
  auto ran = run_versus(with({"bench", "run", "--max-requests", "200", "--point-selects", "2",
                              "--range-size", "10", "--status-deltas"}));
  INFO(ran.output);
  REQUIRE(ran.exit_code == 0);
  CHECK(status_delta_in(ran.output, "Com_lock_tables") == 200);
  CHECK(status_delta_in(ran.output, "Com_unlock_tables") == 200);
  CHECK(status_delta_in(ran.output, "Com_begin") == 0);
  // 2 point selects + 4 ranges per transaction; a connection's own start may add a few.
  const long long selects = status_delta_in(ran.output, "Com_select");
  CHECK(selects >= 200 * (2 + 4));
  CHECK(selects <= 200 * (2 + 4) + 4);
  CHECK(status_delta_in(ran.output, "Com_update") == 200 * 3);
}
}  // namespace

TEST_CASE("legacy mixes make the server do what sysbench 0.4.12's complex mode does",
          "[integration][legacy]") {
  auto s = start_server();
  using W = sysbench::Workload;

  load_legacy(*s, "innodb");
  // First, on the fresh table (c=' ' everywhere): exactly 10 + 100 (simple) + 1 (sum) + 100
  // (order) + 1 (DISTINCT c) rows per transaction.
  auto ro = per_transaction(*s, W::legacy_read_only, false);
  print("legacy_read_only/innodb", ro);
  check_exact(ro,
              {{"Com_stmt_execute", 16},
               {"Com_select", 14},
               {"Com_update", 0},
               {"Com_delete", 0},
               {"Com_insert", 0},
               {"Com_begin", 1},
               {"Com_commit", 1},
               {"Rows_sent", 212}},
              "legacy_read_only");

  auto rw = per_transaction(*s, W::legacy_complex, false);
  print("legacy_complex/innodb", rw);
  // 10 point selects + 4 ranges; UPDATE k, UPDATE c, then UPDATE k, DELETE, INSERT of one id;
  // BEGIN and COMMIT, all prepared.
  check_exact(rw,
              {{"Com_stmt_execute", 21},
               {"Com_select", 14},
               {"Com_update", 3},
               {"Com_delete", 1},
               {"Com_insert", 1},
               {"Com_begin", 1},
               {"Com_commit", 1},
               {"Com_lock_tables", 0},
               {"Handler_delete", 1}},
              "legacy_complex");
  // Every update changes its row (k=k+1; c to a fresh random value).
  CHECK(std::abs(rw["Handler_update"] - 3) < 0.05);
  // Updated c values now give the DISTINCT range (on the hot ids) more rows than one.
  CHECK(rw["Rows_sent"] > 212);
  CHECK(rw["Rows_sent"] < 212 * 1.25);

  load_legacy(*s, "myisam");
  auto my = per_transaction(*s, W::legacy_complex, true);
  print("legacy_complex/myisam", my);
  check_exact(my,
              {{"Com_lock_tables", 1},
               {"Com_unlock_tables", 1},
               {"Com_begin", 0},
               {"Com_commit", 0},
               {"Com_select", 14},
               {"Com_update", 3},
               {"Com_delete", 1},
               {"Com_insert", 1}},
              "legacy_complex on myisam");
  auto myro = per_transaction(*s, W::legacy_read_only, true);
  print("legacy_read_only/myisam", myro);
  check_exact(myro, {{"Com_lock_tables", 1}, {"Com_unlock_tables", 1}, {"Com_begin", 0}},
              "legacy_read_only on myisam");
  check_bench(*s);
  require_ok(s->process->stop(), "stopping the server");
}

}  // namespace versus::testing

namespace versus::testing {
TEST_CASE("a statement the server cannot prepare is sent as text, as sysbench 0.4 did",
          "[integration][legacy]") {
  auto s = start_bench_server("unpreparable", {{"innodb_buffer_pool_size", "64M"}});
  client::Endpoint no_database = s->bench;
  no_database.database.clear();
  auto conn = client::Connection::open(no_database);
  require_ok(conn, "connecting");
  std::unique_ptr<load::Statement> ps;
  std::string text;
  // MariaDB 10.11 prepares LOCK TABLES; DEALLOCATE PREPARE still answers ER_UNSUPPORTED_PS.
  require_ok(load::detail::prepare_or_text(conn->handle(), "DEALLOCATE PREPARE x", ps, text),
             "the fallback");
  CHECK(ps == nullptr);
  CHECK(text == "DEALLOCATE PREPARE x");
  text.clear();
  require_ok(load::detail::prepare_or_text(conn->handle(), "BEGIN", ps, text), "BEGIN");
  CHECK(ps != nullptr);
  CHECK(text.empty());
  CHECK_FALSE(
      load::detail::prepare_or_text(conn->handle(), "SELEC 1", ps, text));  // any other error
}
}  // namespace versus::testing
