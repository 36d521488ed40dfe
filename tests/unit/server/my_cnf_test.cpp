#include "server/my_cnf.h"

#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "server/datadir.h"
#include "shared/files.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using versus::server::check_inside;
using versus::server::CnfFragment;
using versus::server::Flavour;
using versus::server::InstancePaths;
using versus::server::MyCnfInput;
using versus::server::normalize_option_name;
using versus::server::quote_option_value;
using versus::server::Release;
using versus::server::render_my_cnf;

namespace {

using versus::testing::has_line;
using versus::testing::TempDir;

Release release(Flavour f, int major, int minor, int patch, bool with_dirs = true) {
  Release r;
  r.basedir = "/opt/rel";
  r.server_binary = "/opt/rel/bin/mysqld";
  r.mysqld_safe = "/opt/rel/bin/mysqld_safe";
  r.info = {f, {major, minor, patch}, ""};
  if (with_dirs) {
    r.messages_dir = "/opt/rel/share";
    r.plugin_dir = "/opt/rel/lib/plugin";
  }
  return r;
}

MyCnfInput input(Release r, bool as_root = false) {
  MyCnfInput in;
  in.release = std::move(r);
  in.paths = InstancePaths::under("/runs/r1/a", 3307);
  in.as_root = as_root;
  in.title = "a / default";
  return in;
}

std::string render_ok(const MyCnfInput& in) {
  auto out = render_my_cnf(in);
  if (!out) FAIL("render_my_cnf failed: " << out.error().message);
  return *out;
}

std::string render_error(const MyCnfInput& in) {
  auto out = render_my_cnf(in);
  if (out) FAIL("render_my_cnf accepted what it should refuse:\n" << *out);
  return out.error().message;
}

std::size_t pos_of_line(const std::string& text, const std::string& line) {
  auto p = ("\n" + text).find("\n" + line + "\n");
  return p;  // position in text (the added "\n" shifts by one, matching the line start)
}

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto p = text.find(needle); p != std::string::npos; p = text.find(needle, p + 1)) ++n;
  return n;
}

MyCnfInput with_fragment(const std::string& source, const std::string& text) {
  auto in = input(release(Flavour::mariadb, 10, 11, 19));
  in.fragments.push_back({source, text});
  return in;
}

MyCnfInput with_option(const std::string& name, const std::string& value) {
  auto in = input(release(Flavour::mariadb, 10, 11, 19));
  in.options.emplace_back(name, value);
  return in;
}

}  // namespace

TEST_CASE("render_my_cnf: the base pins every path of the instance", "[server][my_cnf]") {
  const auto text = render_ok(input(release(Flavour::mariadb, 10, 11, 19)));
  const auto mysqld = pos_of_line(text, "[mysqld]");
  REQUIRE(mysqld != std::string::npos);
  CHECK(pos_of_line(text, "[client]") < mysqld);
  for (const std::string line :
       {"basedir=/opt/rel", "datadir=/runs/r1/a/data", "port=3307", "socket=/runs/r1/a/sock",
        "pid-file=/runs/r1/a/mysqld.pid", "log-error=/runs/r1/a/error.log", "tmpdir=/runs/r1/a/tmp",
        "bind-address=127.0.0.1"}) {
    INFO(line);
    auto p = text.find("\n" + line + "\n", mysqld);
    CHECK(p != std::string::npos);
  }
  // The client section points at the same instance.
  CHECK(count_of(text, "\nport=3307\n") == 2);
  CHECK(count_of(text, "\nsocket=/runs/r1/a/sock\n") == 2);
  CHECK(text.rfind("# my.cnf for a / default", 0) == 0);
}

TEST_CASE("render_my_cnf: user=root only when running as root", "[server][my_cnf]") {
  CHECK_FALSE(has_line(render_ok(input(release(Flavour::mysql, 8, 0, 36), false)), "user=root"));
  CHECK(has_line(render_ok(input(release(Flavour::mysql, 8, 0, 36), true)), "user=root"));
  CHECK(count_of(render_ok(input(release(Flavour::mysql, 8, 0, 36), false)), "user=") == 0);
}

TEST_CASE("render_my_cnf: MySQL 5.1 uses language=, 5.5+ lc-messages-dir=", "[server][my_cnf]") {
  const auto v51 = render_ok(input(release(Flavour::mysql, 5, 1, 73)));
  CHECK(has_line(v51, "language=/opt/rel/share/english"));
  CHECK(count_of(v51, "lc-messages-dir") == 0);

  const auto v55 = render_ok(input(release(Flavour::mysql, 5, 5, 62)));
  CHECK(has_line(v55, "lc-messages-dir=/opt/rel/share"));
  CHECK(count_of(v55, "language=") == 0);

  // MariaDB 5.5 is MySQL 5.5 based: lc-messages-dir.
  const auto m55 = render_ok(input(release(Flavour::mariadb, 5, 5, 68)));
  CHECK(has_line(m55, "lc-messages-dir=/opt/rel/share"));
  CHECK(count_of(m55, "language=") == 0);
}

TEST_CASE("render_my_cnf: no messages or plugin lines when the release has none",
          "[server][my_cnf]") {
  const auto text = render_ok(input(release(Flavour::mysql, 8, 0, 36, false)));
  CHECK(count_of(text, "lc-messages-dir") == 0);
  CHECK(count_of(text, "language=") == 0);
  CHECK(count_of(text, "plugin-dir") == 0);
  const auto with = render_ok(input(release(Flavour::mysql, 8, 0, 36, true)));
  CHECK(has_line(with, "plugin-dir=/opt/rel/lib/plugin"));
}

TEST_CASE("render_my_cnf: MySQL 5.7 gets secure-file-priv=NULL only", "[server][my_cnf]") {
  const auto text = render_ok(input(release(Flavour::mysql, 5, 7, 44)));
  CHECK(has_line(text, "secure-file-priv=NULL"));
  CHECK(count_of(text, "mysqlx") == 0);
  CHECK(count_of(text, "default-authentication-plugin") == 0);
  CHECK(count_of(text, "mysql-native-password") == 0);

  const auto v56 = render_ok(input(release(Flavour::mysql, 5, 6, 51)));
  CHECK(count_of(v56, "secure-file-priv") == 0);
}

TEST_CASE("render_my_cnf: MySQL 8.0 turns X Protocol off and uses native passwords",
          "[server][my_cnf]") {
  for (auto f : {Flavour::mysql, Flavour::percona}) {
    INFO(versus::server::flavour_name(f));
    const auto text = render_ok(input(release(f, 8, 0, 36)));
    CHECK(has_line(text, "mysqlx=OFF"));
    CHECK(has_line(text, "default-authentication-plugin=mysql_native_password"));
    CHECK(has_line(text, "secure-file-priv=NULL"));
    CHECK(count_of(text, "mysql-native-password=ON") == 0);
  }
}

TEST_CASE("render_my_cnf: MySQL 8.4 loads mysql_native_password instead", "[server][my_cnf]") {
  const auto text = render_ok(input(release(Flavour::mysql, 8, 4, 3)));
  CHECK(has_line(text, "mysql-native-password=ON"));
  CHECK(has_line(text, "mysqlx=OFF"));
  CHECK(count_of(text, "default-authentication-plugin") == 0);
}

// Known bug: MySQL 9.0 removed the mysql_native_password plugin, so
// `mysql-native-password=ON` is an unknown variable there and the server refuses to start.
TEST_CASE("render_my_cnf: MySQL 9 gets no mysql-native-password=ON", "[server][my_cnf]") {
  const auto text = render_ok(input(release(Flavour::mysql, 9, 1, 0)));
  CHECK(has_line(text, "mysqlx=OFF"));
  CHECK_FALSE(has_line(text, "mysql-native-password=ON"));
}

TEST_CASE("render_my_cnf: MariaDB gets none of the MySQL-only lines", "[server][my_cnf]") {
  for (auto v : {std::array<int, 3>{5, 5, 68}, std::array<int, 3>{10, 3, 39},
                 std::array<int, 3>{10, 5, 29}, std::array<int, 3>{10, 11, 19},
                 std::array<int, 3>{11, 4, 2}, std::array<int, 3>{11, 8, 9}}) {
    INFO(v[0] << "." << v[1] << "." << v[2]);
    const auto text = render_ok(input(release(Flavour::mariadb, v[0], v[1], v[2])));
    CHECK(count_of(text, "secure-file-priv") == 0);
    CHECK(count_of(text, "mysqlx") == 0);
    CHECK(count_of(text, "default-authentication-plugin") == 0);
    CHECK(count_of(text, "mysql-native-password") == 0);
    CHECK(count_of(text, "language=") == 0);
    CHECK(has_line(text, "lc-messages-dir=/opt/rel/share"));
  }
}

TEST_CASE("render_my_cnf: fragments follow the base, options come last under [mysqld]",
          "[server][my_cnf]") {
  auto in = input(release(Flavour::mariadb, 10, 11, 19));
  in.fragments.push_back({"profiles/a.cnf", "[mysqld]\ninnodb_buffer_pool_size=256M\n"});
  in.fragments.push_back({"profiles/b.cnf", "[mysqld]\nperformance_schema=ON"});  // no newline
  in.options = {{"innodb_flush_log_at_trx_commit", "2"}, {"max_connections", "500"}};
  const auto text = render_ok(in);

  const auto base_end = pos_of_line(text, "bind-address=127.0.0.1");
  const auto a = text.find("# --- profile file: profiles/a.cnf\n");
  const auto a_line = pos_of_line(text, "innodb_buffer_pool_size=256M");
  const auto b = text.find("# --- profile file: profiles/b.cnf\n");
  const auto b_line = pos_of_line(text, "performance_schema=ON");
  const auto opts = text.find("# --- profile options\n[mysqld]\n");
  REQUIRE(base_end != std::string::npos);
  REQUIRE(a != std::string::npos);
  REQUIRE(a_line != std::string::npos);
  REQUIRE(b != std::string::npos);
  REQUIRE(b_line != std::string::npos);  // a newline was added after the unterminated line
  REQUIRE(opts != std::string::npos);
  CHECK(base_end < a);
  CHECK(a < a_line);
  CHECK(a_line < b);
  CHECK(b < b_line);
  CHECK(b_line < opts);
  const std::string tail =
      "# --- profile options\n[mysqld]\ninnodb_flush_log_at_trx_commit=2\n"
      "max_connections=500\n";
  REQUIRE(text.size() >= tail.size());
  CHECK(text.substr(text.size() - tail.size()) == tail);
}

TEST_CASE("render_my_cnf: no options section without options", "[server][my_cnf]") {
  const auto text = render_ok(with_fragment("profiles/a.cnf", "[mysqld]\nskip-log-bin\n"));
  CHECK(count_of(text, "# --- profile options") == 0);
  CHECK(text.substr(text.size() - 13) == "skip-log-bin\n");
}

TEST_CASE("render_my_cnf: comments and sections in a fragment are accepted", "[server][my_cnf]") {
  const auto text =
      render_ok(with_fragment("profiles/c.cnf",
                              "# datadir=/var/lib/mysql is set by versus\n; port=3306\n\n[mysqld]\n"
                              "  [client]\n"));
  CHECK(has_line(text, "# datadir=/var/lib/mysql is set by versus"));
}

TEST_CASE("render_my_cnf: a fragment may not override an instance path", "[server][my_cnf]") {
  struct Case {
    std::string line;
    std::string name;  // as the message names it: as written in the fragment
  };
  for (const auto& c :
       {Case{"datadir=/var/lib/mysql", "datadir"}, Case{"port=3306", "port"},
        Case{"socket=/var/run/mysqld/mysqld.sock", "socket"},
        Case{"loose-datadir=/var/lib/mysql", "loose-datadir"},
        Case{"loose_datadir=/var/lib/mysql", "loose_datadir"},
        Case{"DataDir = /var/lib/mysql", "DataDir"}, Case{"  port = 3306", "port"},
        Case{"pid_file=/tmp/x.pid", "pid_file"}, Case{"log_error=/var/log/mysql.err", "log_error"},
        Case{"bind_address=0.0.0.0", "bind_address"}, Case{"user=mysql", "user"},
        Case{"tmpdir=/tmp", "tmpdir"}, Case{"basedir=/usr", "basedir"},
        Case{"datadir", "datadir"}}) {
    INFO(c.line);
    const auto msg =
        render_error(with_fragment("profiles/bad.cnf", "[mysqld]\n# tuning\n" + c.line + "\n"));
    CHECK_THAT(msg, Catch::StartsWith("profiles/bad.cnf:3: '" + c.name + "'"));
    CHECK_THAT(msg, Catch::Contains("may not be overridden"));
  }
}

TEST_CASE("render_my_cnf: the error names the fragment and line it is in", "[server][my_cnf]") {
  auto in = input(release(Flavour::mysql, 8, 0, 36));
  in.fragments.push_back({"profiles/ok.cnf", "[mysqld]\nmax_connections=100\n"});
  in.fragments.push_back({"profiles/bad.cnf", "[mysqld]\n\n\n\nsocket=/tmp/mysql.sock\n"});
  const auto msg = render_error(in);
  CHECK_THAT(msg, Catch::StartsWith("profiles/bad.cnf:5: 'socket'"));
}

TEST_CASE("render_my_cnf: includes are refused", "[server][my_cnf]") {
  auto msg =
      render_error(with_fragment("profiles/inc.cnf", "[mysqld]\n!include /etc/mysql/my.cnf\n"));
  CHECK_THAT(msg, Catch::StartsWith("profiles/inc.cnf:2: includes are not allowed"));
  CHECK_THAT(msg, Catch::Contains("/etc/mysql/my.cnf"));
  msg = render_error(with_fragment("profiles/inc.cnf", "  !includedir /etc/mysql/conf.d/\n"));
  CHECK_THAT(msg, Catch::StartsWith("profiles/inc.cnf:1: includes are not allowed"));
}

// MariaDB (getopt-prefix-matching, on by default) and MySQL before 8.0 accept any
// unambiguous prefix of an option name, so `datad=` sets datadir.
TEST_CASE("render_my_cnf: an abbreviated protected option is refused", "[server][my_cnf]") {
  const auto msg = render_error(with_fragment("profiles/abbr.cnf", "[mysqld]\ndatad=/elsewhere\n"));
  CHECK_THAT(msg, Catch::StartsWith("profiles/abbr.cnf:2:"));
}

TEST_CASE("render_my_cnf: an option may not override an instance path", "[server][my_cnf]") {
  for (const std::string name : {"datadir", "loose-datadir", "loose_datadir", "PORT", "socket",
                                 "pid_file", "defaults-extra-file", "defaults_file"}) {
    INFO(name);
    const auto msg = render_error(with_option(name, "/elsewhere"));
    CHECK_THAT(msg, Catch::Contains("option '" + name + "' is set by versus"));
  }
}

TEST_CASE("render_my_cnf: an option may not inject a line", "[server][my_cnf]") {
  auto msg = render_error(with_option("init_connect", "SET x=1\ndatadir=/var/lib/mysql"));
  CHECK_THAT(msg, Catch::Contains("option 'init_connect'"));
  CHECK_THAT(msg, Catch::Contains("line break"));
  msg = render_error(with_option("init_connect", "SET x=1\r"));
  CHECK_THAT(msg, Catch::Contains("line break"));
  msg = render_error(with_option("max_connections=1\ndatadir", "/x"));
  CHECK_THAT(msg, Catch::Contains("refused"));
  msg = render_error(with_option("a=b", "1"));
  CHECK_THAT(msg, Catch::Contains("option 'a=b'"));
  msg = render_error(with_option("[client]", "1"));
  CHECK_THAT(msg, Catch::Contains("refused"));
}

TEST_CASE("render_my_cnf: path options may not point outside the instance", "[server][my_cnf]") {
  for (const std::string value : {"/var/lib/mysql", "../../elsewhere", "'/abs/quoted'"}) {
    INFO(value);
    auto msg = render_error(with_fragment("profiles/p.cnf", "[mysqld]\nlog-bin=" + value + "\n"));
    CHECK_THAT(msg, Catch::StartsWith("profiles/p.cnf:2: 'log-bin'"));
    CHECK_THAT(msg, Catch::Contains("outside the instance"));
  }
  CHECK_THAT(render_error(with_option("innodb_data_home_dir", "/data")),
             Catch::Contains("outside"));
  auto ok = input(release(Flavour::mariadb, 10, 11, 19));
  ok.options = {{"log_bin", "binlog"}, {"innodb_undo_directory", "undo"}};
  CHECK(has_line(render_ok(ok), "log_bin=binlog"));
}

TEST_CASE("render_my_cnf: a profile may not switch the server binary or plugin dir",
          "[server][my_cnf]") {
  for (const std::string line : {"ledir=/opt/evil", "mysqld=/opt/evil/mysqld", "plugin_dir=/tmp",
                                 "lc-messages-dir=/tmp", "secure_file_priv=/"}) {
    INFO(line);
    CHECK_THAT(render_error(with_fragment("profiles/s.cnf", "[mysqld_safe]\n" + line + "\n")),
               Catch::Contains("may not be overridden"));
  }
}

TEST_CASE("render_my_cnf: option values are quoted when they need it", "[server][my_cnf]") {
  auto in = input(release(Flavour::mariadb, 10, 11, 19));
  in.options = {{"init_connect", "SET NAMES utf8mb4"}, {"innodb_buffer_pool_size", "1G"}};
  const auto text = render_ok(in);
  CHECK(has_line(text, "init_connect=\"SET NAMES utf8mb4\""));
  CHECK(has_line(text, "innodb_buffer_pool_size=1G"));
}

TEST_CASE("render_my_cnf: paths with spaces are quoted in the base", "[server][my_cnf]") {
  auto r = release(Flavour::mysql, 8, 0, 36);
  r.basedir = "/opt/my mysql";
  r.messages_dir = "/opt/my mysql/share";
  MyCnfInput in = input(r);
  in.paths = InstancePaths::under("/runs/run 1/a", 3310);
  const auto text = render_ok(in);
  CHECK(has_line(text, "basedir=\"/opt/my mysql\""));
  CHECK(has_line(text, "datadir=\"/runs/run 1/a/data\""));
  CHECK(count_of(text, "socket=\"/runs/run 1/a/sock\"\n") == 2);
  CHECK(has_line(text, "pid-file=\"/runs/run 1/a/mysqld.pid\""));
  CHECK(has_line(text, "log-error=\"/runs/run 1/a/error.log\""));
  CHECK(has_line(text, "tmpdir=\"/runs/run 1/a/tmp\""));
  CHECK(has_line(text, "lc-messages-dir=\"/opt/my mysql/share\""));
  CHECK(has_line(text, "port=3310"));
}

TEST_CASE("quote_option_value", "[server][my_cnf]") {
  CHECK(quote_option_value("1G") == "1G");
  CHECK(quote_option_value("/var/lib/mysql") == "/var/lib/mysql");
  CHECK(quote_option_value("a b") == "\"a b\"");
  CHECK(quote_option_value("a\tb") == "\"a\tb\"");
  CHECK(quote_option_value("a#b") == "\"a#b\"");
  CHECK(quote_option_value("a;b") == "\"a;b\"");
  CHECK(quote_option_value("it's") == "\"it's\"");
  CHECK(quote_option_value("say \"hi\"") == "\"say \\\"hi\\\"\"");
  CHECK(quote_option_value("C:\\data") == "\"C:\\\\data\"");
  CHECK(quote_option_value("") == "\"\"");
}

TEST_CASE("normalize_option_name", "[server][my_cnf]") {
  CHECK(normalize_option_name("innodb_buffer_pool_size") ==
        normalize_option_name("innodb-buffer-pool-size"));
  CHECK(normalize_option_name("innodb_buffer_pool_size") == "innodb-buffer-pool-size");
  CHECK(normalize_option_name("Innodb_Buffer_Pool_Size") == "innodb-buffer-pool-size");
  CHECK(normalize_option_name("loose-datadir") == "datadir");
  CHECK(normalize_option_name("loose_datadir") == "datadir");
  CHECK(normalize_option_name("LOOSE-DATADIR") == "datadir");
  CHECK(normalize_option_name("looser") == "looser");
  // data_dir is not an alias of datadir to the server either; it stays distinct.
  CHECK(normalize_option_name("data_dir") == "data-dir");
  CHECK(normalize_option_name("data_dir") != normalize_option_name("datadir"));
}

TEST_CASE("check_inside: a datadir inside the run directory is accepted", "[server][datadir]") {
  TempDir dir;
  const auto run = dir.path() / "run";
  fs::create_directories(run);
  CHECK(check_inside(run / "a/data", run).has_value());
  CHECK(check_inside(run / "a/./b/../data", run).has_value());
}

TEST_CASE("check_inside: .. cannot escape the run directory", "[server][datadir]") {
  TempDir dir;
  const auto run = dir.path() / "run";
  fs::create_directories(run);
  auto r = check_inside(run / "../etc", run);
  REQUIRE_FALSE(r.has_value());
  CHECK_THAT(r.error().message, Catch::Contains("outside the run directory"));
  CHECK_FALSE(check_inside(run / "a/../../other/data", run).has_value());
  CHECK_FALSE(check_inside("/var/lib/mysql", run).has_value());
}

TEST_CASE("check_inside: a sibling sharing a name prefix is outside", "[server][datadir]") {
  TempDir dir;
  const auto run = dir.path() / "run";
  fs::create_directories(run);
  fs::create_directories(dir.path() / "run2");
  auto r = check_inside(dir.path() / "run2/data", run);
  REQUIRE_FALSE(r.has_value());
  CHECK_THAT(r.error().message, Catch::Contains("refusing datadir"));
}

TEST_CASE("check_inside: a symlink out of the run directory is followed", "[server][datadir]") {
  TempDir dir;
  const auto run = dir.path() / "run";
  fs::create_directories(run);
  fs::create_directories(dir.path() / "elsewhere");
  fs::create_directory_symlink(dir.path() / "elsewhere", run / "link");
  CHECK_FALSE(check_inside(run / "link/data", run).has_value());
}

// MySQL 8.0.2 turned local_infile off by default; the loader's LOAD DATA LOCAL needs it.
TEST_CASE("render_my_cnf: MySQL 8.0.2 and later get local-infile=ON", "[server][my_cnf]") {
  CHECK(has_line(render_ok(input(release(Flavour::mysql, 9, 7, 4))), "local-infile=ON"));
  CHECK(has_line(render_ok(input(release(Flavour::percona, 8, 0, 36))), "local-infile=ON"));
  CHECK(count_of(render_ok(input(release(Flavour::mysql, 5, 7, 44))), "local-infile") == 0);
  CHECK(count_of(render_ok(input(release(Flavour::mariadb, 11, 8, 9))), "local-infile") == 0);
}
