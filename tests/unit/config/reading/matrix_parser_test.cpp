#include "config/reading/matrix_parser.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "matrix_parser_fixture.h"

using namespace versus::testing::matrix_parser;
using namespace std::chrono_literals;
using versus::config::parse_matrix_file;
using versus::sysbench::Workload;

// ---------------------------------------------------------------------------------------------
// Good files.

TEST_CASE("full matrix: every Plan field", "[config][matrix_parser]") {
  const Plan plan = good(
      "servers:                         # line 1\n"
      "  - { name: mariadb-10.11.18, basedir: releases/a/usr }\n"
      "  - name: mariadb-10.11.19\n"
      "    basedir: releases/b/usr\n"
      "profiles:\n"
      "  - { name: ps-off, files: [profiles/ps-off.cnf] }\n"
      "  - name: ps-on\n"
      "    files: [profiles/ps-on.cnf, 'profiles/with space.cnf']\n"
      "    options: { innodb_buffer_pool_size: 256M, performance_schema: 'ON', a-b: \"x y\" }\n"
      "engines: [innodb, MyISAM]\n"
      "workloads: [oltp_read_only, oltp_point_select]\n"
      "threads: [1, 4, 16]\n"
      "tables: 3\n"
      "table_size: 5000\n"
      "warmup: 500ms\n"
      "duration: 2m\n"
      "max_requests: 1000\n"
      "repeats: 3\n"
      "startup_timeout: 90\n"
      "shutdown_timeout: 1h\n");
  CHECK(plan.source == "m.yaml");
  REQUIRE(plan.servers.size() == 2);
  CHECK(plan.servers[0].name == "mariadb-10.11.18");
  CHECK(plan.servers[0].basedir == tree().root / "releases/a/usr");
  CHECK(plan.servers[0].line == 2);
  CHECK(plan.servers[1].name == "mariadb-10.11.19");
  CHECK(plan.servers[1].basedir == tree().root / "releases/b/usr");
  CHECK(plan.servers[1].line == 4);  // the line of basedir
  REQUIRE(plan.profiles.size() == 2);
  CHECK(plan.profiles[0].name == "ps-off");
  CHECK(plan.profiles[0].files == std::vector<fs::path>{tree().root / "profiles/ps-off.cnf"});
  CHECK(plan.profiles[0].options.empty());
  CHECK(plan.profiles[0].line == 6);
  CHECK(plan.profiles[1].name == "ps-on");
  CHECK(plan.profiles[1].files == std::vector<fs::path>{tree().root / "profiles/ps-on.cnf",
                                                        tree().root / "profiles/with space.cnf"});
  using Options = std::vector<std::pair<std::string, std::string>>;
  CHECK(plan.profiles[1].options ==
        Options{{"innodb_buffer_pool_size", "256M"}, {"performance_schema", "ON"}, {"a-b", "x y"}});
  CHECK(plan.profiles[1].line == 7);
  CHECK(plan.engines == std::vector<std::string>{"innodb", "myisam"});
  CHECK(plan.workloads ==
        std::vector<Workload>{Workload::oltp_read_only, Workload::oltp_point_select});
  CHECK(plan.threads == std::vector<int>{1, 4, 16});
  CHECK(plan.tables == 3);
  CHECK(plan.table_sizes == std::vector<std::int64_t>{5000});
  CHECK(plan.warmup == 500ms);
  CHECK(plan.duration == 2min);
  CHECK(plan.max_requests == 1000);
  CHECK(plan.repeats == 3);
  CHECK(plan.startup_timeout == 90s);
  CHECK(plan.shutdown_timeout == 1h);
}

TEST_CASE("minimal matrix: defaults from the table", "[config][matrix_parser]") {
  const Plan plan = good(kServer);
  REQUIRE(plan.servers.size() == 1);
  REQUIRE(plan.profiles.size() == 1);
  CHECK(plan.profiles[0].name == "default");
  CHECK(plan.profiles[0].files.empty());
  CHECK(plan.profiles[0].options.empty());
  CHECK(plan.profiles[0].line == 0);
  CHECK(plan.engines == std::vector<std::string>{"innodb"});
  CHECK(plan.workloads == std::vector<Workload>{Workload::oltp_read_write});
  CHECK(plan.threads == std::vector<int>{1});
  CHECK(plan.tables == 1);
  CHECK(plan.table_sizes == std::vector<std::int64_t>{10000});
  CHECK(plan.warmup == 5s);
  CHECK(plan.duration == 60s);
  CHECK(plan.max_requests == 0);
  CHECK(plan.repeats == 1);
  CHECK(plan.startup_timeout == 60s);
  CHECK(plan.shutdown_timeout == 60s);
}

TEST_CASE("duration and max_requests", "[config][matrix_parser]") {
  SECTION("max_requests alone: no time limit") {
    const Plan plan = good(kServer + "max_requests: 500\n");
    CHECK(plan.max_requests == 500);
    CHECK(plan.duration == 0ms);
  }
  SECTION("max_requests 0 alone: the duration default still applies") {
    const Plan plan = good(kServer + "max_requests: 0\n");
    CHECK(plan.max_requests == 0);
    CHECK(plan.duration == 60s);
  }
  SECTION("both: both kept, whichever comes first") {
    const Plan plan = good(kServer + "max_requests: 500\nduration: 20s\n");
    CHECK(plan.max_requests == 500);
    CHECK(plan.duration == 20s);
  }
  SECTION("duration alone") {
    const Plan plan = good(kServer + "duration: 20s\n");
    CHECK(plan.max_requests == 0);
    CHECK(plan.duration == 20s);
  }
  SECTION("warmup may be 0") {
    CHECK(good(kServer + "warmup: 0\n").warmup == 0ms);
  }
}

TEST_CASE("a single scalar is a one-item list", "[config][matrix_parser]") {
  const Plan plan = good(kServer +
                         "engines: Aria\nworkloads: oltp_insert\nthreads: 8\n"
                         "profiles: [{name: p, files: profiles/ps-on.cnf}]\n");
  CHECK(plan.engines == std::vector<std::string>{"aria"});
  CHECK(plan.workloads == std::vector<Workload>{Workload::oltp_insert});
  CHECK(plan.threads == std::vector<int>{8});
  CHECK(plan.profiles[0].files == std::vector<fs::path>{tree().root / "profiles/ps-on.cnf"});
}

TEST_CASE("paths: resolution, normalization, odd characters", "[config][matrix_parser]") {
  const std::string odd = Tree::kOdd;
  SECTION("relative paths resolve against base_dir and are normalized") {
    const Plan plan = good("servers: [{name: a, basedir: ./releases/b/../a/usr/}]\n");
    CHECK(plan.servers[0].basedir == tree().root / "releases/a/usr");
  }
  SECTION("absolute paths are kept (normalized)") {
    const Plan plan = good("servers: [{name: a, basedir: '" + root() + "//releases/a/usr/.'}]\n");
    CHECK(plan.servers[0].basedir == tree().root / "releases/a/usr");
  }
  SECTION("spaces, $, `, ;, quotes are kept as-is") {
    const Plan plan = good(
        "servers:\n"
        "  - name: odd\n"
        "    basedir: \"odd dir $;`'\\\" x/usr\"\n"
        "profiles:\n"
        "  - name: p\n"
        "    files: [profiles/with space.cnf]\n");
    CHECK(plan.servers[0].basedir == tree().root / odd / "usr");
    CHECK(plan.servers[0].basedir.string().find("$;`'\"") != std::string::npos);
    CHECK(plan.profiles[0].files[0] == tree().root / "profiles/with space.cnf");
  }
  SECTION("a relative base_dir is made absolute") {
    in_directory(tree().root / "releases", [] {
      auto plan = parse_matrix_text("servers: [{name: a, basedir: a/usr}]", "x", ".");
      REQUIRE(plan.has_value());
      CHECK(plan->servers[0].basedir == tree().root / "releases/a/usr");
    });
  }
}

TEST_CASE("parse_matrix_file: relative paths resolve against the working directory",
          "[config][matrix_parser]") {
  const fs::path file = tree().root / "profiles/matrix.yaml";
  std::ofstream(file) << "servers:\n  - name: a\n    basedir: releases/a/usr\n";
  in_directory(tree().root, [&] {
    auto plan = parse_matrix_file("profiles/matrix.yaml");
    REQUIRE(plan.has_value());
    CHECK(plan->source == "profiles/matrix.yaml");
    CHECK(plan->servers[0].basedir == tree().root / "releases/a/usr");
    CHECK(plan->servers[0].line == 3);
  });
  in_directory(tree().root / "profiles", [] {
    auto plan = parse_matrix_file("matrix.yaml");  // releases/ is not under profiles/
    REQUIRE_FALSE(plan.has_value());
    CHECK(plan.error().message.rfind("matrix.yaml:3: servers[0].basedir: expected", 0) == 0);
  });
  fs::remove(file);
}

TEST_CASE("option values are kept as written, in file order", "[config][matrix_parser]") {
  const Plan plan = good(kServer +
                         "profiles:\n"
                         "  - name: p\n"
                         "    options:\n"
                         "      z_last_alpha: true\n"
                         "      a_first_alpha: 0\n"
                         "      empty: ''\n"
                         "      spaced: \"a b; $x\"\n");
  using Options = std::vector<std::pair<std::string, std::string>>;
  CHECK(plan.profiles[0].options == Options{{"z_last_alpha", "true"},
                                            {"a_first_alpha", "0"},
                                            {"empty", ""},
                                            {"spaced", "a b; $x"}});
}

TEST_CASE("CRLF line endings and block style", "[config][matrix_parser]") {
  const Plan plan = good(
      "servers:\r\n  - name: a\r\n    basedir: releases/a/usr\r\nthreads:\r\n"
      "  - 2\r\n  - 3\r\n");
  CHECK(plan.servers[0].basedir == tree().root / "releases/a/usr");
  CHECK(plan.threads == std::vector<int>{2, 3});
}

TEST_CASE("upper bounds are inclusive", "[config][matrix_parser]") {
  const Plan plan = good(kServer +
                         "threads: [10000]\ntables: 10000\ntable_size: 1000000000\nrepeats: 1000\n"
                         "max_requests: 1000000000000\nduration: 168h\n");
  CHECK(plan.threads == std::vector<int>{10000});
  CHECK(plan.table_sizes == std::vector<std::int64_t>{1'000'000'000});
  CHECK(plan.max_requests == 1'000'000'000'000ULL);
  CHECK(plan.duration == 168h);
}

// ---------------------------------------------------------------------------------------------
// Malformed files: one problem per line, every problem, exact text.

TEST_CASE("rate: a fixed arrival rate, 0 (closed loop) by default", "[config][matrix_parser]") {
  CHECK(good(kServer).rate == 0);
  CHECK(good(kServer + "rate: 250\n").rate == 250);
  CHECK_THAT(errors(kServer + "rate: -5\n"), Catch::Contains("m.yaml:2: rate"));
  CHECK_THAT(errors(kServer + "rate: fast\n"), Catch::Contains("m.yaml:2: rate"));
}
