// plan_bench: `versus bench`'s options checked and made into the load they ask for, without a
// server (the sysbench 1.0 workloads; a legacy one asks the server for its table's engine).
#include "run/bench_run.h"

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>

#include "support/temp_dir.h"

using std::chrono::milliseconds;
using versus::run::BenchOptions;
using versus::run::BenchPlan;
using versus::run::plan_bench;

namespace {

// The message plan_bench refuses `options` with (fails the test when it plans them).
std::string bench_refusal(const BenchOptions& options) {
  auto plan = plan_bench(options);
  REQUIRE_FALSE(plan.has_value());
  return plan.error().message;
}

BenchPlan bench_plan_of(const BenchOptions& options) {
  auto plan = plan_bench(options);
  if (!plan) FAIL(plan.error().message);
  return std::move(plan).value();
}

// $VERSUS_PASSWORD unset while a test runs (the password comes from a file or it), put back
// after.
class BenchPasswordEnv {
 public:
  BenchPasswordEnv() {
    if (const char* v = std::getenv("VERSUS_PASSWORD")) saved_ = v;
    ::unsetenv("VERSUS_PASSWORD");
  }
  ~BenchPasswordEnv() {
    if (saved_)
      ::setenv("VERSUS_PASSWORD", saved_->c_str(), 1);
    else
      ::unsetenv("VERSUS_PASSWORD");
  }
  BenchPasswordEnv(const BenchPasswordEnv&) = delete;
  BenchPasswordEnv& operator=(const BenchPasswordEnv&) = delete;

 private:
  std::optional<std::string> saved_;
};

}  // namespace

TEST_CASE("bench run: sysbench's defaults make a 10 s closed-loop load", "[run][bench_run]") {
  BenchPasswordEnv env;
  const BenchPlan plan = bench_plan_of({});
  const auto& d = plan.driver;
  CHECK(d.session.endpoint.host == "127.0.0.1");
  CHECK(d.session.endpoint.port == 3306);
  CHECK(d.session.endpoint.user == "root");
  CHECK(d.session.endpoint.database == "sbtest");
  CHECK(d.session.endpoint.password.empty());
  CHECK(d.duration == milliseconds{10'000});
  CHECK(d.warmup == milliseconds{0});
  CHECK_FALSE(d.warmup_steady);
  CHECK(d.warmup_max == milliseconds{60'000});
  CHECK(d.connections == 1);
  CHECK(d.client_threads == 0);
  CHECK(d.rate == 0);
  CHECK(d.max_requests == 0);
  CHECK(d.session.tables == 1);
  CHECK(d.session.table_size == 10000);
  CHECK_FALSE(d.session.lock_tables);
  CHECK(d.session.distribution.type == versus::sysbench::RandType::special);
  CHECK(d.session.mix.point_selects == 10);
  CHECK(d.session.mix.transaction);
  CHECK(versus::run::bench_database(plan) == "sbtest");
}

TEST_CASE("bench run: the options given shape the load", "[run][bench_run]") {
  BenchPasswordEnv env;
  BenchOptions o;
  o.socket = "/run/mysqld/mysqld.sock";
  o.user = "bench";
  o.database = "";  // the loader's own database then
  o.workload = "oltp_read_only";
  o.tables = 4;
  o.table_size = 2147483647;
  o.threads = 64;
  o.client_threads = 3;
  o.duration = "2m";
  o.rate = 500;
  o.warmup = "steady";
  o.warmup_max = "1s";
  o.counts.point_selects = 3;
  o.counts.index_updates = 5;  // a write: not in a read-only mix
  o.rand_type = "pareto";
  o.rand.pareto_h = 0.3;
  const BenchPlan plan = bench_plan_of(o);
  const auto& d = plan.driver;
  CHECK(d.session.endpoint.socket == "/run/mysqld/mysqld.sock");
  CHECK(d.session.endpoint.user == "bench");
  CHECK(versus::run::bench_database(plan) == "sbtest");
  CHECK(d.duration == milliseconds{120'000});
  CHECK(d.warmup_steady);
  CHECK(d.warmup == milliseconds{0});
  CHECK(d.warmup_max == milliseconds{1000});
  CHECK(d.connections == 64);
  CHECK(d.client_threads == 3);
  CHECK(d.rate == 500);
  CHECK(d.session.tables == 4);
  CHECK(d.session.table_size == 2147483647u);
  CHECK(d.session.mix.point_selects == 3);
  CHECK(d.session.mix.index_updates == 0);
  CHECK(d.session.distribution.type == versus::sysbench::RandType::pareto);
  CHECK(d.session.distribution.pareto_h == 0.3);
  CHECK(plan.options.workload == "oltp_read_only");
}

TEST_CASE("bench run: --max-requests alone ends the run, no time limit", "[run][bench_run]") {
  BenchPasswordEnv env;
  BenchOptions o;
  o.max_requests = 5000;
  const BenchPlan counted = bench_plan_of(o);
  CHECK(counted.driver.duration == milliseconds{0});
  CHECK(counted.driver.max_requests == 5000);
  o.duration = "30s";
  CHECK(bench_plan_of(o).driver.duration == milliseconds{30'000});
  BenchOptions neither;
  neither.duration = "0s";
  CHECK(bench_refusal(neither) == "give --duration or --max-requests");
}

TEST_CASE("bench run: options refused before anything connects", "[run][bench_run]") {
  BenchPasswordEnv env;
  auto with = [](auto change) {
    BenchOptions o;
    change(o);
    return bench_refusal(o);
  };
  CHECK(with([](BenchOptions& o) { o.table_size = 0; }) == "--table-size must be 1..2147483647");
  CHECK(with([](BenchOptions& o) { o.table_size = 2147483648; }) ==
        "--table-size must be 1..2147483647");
  CHECK(with([](BenchOptions& o) { o.workload = "oltp_read_wirte"; }) ==
        "unknown workload 'oltp_read_wirte'");
  CHECK(with([](BenchOptions& o) { o.duration = "10 s"; }) ==
        "bad --duration '10 s' (e.g. 15s, 2m)");
  CHECK(with([](BenchOptions& o) { o.warmup = "soon"; }) ==
        "bad --warmup 'soon' (e.g. 5s, or steady)");
  CHECK(with([](BenchOptions& o) { o.warmup_max = "999ms"; }) ==
        "bad --warmup-max '999ms' (at least 1s)");
  CHECK(with([](BenchOptions& o) { o.warmup_max = "x"; }) == "bad --warmup-max 'x' (at least 1s)");
  CHECK(with([](BenchOptions& o) { o.rand_type = "zipf"; }) == "unknown --rand-type 'zipf'");
}

TEST_CASE("bench run: prepare and cleanup need only the endpoint", "[run][bench_run]") {
  BenchPasswordEnv env;
  BenchOptions o;
  o.action = "prepare";
  o.workload = "no_such_workload";  // checked when the tables are loaded
  o.duration = "never";
  o.port = 3307;
  const BenchPlan plan = bench_plan_of(o);
  CHECK(plan.driver.session.endpoint.port == 3307);
  CHECK(plan.driver.duration == milliseconds{0});  // no load planned
  o.table_size = -1;
  CHECK(bench_refusal(o) == "--table-size must be 1..2147483647");
}

TEST_CASE("bench run: the password from a 0600 option file, else $VERSUS_PASSWORD",
          "[run][bench_run]") {
  BenchPasswordEnv env;
  versus::testing::TempDir dir("versus-bench-run");
  const auto file = dir.write("client.cnf", "[client]\npassword=s3cret\n");
  ::chmod(file.c_str(), 0600);
  BenchOptions o;
  o.defaults_file = file.string();
  CHECK(bench_plan_of(o).driver.session.endpoint.password == "s3cret");
  ::setenv("VERSUS_PASSWORD", "from-env", 1);
  CHECK(bench_plan_of(o).driver.session.endpoint.password == "s3cret");  // the file first
  CHECK(bench_plan_of({}).driver.session.endpoint.password == "from-env");
  ::chmod(file.c_str(), 0644);
  CHECK(bench_refusal(o) ==
        "option file " + file.string() + " is readable or writable by others; chmod 600 it");
  o.defaults_file = (dir.path() / "missing.cnf").string();
  CHECK(bench_refusal(o) == "cannot read option file " + o.defaults_file);
}

TEST_CASE("bench run: --replay makes a replay of the log over --replay-data, as a matrix entry",
          "[run][bench_run]") {
  BenchPasswordEnv env;
  versus::testing::TempDir dir("versus-bench-replay");
  std::string statements;  // 1 in 3 of 90 units keeps some
  for (int i = 0; i < 90; ++i)
    statements += "SELECT name FROM t WHERE id = " + std::to_string(i) + ";\n";
  const auto log = dir.write("app log.sql", statements);
  const auto dump = dir.write("dump.sql", "CREATE TABLE t (id INT, name TEXT);\n");
  BenchOptions o;
  o.replay = log.string();
  o.replay_data = dump.string();
  o.replay_sample = 3;
  const BenchPlan plan = bench_plan_of(o);
  const auto& mix = plan.driver.session.mix;
  CHECK(mix.workload == versus::sysbench::Workload::replay);
  REQUIRE(mix.custom);
  CHECK(mix.custom->name == "replay-app_log");  // as the matrix names it
  REQUIRE(mix.custom->replay);
  const auto& r = *mix.custom->replay;
  CHECK(r.log == log);
  CHECK(r.source == log.string());
  CHECK(r.data == dump);
  CHECK_FALSE(r.data_key.empty());
  CHECK_FALSE(r.writes);
  CHECK(r.sample == 3);
  CHECK(plan.driver.session.time_statements);
  // prepare and cleanup plan the dump alone, the log read through too.
  o.action = "prepare";
  CHECK(bench_plan_of(o).driver.session.mix.custom->replay->data == dump);
}

TEST_CASE("bench run: a write in a read-only --replay is refused naming the file and line",
          "[run][bench_run]") {
  BenchPasswordEnv env;
  versus::testing::TempDir dir("versus-bench-replay");
  const auto log = dir.write("app.sql", "SELECT 1;\n\nUPDATE t SET a = 1;\n");
  BenchOptions o;
  o.replay = log.string();
  const std::string refused = bench_refusal(o);
  CHECK(refused.starts_with(log.string() + ":3: UPDATE writes, and the replay is read-only"));
  CHECK(refused.find("(replay_writes: true replays writes)") != std::string::npos);
  o.action = "prepare";  // refused before the dump is loaded too
  CHECK(bench_refusal(o) == refused);
  o.action = "run";
  o.replay_writes = true;
  CHECK(bench_plan_of(o).driver.session.mix.custom->replay->writes);
  // --replay-order weighted: the matrix's replay_order, and its name as the matrix names it.
  CHECK(bench_plan_of(o).driver.session.mix.custom->replay->order ==
        versus::sysbench::ReplayOrder::captured);
  o.replay_order = "weighted";
  const auto weighted = bench_plan_of(o).driver.session.mix.custom;
  CHECK(weighted->replay->order == versus::sysbench::ReplayOrder::weighted);
  CHECK(weighted->name.ends_with("-weighted"));
}

TEST_CASE("bench run: --replay's options refused without it, with a workload file, out of range",
          "[run][bench_run]") {
  BenchPasswordEnv env;
  versus::testing::TempDir dir("versus-bench-replay");
  const auto log = dir.write("app.sql", "SELECT 1;\n");
  auto with = [&](auto change) {
    BenchOptions o;
    change(o);
    return bench_refusal(o);
  };
  const std::string need =
      "--replay-data, --replay-writes, --replay-sample and --replay-order need --replay";
  CHECK(with([&](BenchOptions& o) { o.replay_data = log.string(); }) == need);
  CHECK(with([](BenchOptions& o) { o.replay_writes = true; }) == need);
  CHECK(with([](BenchOptions& o) { o.replay_sample = 2; }) == need);
  CHECK(with([](BenchOptions& o) { o.replay_order = "weighted"; }) == need);
  CHECK(with([&](BenchOptions& o) {
          o.replay = log.string();
          o.replay_order = "shuffled";
        }) == "--replay-order must be captured or weighted, not shuffled");
  CHECK(with([&](BenchOptions& o) {
          o.replay = log.string();
          o.workload_file = log.string();
        }) == "--replay or --workload-file, not both");
  CHECK(with([&](BenchOptions& o) {
          o.replay = log.string();
          o.replay_sample = 0;
        }) == "--replay-sample must be 1..1000000");
  CHECK(with([&](BenchOptions& o) {
          o.replay = log.string();
          o.replay_data = (dir.path() / "missing.sql").string();
        }).starts_with("--replay-data " + (dir.path() / "missing.sql").string()));
  CHECK(with([&](BenchOptions& o) {
          o.replay = (dir.path() / "none.log").string();
        }).find("cannot open") != std::string::npos);
}
