// The matrix parser's errors: each names the file, line, key and what was expected; every
// problem of a file is reported, in line order.
#include <catch2/catch.hpp>
#include <string>

#include "matrix_parser_fixture.h"

using namespace versus::testing::matrix_parser;
using namespace std::chrono_literals;
using versus::config::parse_matrix_file;
using versus::sysbench::Workload;

TEST_CASE("error: unknown top-level key with did-you-mean", "[config][matrix_parser]") {
  CHECK(errors(kServer + "thread: [1]\n") ==
        "m.yaml:2: unknown key 'thread' (did you mean 'threads'?)");
  CHECK(errors(kServer + "Warmup: 5s\n") ==
        "m.yaml:2: unknown key 'Warmup' (did you mean 'warmup'?)");
  CHECK(errors(kServer + "tabels: 2\n") ==
        "m.yaml:2: unknown key 'tabels' (did you mean 'tables'?)");
}

TEST_CASE("error: unknown key without a close match", "[config][matrix_parser]") {
  CHECK(errors(kServer + "colour: blue\n") == "m.yaml:2: unknown key 'colour'");
}

TEST_CASE("error: unknown key inside servers[] and profiles[]", "[config][matrix_parser]") {
  CHECK(errors("servers: [{name: a, basdir: releases/a/usr}]\n") ==
        "m.yaml:1: servers[0]: unknown key 'basdir' (did you mean 'basedir'?)\n"
        "m.yaml:1: servers[0]: missing required key 'basedir' (in the file or with --server "
        "NAME=BASEDIR)");
  CHECK(errors(kServer + "profiles:\n  - name: p\n    option: {a: 1}\n") ==
        "m.yaml:4: profiles[0]: unknown key 'option' (did you mean 'options'?)");
}

TEST_CASE("error: key that is not a scalar", "[config][matrix_parser]") {
  CHECK(errors(kServer + "? [a]\n: 1\n") == "m.yaml:2: expected a key name, got a list");
}

TEST_CASE("error: duplicate key at top level", "[config][matrix_parser]") {
  CHECK(errors(kServer + "threads: [1]\ntables: 1\nthreads: [2]\n") ==
        "m.yaml:4: duplicate key 'threads' (first at line 2)");
}

TEST_CASE("error: duplicate key in a server and in options", "[config][matrix_parser]") {
  CHECK(errors("servers:\n  - name: a\n    basedir: releases/a/usr\n    name: b\n") ==
        "m.yaml:4: servers[0]: duplicate key 'name' (first at line 2)");
  CHECK(errors(kServer + "profiles: [{name: p, options: {x: 1, x: 2}}]\n") ==
        "m.yaml:2: profiles[0].options: duplicate key 'x' (first at line 2)");
}

TEST_CASE("error: missing servers", "[config][matrix_parser]") {
  CHECK(errors("\nthreads: [1]\n") == "m.yaml:2: missing required key 'servers'");
}

TEST_CASE("error: server without name and basedir", "[config][matrix_parser]") {
  CHECK(errors("servers:\n  - {}\n") ==
        "m.yaml:2: servers[0]: missing required key 'name'\n"
        "m.yaml:2: servers[0]: missing required key 'basedir' (in the file or with --server "
        "NAME=BASEDIR)");
}

TEST_CASE("error: servers empty, null, a map, a scalar", "[config][matrix_parser]") {
  CHECK(errors("servers: []\n") ==
        "m.yaml:1: servers: expected a non-empty list of server maps, got an empty list");
  CHECK(errors("servers:\n") ==
        "m.yaml:1: servers: expected a non-empty list of server maps, got null");
  CHECK(errors("servers: {name: a, basedir: releases/a/usr}\n") ==
        "m.yaml:1: servers: expected a non-empty list of server maps, got a map");
  CHECK(errors("servers: a\n") ==
        "m.yaml:1: servers: expected a non-empty list of server maps, got 'a'");
}

TEST_CASE("error: server entry that is not a map", "[config][matrix_parser]") {
  CHECK(errors("servers:\n  - a\n  - [b]\n") ==
        "m.yaml:2: servers[0]: expected a map with keys name, basedir, cpu_quota, files, options, "
        "host, host_basedir, data_from, got 'a'\n"
        "m.yaml:3: servers[1]: expected a map with keys name, basedir, cpu_quota, files, options, "
        "host, host_basedir, data_from, got a list");
}

TEST_CASE("error: duplicate server names", "[config][matrix_parser]") {
  CHECK(errors("servers:\n"
               "  - {name: a, basedir: releases/a/usr}\n"
               "  - {name: b, basedir: releases/b/usr}\n"
               "  - {name: a, basedir: releases/b/usr}\n") ==
        "m.yaml:4: servers[2].name: duplicate value 'a' (same as servers[0].name)");
}

TEST_CASE("error: duplicate profile names", "[config][matrix_parser]") {
  CHECK(errors(kServer + "profiles:\n  - name: p\n  - name: p\n") ==
        "m.yaml:4: profiles[1].name: duplicate value 'p' (same as profiles[0].name)");
}

TEST_CASE("error: names unfit for paths", "[config][matrix_parser]") {
  const std::string rule =
      "expected a name of 1..64 characters [A-Za-z0-9._-] starting with a letter or digit, got ";
  CHECK(errors("servers:\n"
               "  - {name: 'a b', basedir: releases/a/usr}\n"
               "  - {name: '../x', basedir: releases/a/usr}\n"
               "  - {name: '..', basedir: releases/a/usr}\n"
               "  - {name: -rf, basedir: releases/a/usr}\n"
               "  - {name: '', basedir: releases/a/usr}\n"
               "  - {name: " +
               std::string(65, 'x') +
               ", basedir: releases/a/usr}\n"
               "  - {name: [a], basedir: releases/a/usr}\n") ==
        "m.yaml:2: servers[0].name: " + rule + "'a b'\n" + "m.yaml:3: servers[1].name: " + rule +
            "'../x'\n" + "m.yaml:4: servers[2].name: " + rule + "'..'\n" +
            "m.yaml:5: servers[3].name: " + rule + "'-rf'\n" + "m.yaml:6: servers[4].name: " +
            rule + "''\n" + "m.yaml:7: servers[5].name: " + rule + "'" + std::string(60, 'x') +
            "...'\n" + "m.yaml:8: servers[6].name: " + rule + "a list");
  CHECK(good("servers: [{name: " + std::string(64, 'x') + ", basedir: releases/a/usr}]")
            .servers[0]
            .name.size() == 64);
}

TEST_CASE("error: basedir does not exist", "[config][matrix_parser]") {
  CHECK(errors("servers:\n  - name: a\n    basedir: releases/nope\n") ==
        "m.yaml:3: servers[0].basedir: expected the path of an existing directory, got "
        "'releases/nope' (" +
            root() + "/releases/nope: does not exist)");
}

TEST_CASE("error: basedir is a file, empty, or has a newline", "[config][matrix_parser]") {
  CHECK(errors("servers:\n"
               "  - {name: a, basedir: plain_file}\n"
               "  - {name: b, basedir: ''}\n"
               "  - {name: c, basedir: \"releases\\na\"}\n"
               "  - {name: d, basedir: }\n") ==
        "m.yaml:2: servers[0].basedir: expected the path of an existing directory, got "
        "'plain_file' (" +
            root() +
            "/plain_file: is not a directory)\n"
            "m.yaml:3: servers[1].basedir: expected the path of an existing directory, got ''\n"
            "m.yaml:4: servers[2].basedir: expected the path of an existing directory, got "
            "'releases\\na'\n"
            "m.yaml:5: servers[3].basedir: expected the path of an existing directory, got null");
}

TEST_CASE("error: profile files missing or not regular", "[config][matrix_parser]") {
  CHECK(errors(kServer + "profiles:\n  - name: p\n    files:\n      - profiles/nope.cnf\n"
                         "      - profiles\n") ==
        "m.yaml:5: profiles[0].files[0]: expected the path of an existing regular file, got "
        "'profiles/nope.cnf' (" +
            root() +
            "/profiles/nope.cnf: does not exist)\n"
            "m.yaml:6: profiles[0].files[1]: expected the path of an existing regular file, got "
            "'profiles' (" +
            root() + "/profiles: is a directory)");
}

TEST_CASE("error: profile files is a map", "[config][matrix_parser]") {
  CHECK(errors(kServer + "profiles: [{name: p, files: {a: b}}]\n") ==
        "m.yaml:2: profiles[0].files: expected a list of paths of existing regular files, got "
        "a map");
}

TEST_CASE("error: options not a map", "[config][matrix_parser]") {
  CHECK(errors(kServer + "profiles: [{name: p, options: [a=1]}]\n") ==
        "m.yaml:2: profiles[0].options: expected a map of my.cnf option names to values, got "
        "a list");
}

TEST_CASE("error: option names and values that would break my.cnf", "[config][matrix_parser]") {
  CHECK(errors(kServer + "profiles:\n"
                         "  - name: p\n"
                         "    options:\n"
                         "      'bad name': 1\n"
                         "      'x=y': 1\n"
                         "      inject: \"1\\n[client]\"\n"
                         "      cr: \"1\\r\"\n"
                         "      nul: \"a\\0b\"\n"
                         "      flag:\n"
                         "      nested: {a: 1}\n") ==
        "m.yaml:5: profiles[0].options: expected a my.cnf option name [A-Za-z0-9_-], got "
        "'bad name'\n"
        "m.yaml:6: profiles[0].options: expected a my.cnf option name [A-Za-z0-9_-], got 'x=y'\n"
        "m.yaml:7: profiles[0].options.inject: expected a one-line scalar value (no newline, "
        "carriage return or NUL), got '1\\n[client]'\n"
        "m.yaml:8: profiles[0].options.cr: expected a one-line scalar value (no newline, "
        "carriage return or NUL), got '1\\r'\n"
        "m.yaml:9: profiles[0].options.nul: expected a one-line scalar value (no newline, "
        "carriage return or NUL), got 'a\\x00b'\n"
        "m.yaml:10: profiles[0].options.flag: expected a one-line scalar value (no newline, "
        "carriage return or NUL), got null\n"
        "m.yaml:11: profiles[0].options.nested: expected a one-line scalar value (no newline, "
        "carriage return or NUL), got a map");
}

TEST_CASE("error: thread counts that are not integers 1..10000", "[config][matrix_parser]") {
  const std::string e = "expected an integer 1..10000, got ";
  CHECK(errors(kServer + "threads: [1, abc, 1.5, 0, -3, 10001, 99999999999999999999, 0x10, [2], "
                         "{a: 1}, '', ~]\n") ==
        "m.yaml:2: threads[1]: " + e + "'abc'\n" + "m.yaml:2: threads[2]: " + e + "'1.5'\n" +
            "m.yaml:2: threads[3]: " + e + "'0'\n" + "m.yaml:2: threads[4]: " + e + "'-3'\n" +
            "m.yaml:2: threads[5]: " + e + "'10001'\n" + "m.yaml:2: threads[6]: " + e +
            "'99999999999999999999'\n" + "m.yaml:2: threads[7]: " + e + "'0x10'\n" +
            "m.yaml:2: threads[8]: " + e + "a list\n" + "m.yaml:2: threads[9]: " + e + "a map\n" +
            "m.yaml:2: threads[10]: " + e + "''\n" + "m.yaml:2: threads[11]: " + e + "null");
}

TEST_CASE("error: duplicate thread counts", "[config][matrix_parser]") {
  CHECK(errors(kServer + "threads:\n  - 4\n  - 8\n  - 4\n") ==
        "m.yaml:5: threads[2]: duplicate value '4' (same as threads[0])");
}

TEST_CASE("error: threads empty, a map, a scalar out of range", "[config][matrix_parser]") {
  const std::string e = "threads: expected a non-empty list of distinct integers 1..10000, got ";
  CHECK(errors(kServer + "threads: []\n") == "m.yaml:2: " + e + "an empty list");
  CHECK(errors(kServer + "threads: {a: 1}\n") == "m.yaml:2: " + e + "a map");
  CHECK(errors(kServer + "threads: 0\n") ==
        "m.yaml:2: threads: expected an integer 1..10000, got '0'");
}

TEST_CASE("error: counts out of range or of the wrong type", "[config][matrix_parser]") {
  CHECK(errors(kServer + "tables: 0\ntable_size: 1000000001\nrepeats: 1001\nmax_requests: -1\n") ==
        "m.yaml:2: tables: expected an integer 1..10000, got '0'\n"
        "m.yaml:3: table_size: expected an integer 1..1000000000, got '1000000001'\n"
        "m.yaml:4: repeats: expected an integer 1..1000 or auto, got '1001'\n"
        "m.yaml:5: max_requests: expected an integer 0..1000000000000, got '-1'");
  CHECK(errors(kServer + "tables: [1]\nrepeats: two\nmax_requests: 1e3\n") ==
        "m.yaml:2: tables: expected an integer 1..10000, got a list\n"
        "m.yaml:3: repeats: expected an integer 1..1000 or auto, got 'two'\n"
        "m.yaml:4: max_requests: expected an integer 0..1000000000000, got '1e3'");
}

TEST_CASE("error: malformed or out-of-range durations", "[config][matrix_parser]") {
  const std::string syntax = " (like 500ms, 5s, 2m, 1h, or integer seconds), got ";
  // warmup also takes the word steady.
  const std::string or_steady = " (like 500ms, 5s, 2m, 1h, or integer seconds) or steady, got ";
  CHECK(errors(kServer +
               "warmup: -5s\nduration: 0\nstartup_timeout: 5 s\nshutdown_timeout: 1.5s\n") ==
        "m.yaml:2: warmup: expected a duration 0s..168h" + or_steady + "'-5s'\n" +
            "m.yaml:3: duration: expected a duration 1ms..168h" + syntax + "'0'\n" +
            "m.yaml:4: startup_timeout: expected a duration 1ms..168h" + syntax + "'5 s'\n" +
            "m.yaml:5: shutdown_timeout: expected a duration 1ms..168h" + syntax + "'1.5s'");
  CHECK(errors(kServer + "duration: 2d\nwarmup: 169h\n") ==
        "m.yaml:2: duration: expected a duration 1ms..168h" + syntax + "'2d'\n" +
            "m.yaml:3: warmup: expected a duration 0s..168h" + or_steady + "'169h'");
  CHECK(errors(kServer + "duration: 99999999999999999999h\nwarmup:\n") ==
        "m.yaml:2: duration: expected a duration 1ms..168h" + syntax + "'99999999999999999999h'\n" +
            "m.yaml:3: warmup: expected a duration 0s..168h" + or_steady + "null");
}

TEST_CASE("error: unknown engine lists allowed values and suggests", "[config][matrix_parser]") {
  CHECK(errors(kServer + "engines: [inodb, tokudb]\n") ==
        "m.yaml:2: engines[0]: expected one of innodb, myisam, aria, rocksdb, memory, got "
        "'inodb' (did you mean 'innodb'?)\n"
        "m.yaml:2: engines[1]: expected one of innodb, myisam, aria, rocksdb, memory, got "
        "'tokudb'");
}

namespace {
// Every built-in workload's name in declaration order (workload_test.cpp checks the names).
std::string all_workload_names() {
  std::string out;
  for (auto name : versus::sysbench::workload_names())
    out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}
}  // namespace

TEST_CASE("error: unknown workload lists allowed values and suggests", "[config][matrix_parser]") {
  CHECK(errors(kServer + "workloads: oltp_read_wirte\n") ==
        "m.yaml:2: workloads: expected one of " + all_workload_names() +
            ", got 'oltp_read_wirte' (did you mean 'oltp_read_write'?)");
}

TEST_CASE("error: duplicate engines compare case-insensitively", "[config][matrix_parser]") {
  CHECK(errors(kServer + "engines: [InnoDB, innodb]\nworkloads: []\n") ==
        "m.yaml:2: engines[1]: duplicate value 'innodb' (same as engines[0])\n"
        "m.yaml:3: workloads: expected a non-empty list of: " +
            all_workload_names() + ", got an empty list");
}

TEST_CASE("error: every problem is reported, in line order", "[config][matrix_parser]") {
  const std::string message = errors(
      "servers:\n"
      "  - {name: a, basedir: releases/nope}\n"
      "  - {name: a, basedir: releases/b/usr}\n"
      "thread: 4\n"
      "engines: [innodb, inodb]\n"
      "threads: [0]\n"
      "repeats: 0\n"
      "profiles: [{name: p p}]\n");
  CHECK(message ==
        "m.yaml:2: servers[0].basedir: expected the path of an existing directory, got "
        "'releases/nope' (" +
            root() +
            "/releases/nope: does not exist)\n"
            "m.yaml:3: servers[1].name: duplicate value 'a' (same as servers[0].name)\n"
            "m.yaml:4: unknown key 'thread' (did you mean 'threads'?)\n"
            "m.yaml:5: engines[1]: expected one of innodb, myisam, aria, rocksdb, memory, got "
            "'inodb' (did you mean 'innodb'?)\n"
            "m.yaml:6: threads[0]: expected an integer 1..10000, got '0'\n"
            "m.yaml:7: repeats: expected an integer 1..1000 or auto, got '0'\n"
            "m.yaml:8: profiles[0].name: expected a name of 1..64 characters [A-Za-z0-9._-] "
            "starting with a letter or digit, got 'p p'");
}

TEST_CASE("error: aliases and recursive anchors do not hang", "[config][matrix_parser]") {
  CHECK(errors("servers: &a [*a]\n") ==
        "m.yaml:1: servers[0]: expected a map with keys name, basedir, cpu_quota, files, options, "
        "host, host_basedir, data_from, got a list");
  CHECK(errors("&a {servers: *a}\n") ==
        "m.yaml:1: servers: expected a non-empty list of server maps, got a map");
  const Plan plan = good(kServer +
                         "profiles:\n"
                         "  - {name: p, files: &f [profiles/ps-on.cnf]}\n"
                         "  - {name: q, files: *f}\n");
  CHECK(plan.profiles[1].files == plan.profiles[0].files);
}

TEST_CASE("error: missing or unreadable file", "[config][matrix_parser]") {
  auto missing = parse_matrix_file(tree().root / "nope.yaml");
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().message == root() + "/nope.yaml: cannot read: No such file or directory");
  auto directory = parse_matrix_file(tree().root / "profiles");
  REQUIRE_FALSE(directory.has_value());
  CHECK(directory.error().message == root() + "/profiles: cannot read: Is a directory");
}

TEST_CASE("error: a file's errors name the file as given", "[config][matrix_parser]") {
  const fs::path file = tree().root / "bad.yaml";
  std::ofstream(file) << kServer << "threads: [0]\n";
  in_directory(tree().root, [&] {
    auto plan = parse_matrix_file(file);
    REQUIRE_FALSE(plan.has_value());
    CHECK(plan.error().message ==
          file.string() + ":2: threads[0]: expected an integer 1..10000, got '0'");
  });
  fs::remove(file);
}

TEST_CASE("explain: settings and explain_budget: read, and refused where no split can run",
          "[config][matrix_parser]") {
  const std::string two =
      "servers: [{name: a, basedir: releases/a/usr}, {name: b, basedir: releases/b/usr}]\n";
  auto plan = parse(two + "explain: settings\nexplain_budget: 30m\n");
  REQUIRE(plan);
  CHECK(plan->explain_settings);
  CHECK(plan->explain_budget == 30min);
  CHECK_FALSE(parse(two)->explain_settings);  // none by default
  CHECK(errors(kServer + "explain: settings\n") ==
        "m.yaml:2: explain: settings splits a column's gap to the baseline column (servers[0]), "
        "but there is one server; add the release to compare with");
  CHECK(errors(two + "explain: settings\nlifecycle: server\nestimate: independent\n") ==
        "m.yaml:2: explain: settings needs rounds that pair the variants with the column, but "
        "lifecycle: server runs each server's cells back to back; use lifecycle: cell or round");
  CHECK(errors(two + "explain_budget: 1h\n") ==
        "m.yaml:2: explain_budget: caps the second runs of explain: settings, but explain is "
        "none; set explain: settings or leave it out");
  CHECK(errors(two + "explain: setting\n").find("m.yaml:2: explain: ") == 0);
}
