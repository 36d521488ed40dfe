// The scalar readers, one value each, as the option table's kinds say: what each accepts, what
// it stores, and the one problem it reports ("file:line: path: expected ..., got ...") for a
// value it refuses.
#include "config/reading/scalar_conversion.h"

#include <catch2/catch.hpp>
#include <string>

using namespace versus::config;
using std::chrono::milliseconds;

namespace {

// One reader's call on a YAML value, with the problems it reported ("" when none).
struct ScalarRead {
  Problems problems{"m.yaml"};
  ReadContext ctx{problems, "/tmp"};

  template <class Reader>
  auto operator()(Reader reader, Key key, const std::string& yaml) {
    return reader(option(key), YAML::Load(yaml), Where{"k", 2}, ctx);
  }
  std::string reported() const { return problems.empty() ? "" : problems.error().message; }
};

}  // namespace

TEST_CASE("scalar conversion: ASCII helpers", "[config][scalar_conversion]") {
  CHECK(is_alnum('a'));
  CHECK(is_alnum('Z'));
  CHECK(is_alnum('7'));
  CHECK_FALSE(is_alnum('_'));
  CHECK_FALSE(is_alnum('\xc3'));
  CHECK(lower("InnoDB_9") == "innodb_9");
  CHECK(lower("caf\xc3\x89") == "caf\xc3\x89");  // only ASCII letters change
  CHECK(breaks_line(std::string("a\nb")));
  CHECK(breaks_line(std::string("a\rb")));
  CHECK(breaks_line(std::string("a\0b", 3)));
  CHECK_FALSE(breaks_line("a b\tc"));
}

TEST_CASE("scalar conversion: anything but a scalar is reported as such",
          "[config][scalar_conversion]") {
  ScalarRead read;
  CHECK(scalar(YAML::Load("5"), "an integer", {"tables", 3}, read.ctx) == "5");
  CHECK_FALSE(scalar(YAML::Load("[5]"), "an integer", {"tables", 3}, read.ctx));
  CHECK_FALSE(scalar(YAML::Load("{a: 5}"), "an integer", {"tables", 4}, read.ctx));
  CHECK(read.reported() ==
        "m.yaml:3: tables: expected an integer, got a list\n"
        "m.yaml:4: tables: expected an integer, got a map");
}

TEST_CASE("scalar conversion: integers are decimal, within inclusive bounds",
          "[config][scalar_conversion]") {
  ScalarRead read;
  CHECK(read(to_integer, Key::tables, "1") == 1);
  CHECK(read(to_integer, Key::tables, "10000") == 10000);
  CHECK(read(to_integer, Key::seed, "4611686018427387903") == 4611686018427387903LL);
  CHECK(read(to_integer, Key::host_port, "'22'") == 22);  // a quoted number is its text
  CHECK(read.reported().empty());
  for (const char* bad :
       {"0", "10001", "-1", "1.5", "0x10", "1e3", "+1", "''", "99999999999999999999"}) {
    INFO(bad);
    ScalarRead refused;
    CHECK_FALSE(refused(to_integer, Key::tables, bad));
    CHECK_THAT(refused.reported(),
               Catch::StartsWith("m.yaml:2: k: expected an integer 1..10000, got '"));
  }
}

TEST_CASE("scalar conversion: percents with or without %", "[config][scalar_conversion]") {
  ScalarRead read;
  CHECK(read(to_percent, Key::server_cpu_quota, "95%") == 95);
  CHECK(read(to_percent, Key::server_cpu_quota, "95") == 95);
  CHECK(read(to_percent, Key::server_cpu_quota, "100%") == 100);
  CHECK_FALSE(read(to_percent, Key::server_cpu_quota, "0%"));
  CHECK_FALSE(read(to_percent, Key::server_cpu_quota, "95%%"));
  CHECK_FALSE(read(to_percent, Key::server_cpu_quota, "%"));
  CHECK_FALSE(read(to_percent, Key::server_cpu_quota, "9.5%"));
  CHECK_THAT(read.reported(),
             Catch::StartsWith("m.yaml:2: k: expected a percentage 1%..100%, got '0%'"));
}

TEST_CASE("scalar conversion: a count or auto, stored as 0", "[config][scalar_conversion]") {
  ScalarRead read;
  CHECK(read(to_count_or_auto, Key::repeats, "auto") == 0);
  CHECK(read(to_count_or_auto, Key::repeats, "3") == 3);
  CHECK(read.reported().empty());
  CHECK_FALSE(read(to_count_or_auto, Key::repeats, "0"));  // 0 is auto's, never a count
  CHECK_FALSE(read(to_count_or_auto, Key::repeats, "Auto"));
  CHECK(read.reported() ==
        "m.yaml:2: k: expected an integer 1..1000 or auto, got '0'\n"
        "m.yaml:2: k: expected an integer 1..1000 or auto, got 'Auto'");
}

TEST_CASE("scalar conversion: durations, and steady as -1 ms", "[config][scalar_conversion]") {
  ScalarRead read;
  CHECK(read(to_duration, Key::duration, "2m") == milliseconds{120'000});
  CHECK(read(to_duration_or_steady, Key::warmup, "500ms") == milliseconds{500});
  CHECK(read(to_duration_or_steady, Key::warmup, "steady") == milliseconds{-1});
  CHECK(read(to_duration_or_steady, Key::warmup, "0") == milliseconds{0});
  CHECK(read.reported().empty());
  CHECK_FALSE(read(to_duration, Key::duration, "steady"));  // only where the kind allows it
  CHECK_FALSE(read(to_duration_or_steady, Key::warmup, "169h"));
  CHECK_FALSE(read(to_duration_or_steady, Key::warmup, "[steady]"));
  const std::string reported = read.reported();
  CHECK_THAT(reported, Catch::Contains("got 'steady'") && Catch::Contains("got '169h'") &&
                           Catch::Contains("or steady, got a list"));
}

TEST_CASE("scalar conversion: names fit for paths", "[config][scalar_conversion]") {
  CHECK(is_name("a"));
  CHECK(is_name("mariadb-10.11_x"));
  CHECK(is_name("9.7"));
  CHECK(is_name(std::string(kMaxNameLength, 'n')));
  CHECK_FALSE(is_name(std::string(kMaxNameLength + 1, 'n')));
  for (const char* bad : {"", ".hidden", "-rf", "_x", "..", "a b", "a/b", "a$", "caf\xc3\xa9"})
    CHECK_FALSE(is_name(bad));
  ScalarRead read;
  CHECK(read(to_name, Key::server_name, "trunk") == "trunk");
  CHECK_FALSE(read(to_name, Key::server_name, "'../etc'"));
  CHECK_THAT(read.reported(), Catch::StartsWith("m.yaml:2: k: expected a name of 1..64 "
                                                "characters [A-Za-z0-9._-] starting with a "
                                                "letter or digit, got '../etc'"));
}

TEST_CASE("scalar conversion: ssh destinations are never options", "[config][scalar_conversion]") {
  for (const char* good : {"db1", "bench@db1.example.com", "10.0.0.2", "fe80::1", "user@h-1"})
    CHECK(is_ssh_destination(good));
  for (const char* bad : {"", "-oProxyCommand=x", "@db1", "user@", "a@b@c", "db 1", "db1;ls"})
    CHECK_FALSE(is_ssh_destination(bad));
  ScalarRead read;
  CHECK(read(to_ssh_destination, Key::host_ssh, "bench@db1") == "bench@db1");
  CHECK_FALSE(read(to_ssh_destination, Key::host_ssh, "-oX"));
  CHECK(read.reported() == "m.yaml:2: k: expected [user@]host of [A-Za-z0-9._:-], got '-oX'");
}

TEST_CASE("scalar conversion: host paths are absolute, plain, without ..",
          "[config][scalar_conversion]") {
  for (const char* good : {"/var/tmp/versus", "/opt/mariadb-11.8", "/a/..b", "/a/b/"})
    CHECK(is_host_path(good));
  for (const char* bad : {"", "/", "relative/path", "/a//b", "/a/../b", "/a/..", "/a b", "/a$b"})
    CHECK_FALSE(is_host_path(bad));
  ScalarRead read;
  CHECK(read(to_host_path, Key::host_workdir, "/srv/v") == "/srv/v");
  CHECK_FALSE(read(to_host_path, Key::host_workdir, "/srv/../etc"));
  CHECK_THAT(read.reported(), Catch::EndsWith("got '/srv/../etc'"));
}

TEST_CASE("scalar conversion: CPU lists, the empty text the empty list",
          "[config][scalar_conversion]") {
  ScalarRead read;
  CHECK(read(to_cpu_list, Key::client_cpus, "0-1,3") == std::vector<int>{0, 1, 3});
  CHECK(read(to_cpu_list, Key::client_cpus, "''") == std::vector<int>{});
  CHECK(read(to_cpu_list, Key::client_cpus, "2") == std::vector<int>{2});
  CHECK(read.reported().empty());
  CHECK_FALSE(read(to_cpu_list, Key::client_cpus, "1-0"));
  CHECK_FALSE(read(to_cpu_list, Key::client_cpus, "[0, 1]"));
  CHECK(read.reported() ==
        "m.yaml:2: k: expected a CPU list of CPU numbers 0..1023 and ranges a-b, comma-separated, "
        "got '1-0'\n"
        "m.yaml:2: k: expected a CPU list of CPU numbers 0..1023 and ranges a-b, comma-separated, "
        "got a list");
}

TEST_CASE("scalar conversion: booleans in any case, nothing else", "[config][scalar_conversion]") {
  ScalarRead read;
  CHECK(read(to_boolean, Key::prewarm, "true") == true);
  CHECK(read(to_boolean, Key::prewarm, "FALSE") == false);
  CHECK(read(to_boolean, Key::prewarm, "True") == true);
  CHECK(read.reported().empty());
  for (const char* bad : {"yes", "1", "on", "''"}) CHECK_FALSE(read(to_boolean, Key::prewarm, bad));
  CHECK_THAT(read.reported(), Catch::StartsWith("m.yaml:2: k: expected true or false, got 'yes'"));
}

TEST_CASE("scalar conversion: fractions strictly between 0 and 1", "[config][scalar_conversion]") {
  ScalarRead read;
  CHECK(read(to_fraction, Key::rand_pareto_h, "0.2") == Approx(0.2));
  CHECK(read(to_fraction, Key::rand_pareto_h, ".5") == Approx(0.5));
  CHECK(read(to_fraction, Key::rand_pareto_h, "1e-1") == Approx(0.1));
  CHECK(read.reported().empty());
  for (const char* bad : {"0", "1", "-0.5", "1.5", "nan", "inf", "0x0.8p0", "0.2x", "''"}) {
    INFO(bad);
    ScalarRead refused;
    CHECK_FALSE(refused(to_fraction, Key::rand_pareto_h, bad));
    CHECK_THAT(refused.reported(),
               Catch::StartsWith("m.yaml:2: k: expected a decimal number between 0 and 1 "
                                 "(exclusive), got '"));
  }
}
