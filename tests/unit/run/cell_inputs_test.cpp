// The plan as the run layer's plain parameters: what an instance loads, a (server, profile)'s
// name, a cell's coordinates and the load it drives. (instance_spec needs a host: integration.)
#include "run/cell_inputs.h"

#include <catch2/catch.hpp>

#include "config/reading/matrix_parser.h"
#include "load/drive/seed.h"

using std::chrono::milliseconds;
using versus::config::Cell;
using versus::config::Plan;
using versus::run::cell_load;

namespace {

// Two servers x two profiles x InnoDB and MyISAM x a sysbench 1.0 and a 0.4 mix, swept over two
// table sizes; the 16-thread cells of oltp_read_only run longer (include[]).
Plan inputs_plan() {
  auto plan = versus::config::parse_matrix_text(R"(servers:
  - {name: old, basedir: /}
  - {name: new, basedir: /, cpu_quota: 50%}
profiles: [{name: p1}, {name: p2}]
engines: [innodb, myisam]
workloads: [oltp_read_only, legacy_complex]
threads: [4, 16]
tables: 3
table_size: [1000, 50000]
duration: 20s
warmup: 2s
repeats: 2
seed: 42
rate: 100
ignore_errors: [1062]
table_charset: latin1
myisam_max_rows: 5000
prewarm: true
client_cpus: '0'
include:
  - {workload: oltp_read_only, threads: 16, duration: 60s}
)",
                                                "m.yaml", "/");
  if (!plan) FAIL(plan.error().message);
  return std::move(plan).value();
}

// Cell of server 1 (new), profile 1 (p2), engine `engine`, workload `workload` at `threads`,
// repeat `repeat`, the larger table size.
Cell inputs_cell(std::size_t engine, std::size_t workload, int threads, int repeat) {
  Cell c;
  c.server = 1;
  c.profile = 1;
  c.engine = engine;
  c.workload = workload;
  c.threads = threads;
  c.repeat = repeat;
  c.size = 1;
  return c;
}

}  // namespace

TEST_CASE("cell inputs: what an instance loads", "[run][cell_inputs]") {
  const Plan plan = inputs_plan();
  const auto spec = versus::run::instance_tables(plan, "myisam", 50000);
  CHECK(spec.engine == "myisam");
  CHECK(spec.tables == 3);
  CHECK(spec.table_size == 50000);
  CHECK(spec.legacy_table);  // legacy_complex reads sysbench 0.4's table
  CHECK(spec.myisam_max_rows == 5000);
  CHECK(spec.charset == "latin1");
  CHECK(spec.collation.empty());
  CHECK(spec.distribution.type == plan.rand.type);
  CHECK(spec.endpoint.database.empty());  // set at the load
  CHECK(versus::run::server_profile_name(plan, 1, 0) == "new.p1");
}

TEST_CASE("cell inputs: a cell's coordinates in the results", "[run][cell_inputs]") {
  const Plan plan = inputs_plan();
  const auto where = versus::run::coordinates(plan, inputs_cell(1, 1, 4, 1), 3, 64);
  CHECK(where.index == 3);
  CHECK(where.total == 64);
  CHECK(where.server == "new");
  CHECK(where.profile == "p2");
  CHECK(where.engine == "myisam");
  CHECK(where.workload == "legacy_complex");
  CHECK(where.threads == 4);
  CHECK(where.repeat == 1);
  CHECK(where.tables == 3);
  CHECK(where.table_size == 50000);
}

TEST_CASE("cell inputs: the load a cell drives", "[run][cell_inputs]") {
  const Plan plan = inputs_plan();
  const auto load = cell_load(plan, inputs_cell(0, 0, 4, 1));
  const auto& d = load.driver;
  CHECK(load.workload == "oltp_read_only");
  CHECK(load.repeat == 1);
  CHECK(d.connections == 4);
  CHECK(d.duration == milliseconds{20'000});
  CHECK(d.warmup == milliseconds{2000});
  CHECK(d.rate == 100);
  CHECK(d.session.tables == 3);
  CHECK(d.session.table_size == 50000u);
  CHECK(d.session.ignored_errors == std::vector<unsigned>{1062});
  CHECK(d.session.mix.index_updates == 0);  // read only
  CHECK(d.session.mix.point_selects == 10);
  CHECK_FALSE(d.session.lock_tables);
  CHECK(load.client_cpus == std::vector<int>{0});
  CHECK(load.server_cpus.empty());
  CHECK(load.prewarm);
  CHECK(load.cpu_quota_pct == 50);           // server new's
  CHECK(d.session.endpoint.socket.empty());  // set when the cell's server runs
}

TEST_CASE("cell inputs: include[] lengthens the cells it selects", "[run][cell_inputs]") {
  const Plan plan = inputs_plan();
  CHECK(cell_load(plan, inputs_cell(0, 0, 16, 0)).driver.duration == milliseconds{60'000});
  CHECK(cell_load(plan, inputs_cell(0, 1, 16, 0)).driver.duration == milliseconds{20'000});
}

TEST_CASE("cell inputs: a 0.4 mix locks tables only on an engine without transactions",
          "[run][cell_inputs]") {
  const Plan plan = inputs_plan();
  CHECK(cell_load(plan, inputs_cell(1, 1, 4, 0)).driver.session.lock_tables);  // MyISAM
  CHECK_FALSE(cell_load(plan, inputs_cell(0, 1, 4, 0)).driver.session.lock_tables);
  CHECK_FALSE(cell_load(plan, inputs_cell(1, 0, 4, 0)).driver.session.lock_tables);
}

TEST_CASE("cell inputs: every column of a round draws with the round's seed",
          "[run][cell_inputs]") {
  const Plan plan = inputs_plan();
  Cell first = inputs_cell(0, 0, 4, 0), other_column = first, next_round = first;
  other_column.server = 0;
  other_column.profile = 0;
  next_round.repeat = 1;
  const auto seed = cell_load(plan, first).driver.seed;
  CHECK(seed == versus::load::derive_seed(42, 0));
  CHECK(cell_load(plan, other_column).driver.seed == seed);
  CHECK(cell_load(plan, next_round).driver.seed == versus::load::derive_seed(42, 1));
  CHECK(cell_load(plan, next_round).driver.seed != seed);
}

TEST_CASE("cell inputs: every instance's socket must fit 107 bytes under the run directory",
          "[run][cell_inputs]") {
  const Plan plan = inputs_plan();
  CHECK(versus::run::instance_name(plan, {1, 1, 0, 1}) == "new.p2.innodb.s50000");
  CHECK(versus::run::check_socket_paths(plan, "/tmp/r"));
  const std::string deep = "/tmp/" + std::string(80, 'd');  // + /instances/old.p1.myisam.s1000/sock
  auto refused = versus::run::check_socket_paths(plan, deep);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message.find("socket path " + deep + "/instances/") == 0);
  CHECK(refused.error().message.find("; choose a shorter --output") != std::string::npos);
}
