// table_size lists, exclude[], include[], servers[].files/options, transport, lifecycle,
// myisam_max_rows
// and the command line's --server/--set (config/reading/matrix_shape.cpp,
// command_line_values.cpp).
#include "config/reading/matrix_shape.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "config/reading/matrix_parser.h"
#include "support/matrix_text.h"

using namespace std::chrono_literals;
using versus::config::Cell;
using versus::config::expand_cells;
using versus::config::MatrixOverrides;
using versus::config::parse_matrix_text;
using versus::config::Plan;
using versus::config::run_length;
using versus::testing::good_plan;
using versus::testing::plan_errors;

namespace {
const std::string kTwo =
    "servers: [{name: a, basedir: .}, {name: b, basedir: .}]\n"
    "engines: [innodb, myisam]\n";

versus::Expected<Plan> parse_two(const std::string& text, const MatrixOverrides& o = {}) {
  return parse_matrix_text(kTwo + text, "m.yaml", std::filesystem::temp_directory_path(), o);
}

std::string errors_two(const std::string& text, const MatrixOverrides& o = {}) {
  auto plan = parse_two(text, o);
  REQUIRE_FALSE(plan.has_value());
  return plan.error().message;
}
}  // namespace

TEST_CASE("table_size: a list sweeps sizes; one integer stays valid", "[config][shape]") {
  CHECK(good_plan("table_size: 500\n").table_sizes == std::vector<std::int64_t>{500});
  const Plan p = good_plan("table_size: [1000, 2000]\n");
  CHECK(p.table_sizes == std::vector<std::int64_t>{1000, 2000});
  CHECK(expand_cells(p).size() == 2);
  CHECK(plan_errors("table_size: [1000, 2000, 1000]\n") ==
        "m.yaml:2: table_size[2]: duplicate value '1000' (same as table_size[0])");
}

TEST_CASE("exclude: drops the cells matching every axis of an entry", "[config][shape]") {
  auto p = parse_two("threads: [1, 2]\nexclude:\n  - {server: b, engine: myisam}\n");
  REQUIRE(p);
  const auto cells = expand_cells(*p);
  CHECK(cells.size() == 6);  // 2 servers x 2 engines x 2 threads, less b/myisam's 2
  for (const Cell& c : cells) CHECK_FALSE((c.server == 1 && c.engine == 1));
}

TEST_CASE("exclude: an entry matching no cell, or naming no axis, is an error", "[config][shape]") {
  CHECK(errors_two("exclude:\n  - {server: c}\n") ==
        "m.yaml:4: exclude[0]: matches no cell: server c is not one of the plan's (a, b)");
  CHECK(errors_two("exclude:\n  - {threads: 8}\n") ==
        "m.yaml:4: exclude[0]: matches no cell: threads 8 is not one of the plan's (1)");
  CHECK(errors_two("exclude:\n  - {}\n") ==
        "m.yaml:4: exclude[0]: expected at least one axis (server, profile, engine, workload, "
        "threads, table_size), got an empty map");
  CHECK(errors_two("exclude:\n  - {thread: 1}\n") ==
        "m.yaml:4: exclude[0]: unknown key 'thread' (did you mean 'threads'?)");
  CHECK(errors_two("exclude:\n  - {engine: innodb}\n  - {engine: myisam}\n") ==
        "m.yaml:4: exclude: leaves no cell to run");
}

TEST_CASE("include: run lengths per engine (seed 004)", "[config][shape]") {
  auto p = parse_two(
      "include:\n  - {engine: myisam, max_requests: 100000}\n"
      "  - {engine: innodb, max_requests: 20000, warmup: 0s}\n");
  REQUIRE(p);
  for (const Cell& c : expand_cells(*p)) {
    const auto length = run_length(*p, c);
    CHECK(length.max_requests == (c.engine == 1 ? 100000u : 20000u));
    CHECK(length.duration == 0ms);  // no duration anywhere: the count alone ends the cell
    CHECK(length.warmup == (c.engine == 1 ? 5s : 0s));
  }
  auto timed = parse_two("duration: 30s\ninclude:\n  - {engine: myisam, max_requests: 10}\n");
  REQUIRE(timed);
  CHECK(run_length(*timed, expand_cells(*timed).back()).duration == 30s);
}

TEST_CASE("include: two entries setting a key differently for one cell", "[config][shape]") {
  CHECK(errors_two("include:\n  - {engine: myisam, duration: 10s}\n"
                   "  - {server: b, duration: 20s}\n") ==
        "m.yaml:5: include[1]: sets duration 20s for cell b/default/myisam/oltp_read_write, 1 "
        "thread, 10000 rows, but include[0] (line 4) sets 10s");
  CHECK(errors_two("include:\n  - {engine: myisam}\n") ==
        "m.yaml:4: include[0]: expected at least one of duration, max_requests, warmup, got a "
        "map");
  // The same value twice is no conflict.
  CHECK(
      parse_two("include:\n  - {engine: myisam, duration: 10s}\n  - {server: b, duration: "
                "10s}\n"));
}

TEST_CASE("servers[].files and options; transport; myisam_max_rows", "[config][shape]") {
  const auto dir = std::filesystem::temp_directory_path();
  std::ofstream(dir / "versus-shape-test.cnf") << "[mysqld]\n";
  const Plan p = good_plan("transport: tcp\nmyisam_max_rows: 50000000\n");
  CHECK(p.transport == versus::config::Transport::tcp);
  CHECK(p.myisam_max_rows == 50'000'000);
  CHECK(good_plan("").transport == versus::config::Transport::socket);
  auto s = parse_matrix_text(
      "servers: [{name: a, basedir: ., files: versus-shape-test.cnf, "
      "options: {character_set_server: utf8}}]\n",
      "m.yaml", dir);
  REQUIRE(s);
  CHECK(s->servers[0].files == std::vector<std::filesystem::path>{dir / "versus-shape-test.cnf"});
  CHECK(s->servers[0].options.at(0).second == "utf8");
  std::filesystem::remove(dir / "versus-shape-test.cnf");
}

TEST_CASE("lifecycle: cell by default, server on request, not with repeats: auto",
          "[config][shape]") {
  CHECK(good_plan("").lifecycle == versus::config::Lifecycle::cell);
  CHECK(good_plan("lifecycle: server\n").lifecycle == versus::config::Lifecycle::server);
  CHECK(good_plan("lifecycle: server\nrepeats: 3\n").repeats == 3);
  CHECK(errors_two("lifecycle: server\nrepeats: auto\n") ==
        "m.yaml:3: lifecycle: server runs each server's cells back to back, but repeats: auto "
        "needs rounds interleaved across servers; use lifecycle: cell or a fixed repeats count");
  CHECK_THAT(errors_two("lifecycle: servr\n"), Catch::Contains("did you mean 'server'"));
  // estimate: paired needs interleaved rounds: refused when given, the default falls back.
  CHECK(errors_two("lifecycle: server\nestimate: paired\n") ==
        "m.yaml:4: estimate: paired needs rounds interleaved across servers, but lifecycle: "
        "server runs each server's cells back to back; use estimate: independent or "
        "lifecycle: cell");
  CHECK(parse_two("lifecycle: server\nestimate: independent\n"));
  CHECK(versus::config::run_estimate(good_plan("lifecycle: server\n")) == "independent");
}

TEST_CASE("ignore_errors: sysbench's default, or a list that replaces it", "[config][shape]") {
  CHECK(good_plan("").ignore_errors == std::vector<unsigned>{1213, 1020, 1205});
  CHECK(good_plan("ignore_errors: [1213, 1062]\n").ignore_errors ==
        std::vector<unsigned>{1213, 1062});
  CHECK(good_plan("ignore_errors: 1062\n").ignore_errors == std::vector<unsigned>{1062});
  CHECK_THAT(errors_two("ignore_errors: [0]\n"), Catch::Contains("m.yaml:3: ignore_errors[0]"));
  CHECK_THAT(errors_two("ignore_errors: [1062, 1062]\n"), Catch::Contains("duplicate value"));
}

TEST_CASE("--server NAME=BASEDIR sets a basedir; unknown names are errors", "[config][shape]") {
  const auto tmp = std::filesystem::temp_directory_path().string();
  const std::string text = "servers: [{name: a}, {name: b, basedir: /nonexistent-x}]\n";
  auto p = parse_matrix_text(text, "m.yaml", tmp, {{"a=" + tmp, "b=" + tmp}, {}});
  REQUIRE(p);
  CHECK(p->servers[0].basedir == std::filesystem::path(tmp).lexically_normal());
  auto missing = parse_matrix_text(text, "m.yaml", tmp, {{"b=" + tmp}, {}});
  REQUIRE_FALSE(missing);
  CHECK(missing.error().message ==
        "m.yaml:1: servers[0]: missing required key 'basedir' (in the file or with --server "
        "NAME=BASEDIR)");
  auto unknown = parse_matrix_text(text, "m.yaml", tmp, {{"a=" + tmp, "c=" + tmp}, {}});
  REQUIRE_FALSE(unknown);
  CHECK_THAT(unknown.error().message,
             Catch::StartsWith("m.yaml: --server c: no server named 'c' in the matrix"));
  CHECK_THAT(unknown.error().message,
             Catch::EndsWith("\nm.yaml:1: servers[1].basedir: expected the path of an existing "
                             "directory, got '/nonexistent-x' (/nonexistent-x: does not exist)"));
  auto bad = parse_matrix_text(text, "m.yaml", tmp, {{"a=/nonexistent-y", "b=" + tmp}, {}});
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message ==
        "--server a: expected the path of an existing directory, got '/nonexistent-y' "
        "(/nonexistent-y: does not exist)");
}

TEST_CASE("--set KEY=VALUE replaces a top-level key, VALUE read as YAML", "[config][shape]") {
  auto p = parse_two("duration: 60s\n", {{}, {"duration=10s", "table_size=[1000,2000]"}});
  REQUIRE(p);
  CHECK(p->duration == 10s);
  CHECK(p->table_sizes == std::vector<std::int64_t>{1000, 2000});
  CHECK(errors_two("", {{}, {"duration=ten"}}) ==
        "--set duration: expected a duration 1ms..168h (like 500ms, 5s, 2m, 1h, or integer "
        "seconds), got 'ten'");
  CHECK(errors_two("", {{}, {"thread=4"}}) ==
        "m.yaml: --set thread: unknown key 'thread' (did you mean 'threads'?)");
  CHECK(errors_two("", {{}, {"threads"}}) == "m.yaml: --set: expected KEY=VALUE, got 'threads'");
  CHECK(
      errors_two("", {{}, {"threads=[1,"}}).rfind("m.yaml: --set threads: YAML syntax error", 0) ==
      0);
}

TEST_CASE("warehouses: the size axis of a tpcc plan, which runs tpcc alone", "[config][shape]") {
  auto plan = parse_two("workloads: [tpcc]\nwarehouses: [1, 2]\nthreads: [8]\n");
  REQUIRE(plan.has_value());
  CHECK(plan->table_sizes == std::vector<std::int64_t>{1, 2});
  CHECK(plan->warehouses == std::vector<std::int64_t>{1, 2});
  CHECK(expand_cells(*plan).size() == 2 * 2 * 2);  // servers x engines x warehouses
  auto sysbench = parse_two("workloads: [oltp_read_only]\nwarehouses: [3]\n");
  REQUIRE(sysbench.has_value());
  CHECK(sysbench->table_sizes == std::vector<std::int64_t>{10000});  // untouched
  CHECK(errors_two("workloads: [tpcc, oltp_read_only]\n") ==
        "m.yaml:3: workloads: tpcc runs in a plan of its own (its instances load TPC-C's tables "
        "by warehouses, the others sbtest by table_size); make a second matrix for it");
  auto warmed = parse_two("workloads: [tpcc]\nprewarm: true\n");  // TPC-C's nine tables
  REQUIRE(warmed.has_value());
  CHECK(warmed->prewarm);
  CHECK(errors_two("workloads: [tpcc]\nwarehouses: [0]\n").find("warehouses") !=
        std::string::npos);
}

TEST_CASE("tpcc_home, tpcc_mix, tpcc_checks: read into the plan, refused without tpcc",
          "[config][shape]") {
  namespace sb = versus::sysbench;
  auto plan = parse_two("workloads: [tpcc]\ntpcc_home: per_connection\ntpcc_mix: hammerdb\n"
                        "tpcc_checks: cheap\n");
  REQUIRE(plan.has_value());
  CHECK(plan->tpcc == sb::TpccOptions{sb::TpccHome::per_connection, sb::TpccMix::hammerdb,
                                      sb::TpccChecks::cheap});
  auto defaults = parse_two("workloads: [tpcc]\n");
  REQUIRE(defaults.has_value());
  CHECK(defaults->tpcc == sb::TpccOptions{});
  CHECK(errors_two("workloads: [oltp_read_only]\ntpcc_mix: hammerdb\n") ==
        "m.yaml:4: tpcc_mix: says how the tpcc workload runs, but no workload is tpcc; add tpcc "
        "to workloads or leave it out");
  CHECK(errors_two("workloads: [tpcc]\ntpcc_mix: hammerdbb\n").find("did you mean 'hammerdb'") !=
        std::string::npos);
}

TEST_CASE("read_duration, write_duration: a suite's reads and writes, each its own length",
          "[config][shape]") {
  auto plan = parse_two("suite: microbenchmarks\nduration: 10s\nread_duration: 600s\n"
                        "write_duration: 30m\nreads_after_writes: true\n");
  REQUIRE(plan.has_value());
  using std::chrono::milliseconds;
  using W = versus::sysbench::Workload;
  // As the published run: write-only takes the reads' length, insert its own (else the writes').
  auto is_write = [](W w) {
    return versus::sysbench::suite_group(w) == versus::sysbench::SuiteGroup::writes &&
           w != W::oltp_write_only;
  };
  for (const auto& c : expand_cells(*plan)) {
    const auto w = plan->workloads[c.workload];
    INFO(versus::config::workload_label(*plan, c.workload));
    CHECK(versus::config::run_length(*plan, c).duration ==
          (is_write(w) ? milliseconds(1'800'000) : milliseconds(600'000)));
  }
  auto only_reads = parse_two("suite: microbenchmarks\nduration: 10s\nread_duration: 20s\n");
  REQUIRE(only_reads.has_value());
  for (const auto& c : expand_cells(*only_reads)) {
    const auto w = only_reads->workloads[c.workload];
    CHECK(versus::config::run_length(*only_reads, c).duration ==
          (is_write(w) ? milliseconds(10'000) : milliseconds(20'000)));
  }
  auto insert = parse_two("suite: microbenchmarks\nwrite_duration: 30m\ninsert_duration: 5m\n");
  REQUIRE(insert.has_value());
  for (const auto& c : expand_cells(*insert)) {
    const auto w = insert->workloads[c.workload];
    if (w == W::oltp_insert)
      CHECK(versus::config::run_length(*insert, c).duration == milliseconds(300'000));
    if (w == W::oltp_delete)
      CHECK(versus::config::run_length(*insert, c).duration == milliseconds(1'800'000));
  }
  CHECK(errors_two("workloads: [oltp_insert]\ninsert_duration: 5m\n") ==
        "m.yaml:4: insert_duration: sets the measured interval of a suite's tests; add suite: "
        "microbenchmarks or use duration");
  CHECK(errors_two("suite: microbenchmarks\nwarm_duration: 10s\n") ==
        "m.yaml:4: warm_duration: sets the suite's warm-up passes, which run on a round's "
        "server; add suite: microbenchmarks and lifecycle: round or leave it out");
  CHECK(parse_two("suite: microbenchmarks\nlifecycle: round\nwarm_duration: 10s\n")
            ->warm_duration == milliseconds(10'000));
  CHECK(errors_two("workloads: [oltp_read_only]\nwrite_duration: 30m\n") ==
        "m.yaml:4: write_duration: sets the measured interval of a suite's tests; add suite: "
        "microbenchmarks or use duration");
}
