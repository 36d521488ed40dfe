#include "host/local_host.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "shared/files.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace versus;
using versus::testing::has_line;
using versus::testing::TempDir;
using versus::testing::text_of;

namespace {
server::MyCnfInput local_cnf_input() {
  server::MyCnfInput in;
  in.release.basedir = "/opt/rel";
  in.release.server_binary = "/opt/rel/bin/mariadbd";
  in.release.mysqld_safe = "/opt/rel/bin/mysqld_safe";
  in.release.info = {server::Flavour::mariadb, {10, 11, 18}, ""};
  in.title = "a / default";
  in.options = {{"innodb_buffer_pool_size", "64M"}};
  return in;
}

host::RunDirectory run_in(const TempDir& tmp, const std::string& name = "run") {
  auto run = host::RunDirectory::create(tmp.path() / name);
  REQUIRE(run);
  return *run;
}

server::PortPicker port(unsigned p) {
  return [p] { return Expected<unsigned>(p); };
}
}  // namespace

TEST_CASE("LocalHost::configure: the instance's directory in the run, my.cnf for its port",
          "[host][local_host]") {
  TempDir tmp;
  const auto run = run_in(tmp);
  host::LocalHost here(run, port(4321));
  auto conf = here.configure("a.default.innodb", local_cnf_input());
  REQUIRE(conf);
  const auto& p = conf->paths;
  CHECK(p.dir == run.instance_dir("a.default.innodb"));
  CHECK(p.port == 4321);
  CHECK(fs::is_directory(p.datadir));
  CHECK(fs::is_empty(p.datadir));
  CHECK(fs::is_directory(p.tmpdir));
  CHECK(text_of(p.defaults_file) == conf->my_cnf);
  CHECK(has_line(conf->my_cnf, "port=4321"));
  CHECK(has_line(conf->my_cnf, "socket=" + p.socket.string()));
  CHECK(has_line(conf->my_cnf, "bind-address=127.0.0.1"));
  CHECK(has_line(conf->my_cnf, "innodb_buffer_pool_size=64M"));
  CHECK((fs::status(p.dir).permissions() & (fs::perms::group_all | fs::perms::others_all)) ==
        fs::perms::none);
  CHECK((fs::status(p.defaults_file).permissions() & fs::perms::owner_exec) == fs::perms::none);
  // Configured again (a fresh port after a taken one): the same directory, the new port.
  host::LocalHost again(run, port(4322));
  auto second = again.configure("a.default.innodb", local_cnf_input());
  REQUIRE(second);
  CHECK(second->paths.dir == p.dir);
  CHECK(has_line(text_of(p.defaults_file), "port=4322"));
}

TEST_CASE("LocalHost::configure: what it refuses", "[host][local_host]") {
  TempDir tmp;
  SECTION("a socket path longer than a Unix socket's") {
    host::LocalHost here(run_in(tmp, std::string(110, 'r')), port(4321));
    auto conf = here.configure("a", local_cnf_input());
    REQUIRE_FALSE(conf);
    CHECK_THAT(conf.error().message, Catch::Contains("longer than 107 bytes"));
  }
  SECTION("no run directory (an agent before its run claimed it)") {
    host::LocalHost here(std::nullopt, port(4321));
    CHECK_FALSE(here.configure("a", local_cnf_input()));
  }
  SECTION("a setting the base owns") {
    host::LocalHost here(run_in(tmp), port(4321));
    auto in = local_cnf_input();
    in.options = {{"datadir", "/elsewhere"}};
    CHECK_FALSE(here.configure("a", in));
  }
  SECTION("no port") {
    host::LocalHost here(run_in(tmp), [] { return Expected<unsigned>(fail("no port free")); });
    auto conf = here.configure("a", local_cnf_input());
    REQUIRE_FALSE(conf);
    CHECK(conf.error().message == "no port free");
  }
}

TEST_CASE("LocalHost: a template's copy as the fresh datadir, its shared tablespace measured",
          "[host][local_host]") {
  TempDir tmp;
  host::LocalHost here(run_in(tmp), port(4321));
  auto conf = here.configure("a", local_cnf_input());
  REQUIRE(conf);
  const fs::path templ = tmp.path() / "run/instances/a.initialized";
  CHECK_FALSE(here.has_template(templ));
  CHECK_FALSE(here.has_template(""));
  tmp.write("run/instances/a.initialized/ibdata1", std::string(4096, 'x'));
  tmp.write("run/instances/a.initialized/mysql/user.frm", "u");
  REQUIRE(here.has_template(templ));
  auto shared = here.initialize(local_cnf_input().release, conf->paths, templ);
  REQUIRE(shared);
  CHECK(*shared == 4096);
  CHECK(text_of(conf->paths.datadir / "mysql/user.frm") == "u");
  CHECK(fs::exists(templ / "ibdata1"));  // the template stays for the next instance
}

TEST_CASE("LocalHost: the snapshot, the error log and removal", "[host][local_host]") {
  TempDir tmp;
  const auto run = run_in(tmp);
  host::LocalHost here(run, port(4321));
  const auto caps = here.capabilities();
  CHECK((caps.socket && caps.datadir_templates && caps.port_retry && caps.instance_cache));
  CHECK(here.where().empty());
  auto conf = here.configure("a", local_cnf_input());
  REQUIRE(conf);
  const auto& p = conf->paths;
  tmp.write("run/instances/a/data/t.ibd", "rows");
  tmp.write("run/instances/a/snapshot/old", "an earlier one");
  auto snapshot = here.keep_snapshot(p);
  REQUIRE(snapshot);
  CHECK(*snapshot == p.dir / "snapshot");
  CHECK(text_of(*snapshot / "t.ibd") == "rows");
  CHECK_FALSE(fs::exists(*snapshot / "old"));
  CHECK_FALSE(fs::exists(p.datadir));
  REQUIRE(here.copy_datadir(*snapshot, p.datadir));
  CHECK(text_of(p.datadir / "t.ibd") == "rows");
  tmp.write("run/instances/a/error.log", "[Note] ready\n");
  here.keep_error_log(p.error_log, run.log_path("001-a"));
  CHECK(text_of(run.log_path("001-a")) == "[Note] ready\n");
  CHECK_FALSE(fs::exists(p.error_log));
  REQUIRE(here.remove(p.datadir));
  CHECK_FALSE(fs::exists(p.datadir));
  CHECK(here.remove(p.datadir));  // nothing there: nothing to do
}
