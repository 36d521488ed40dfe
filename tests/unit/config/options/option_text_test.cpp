// The texts derived from an option's spec: the "expected ..." half of an error message, the
// allowed and default columns of --help and docs/config.md, and the names of levels and kinds.
#include <catch2/catch.hpp>

#include "config/options/option_table.h"

using namespace versus::config;

TEST_CASE("option text: ranges of integers and durations only", "[config][option_text]") {
  CHECK(range_text(option(Key::tables)) == "1..10000");
  CHECK(range_text(option(Key::threads)) == "1..10000");
  CHECK(range_text(option(Key::repeats)) == "1..1000");
  CHECK(range_text(option(Key::warmup)) == "0s..168h");
  CHECK(range_text(option(Key::duration)) == "1ms..168h");
  CHECK(range_text(option(Key::server_cpu_quota)).empty());  // a percent says its own
  CHECK(range_text(option(Key::engines)).empty());
  CHECK(range_text(option(Key::prewarm)).empty());
}

TEST_CASE("option text: what a value is expected to be, per kind", "[config][option_text]") {
  CHECK(expected_text(option(Key::tables)) == "an integer 1..10000");
  CHECK(expected_text(option(Key::threads)) == "a non-empty list of distinct integers 1..10000");
  CHECK(expected_text(option(Key::repeats)) == "an integer 1..1000 or auto");
  CHECK(expected_text(option(Key::warmup)) ==
        "a duration 0s..168h (like 500ms, 5s, 2m, 1h, or integer seconds) or steady");
  CHECK(expected_text(option(Key::duration)) ==
        "a duration 1ms..168h (like 500ms, 5s, 2m, 1h, or integer seconds)");
  CHECK(expected_text(option(Key::server_cpu_quota)) == "a percentage 1%..100%");
  CHECK(expected_text(option(Key::transport)) == "one of socket, tcp");
  CHECK(expected_text(option(Key::engines)) ==
        "a non-empty list of: innodb, myisam, aria, rocksdb, memory");
  CHECK(expected_text(option(Key::prewarm)) == "true or false");
  CHECK(expected_text(option(Key::rand_pareto_h)) ==
        "a decimal number between 0 and 1 (exclusive)");
  CHECK(expected_text(option(Key::server_basedir)) == "the path of an existing directory");
  CHECK(expected_text(option(Key::host_identity)) == "the path of an existing regular file");
  CHECK(expected_text(option(Key::host_workdir)) ==
        "an absolute path of [A-Za-z0-9/._-] without \"..\"");
  CHECK(expected_text(option(Key::exclude)) == "a list of exclude maps");
  CHECK(expected_text(option(Key::servers)) == "a non-empty list of server maps");
}

TEST_CASE("option text: what one item of a list is expected to be", "[config][option_text]") {
  CHECK(item_expected_text(option(Key::threads)) == "an integer 1..10000");
  CHECK(item_expected_text(option(Key::engines)) == "one of innodb, myisam, aria, rocksdb, memory");
  CHECK(item_expected_text(option(Key::profile_files)) == "the path of an existing regular file");
  CHECK(item_expected_text(option(Key::servers)) ==
        "a map with keys name, basedir, cpu_quota, files, options, host, host_basedir, data_from");
  CHECK(item_expected_text(option(Key::profiles)) ==
        "a map with keys name, files, options, equalize");
  CHECK(item_expected_text(option(Key::exclude)) ==
        "a map of some of server, profile, engine, workload, threads, table_size");
  CHECK(item_expected_text(option(Key::include)) ==
        "a map of some of server, profile, engine, workload, threads, table_size, duration, "
        "max_requests, warmup");
  CHECK(item_expected_text(option(Key::hosts)) ==
        "a map with keys name, ssh, port, identity, known_hosts, workdir, address");
  // A scalar kind's item is the value itself.
  CHECK(item_expected_text(option(Key::tables)) == expected_text(option(Key::tables)));
}

TEST_CASE("option text: the docs' allowed column", "[config][option_text]") {
  CHECK(allowed_text(option(Key::threads)) == "1..10000, distinct");
  CHECK(allowed_text(option(Key::engines)) == "innodb, myisam, aria, rocksdb, memory (distinct)");
  CHECK(allowed_text(option(Key::transport)) == "socket, tcp");
  CHECK(allowed_text(option(Key::repeats)) == "1..1000, auto");
  CHECK(allowed_text(option(Key::warmup)) == "0s..168h, steady");
  CHECK(allowed_text(option(Key::server_cpu_quota)) == "1%..100%");
  CHECK(allowed_text(option(Key::client_cpus)) ==
        "CPU numbers 0..1023 and ranges a-b, comma-separated");
  CHECK(allowed_text(option(Key::server_name)) ==
        "1..64 characters [A-Za-z0-9._-] starting with a letter or digit");
  CHECK(allowed_text(option(Key::servers)) == "see servers[]");
  CHECK(allowed_text(option(Key::include)) == "see include[]");
  CHECK(allowed_text(option(Key::rand_pareto_h)) == "0 < value < 1");
}

TEST_CASE("option text: the docs' default column", "[config][option_text]") {
  CHECK(default_text(option(Key::servers)) == "required");
  CHECK(default_text(option(Key::warmup)) == "5s");
  CHECK(default_text(option(Key::engines)) == "[innodb]");
  CHECK(default_text(option(Key::exclude_threads)) == "any");  // no default: its note
  CHECK(default_text(option(Key::table_charset)) == "the server's own (its character_set_server)");
}

TEST_CASE("option text: level titles and kind names", "[config][option_text]") {
  CHECK(level_title(Level::top) == "top level");
  CHECK(level_title(Level::server) == "servers[]");
  CHECK(level_title(Level::profile) == "profiles[]");
  CHECK(level_title(Level::exclude) == "exclude[]");
  CHECK(level_title(Level::include) == "include[]");
  CHECK(level_title(Level::host) == "hosts[]");
  CHECK(kind_name(Kind::integer_list) == "integer list");
  CHECK(kind_name(Kind::count_or_auto) == "integer or auto");
  CHECK(kind_name(Kind::duration_or_steady) == "duration or steady");
  CHECK(kind_name(Kind::exclude_list) == "list of maps");
  CHECK(kind_name(Kind::ssh_destination) == "host");
  CHECK(kind_name(Kind::fraction) == "number");
}
