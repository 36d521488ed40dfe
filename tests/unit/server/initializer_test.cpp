#include "server/initializer.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/temp_dir.h"

namespace fs = std::filesystem;
using versus::server::Flavour;
using versus::server::init_method;
using versus::server::initializer_command;
using versus::server::InitMethod;
using versus::server::InstancePaths;
using versus::server::Release;
using versus::server::Version;
using versus::server::VersionInfo;

namespace {

using versus::testing::TempDir;

void touch(const fs::path& p) {
  fs::create_directories(p.parent_path());
  std::ofstream out(p);
  out << "#!/bin/sh\n";
}

VersionInfo info(Flavour f, int major, int minor, int patch) {
  return {f,
          {major, minor, patch},
          std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch)};
}

Release release_at(const fs::path& basedir, VersionInfo vi) {
  Release r;
  r.basedir = basedir;
  r.server_binary = basedir / "bin/mysqld";
  r.mysqld_safe = basedir / "bin/mysqld_safe";
  r.info = std::move(vi);
  return r;
}

bool has(const std::vector<std::string>& args, const std::string& arg) {
  return std::find(args.begin(), args.end(), arg) != args.end();
}

long count_prefix(const std::vector<std::string>& args, const std::string& prefix) {
  return std::count_if(args.begin(), args.end(),
                       [&](const std::string& a) { return a.rfind(prefix, 0) == 0; });
}

}  // namespace

TEST_CASE("init_method: MariaDB switches to mariadb-install-db at 10.4", "[server][initializer]") {
  CHECK(init_method(info(Flavour::mariadb, 5, 5, 68)) == InitMethod::mysql_install_db);
  CHECK(init_method(info(Flavour::mariadb, 10, 3, 39)) == InitMethod::mysql_install_db);
  CHECK(init_method(info(Flavour::mariadb, 10, 4, 0)) == InitMethod::mariadb_install_db);
  CHECK(init_method(info(Flavour::mariadb, 10, 5, 29)) == InitMethod::mariadb_install_db);
  CHECK(init_method(info(Flavour::mariadb, 10, 11, 19)) == InitMethod::mariadb_install_db);
  CHECK(init_method(info(Flavour::mariadb, 11, 4, 2)) == InitMethod::mariadb_install_db);
}

TEST_CASE("init_method: MySQL switches to --initialize-insecure at 5.7.6",
          "[server][initializer]") {
  CHECK(init_method(info(Flavour::mysql, 5, 1, 73)) == InitMethod::mysql_install_db);
  CHECK(init_method(info(Flavour::mysql, 5, 6, 51)) == InitMethod::mysql_install_db);
  CHECK(init_method(info(Flavour::mysql, 5, 7, 5)) == InitMethod::mysql_install_db);
  CHECK(init_method(info(Flavour::mysql, 5, 7, 6)) == InitMethod::initialize_insecure);
  CHECK(init_method(info(Flavour::mysql, 5, 7, 44)) == InitMethod::initialize_insecure);
  CHECK(init_method(info(Flavour::mysql, 8, 0, 36)) == InitMethod::initialize_insecure);
  CHECK(init_method(info(Flavour::mysql, 8, 4, 3)) == InitMethod::initialize_insecure);
}

TEST_CASE("init_method: Percona Server follows MySQL", "[server][initializer]") {
  CHECK(init_method(info(Flavour::percona, 5, 6, 51)) == InitMethod::mysql_install_db);
  CHECK(init_method(info(Flavour::percona, 5, 7, 44)) == InitMethod::initialize_insecure);
  CHECK(init_method(info(Flavour::percona, 8, 0, 35)) == InitMethod::initialize_insecure);
}

TEST_CASE("initializer_command: MySQL 8.0 runs the server with --initialize-insecure",
          "[server][initializer]") {
  TempDir dir;
  auto r = release_at(dir.path() / "mysql-8.0.36", info(Flavour::mysql, 8, 0, 36));
  auto p = InstancePaths::under(dir.path() / "run/a", 3307);
  for (bool as_root : {false, true}) {
    INFO("as_root " << as_root);
    auto cmd = initializer_command(r, p, as_root);
    REQUIRE(cmd.has_value());
    CHECK(cmd->exe == r.server_binary);
    REQUIRE(cmd->args.size() >= 4);
    CHECK(cmd->args[0] == "--defaults-file=" + p.defaults_file.string());
    CHECK(cmd->args[1] == "--initialize-insecure");
    CHECK(has(cmd->args, "--basedir=" + r.basedir.string()));
    CHECK(has(cmd->args, "--datadir=" + p.datadir.string()));
    CHECK(has(cmd->args, "--user=root") == as_root);
    CHECK(has(cmd->args, "--skip-name-resolve"));
    CHECK_FALSE(has(cmd->args, "--force"));  // a server option mysqld does not know
    CHECK(cmd->args.size() == (as_root ? 6u : 5u));
    CHECK_FALSE(has(cmd->args, "--keep-my-cnf"));
    CHECK(count_prefix(cmd->args, "--auth-root-authentication-method") == 0);
    CHECK(count_prefix(cmd->args, "--defaults-file=") == 1);
  }
}

TEST_CASE("initializer_command: MySQL 5.7.6 and Percona 5.7 need no tool but the server",
          "[server][initializer]") {
  TempDir dir;  // empty: no scripts/ at all
  auto p = InstancePaths::under(dir.path() / "run/a", 3307);
  for (const auto& vi : {info(Flavour::mysql, 5, 7, 6), info(Flavour::percona, 5, 7, 44)}) {
    INFO(versus::server::flavour_name(vi.flavour) << " " << vi.text);
    auto r = release_at(dir.path(), vi);
    auto cmd = initializer_command(r, p, false);
    REQUIRE(cmd.has_value());
    CHECK(cmd->exe == dir.path() / "bin/mysqld");
    REQUIRE(cmd->args.size() >= 2);
    CHECK(cmd->args[0] == "--defaults-file=" + p.defaults_file.string());
    CHECK(cmd->args[1] == "--initialize-insecure");
  }
}

TEST_CASE("initializer_command: MySQL 5.7.5 and 5.6.20+ use mysql_install_db with --keep-my-cnf",
          "[server][initializer]") {
  TempDir dir;
  touch(dir.path() / "scripts/mysql_install_db");
  auto p = InstancePaths::under(dir.path() / "run/a", 3307);
  for (const auto& vi : {info(Flavour::mysql, 5, 7, 5), info(Flavour::mysql, 5, 6, 51),
                         info(Flavour::mysql, 5, 6, 20), info(Flavour::percona, 5, 6, 51)}) {
    INFO(versus::server::flavour_name(vi.flavour) << " " << vi.text);
    auto cmd = initializer_command(release_at(dir.path(), vi), p, true);
    REQUIRE(cmd.has_value());
    CHECK(cmd->exe == dir.path() / "scripts/mysql_install_db");
    REQUIRE_FALSE(cmd->args.empty());
    CHECK(cmd->args[0] == "--defaults-file=" + p.defaults_file.string());
    CHECK(has(cmd->args, "--keep-my-cnf"));
    CHECK(has(cmd->args, "--user=root"));
    CHECK(has(cmd->args, "--datadir=" + p.datadir.string()));
    CHECK_FALSE(has(cmd->args, "--initialize-insecure"));
  }
}

TEST_CASE("initializer_command: MySQL before 5.6.20 gets no --keep-my-cnf",
          "[server][initializer]") {
  TempDir dir;
  touch(dir.path() / "bin/mysql_install_db");
  auto p = InstancePaths::under(dir.path() / "run/a", 3307);
  for (const auto& vi : {info(Flavour::mysql, 5, 6, 19), info(Flavour::mysql, 5, 6, 8),
                         info(Flavour::mysql, 5, 6, 7), info(Flavour::mysql, 5, 5, 62),
                         info(Flavour::mysql, 5, 1, 73)}) {
    INFO(vi.text);
    auto cmd = initializer_command(release_at(dir.path(), vi), p, false);
    REQUIRE(cmd.has_value());
    CHECK(cmd->exe == dir.path() / "bin/mysql_install_db");
    REQUIRE_FALSE(cmd->args.empty());
    CHECK(cmd->args[0] == "--defaults-file=" + p.defaults_file.string());
    CHECK_FALSE(has(cmd->args, "--keep-my-cnf"));
    CHECK_FALSE(has(cmd->args, "--user=root"));
    CHECK(has(cmd->args, "--force"));
    CHECK(has(cmd->args, "--skip-name-resolve"));
    CHECK(cmd->args.size() == 5u);
  }
}

TEST_CASE("initializer_command: scripts/mysql_install_db is preferred over bin/",
          "[server][initializer]") {
  TempDir dir;
  touch(dir.path() / "scripts/mysql_install_db");
  touch(dir.path() / "bin/mysql_install_db");
  auto cmd = initializer_command(release_at(dir.path(), info(Flavour::mysql, 5, 5, 62)),
                                 InstancePaths::under(dir.path() / "run/a", 3307), false);
  REQUIRE(cmd.has_value());
  CHECK(cmd->exe == dir.path() / "scripts/mysql_install_db");
}

TEST_CASE("initializer_command: MariaDB 10.3 uses mysql_install_db, no --keep-my-cnf",
          "[server][initializer]") {
  TempDir dir;
  touch(dir.path() / "scripts/mysql_install_db");
  auto p = InstancePaths::under(dir.path() / "run/m", 3308);
  auto cmd =
      initializer_command(release_at(dir.path(), info(Flavour::mariadb, 10, 3, 39)), p, true);
  REQUIRE(cmd.has_value());
  CHECK(cmd->exe == dir.path() / "scripts/mysql_install_db");
  REQUIRE_FALSE(cmd->args.empty());
  CHECK(cmd->args[0] == "--defaults-file=" + p.defaults_file.string());
  CHECK_FALSE(has(cmd->args, "--keep-my-cnf"));
  CHECK(count_prefix(cmd->args, "--auth-root-authentication-method") == 0);
  CHECK(has(cmd->args, "--user=root"));
}

TEST_CASE("initializer_command: MariaDB 10.4+ uses mariadb-install-db with normal root auth",
          "[server][initializer]") {
  TempDir dir;
  auto p = InstancePaths::under(dir.path() / "run/m", 3308);
  SECTION("bin/mariadb-install-db") {
    touch(dir.path() / "bin/mariadb-install-db");
    touch(dir.path() / "scripts/mysql_install_db");
    for (bool as_root : {false, true}) {
      INFO("as_root " << as_root);
      auto cmd =
          initializer_command(release_at(dir.path(), info(Flavour::mariadb, 10, 4, 0)), p, as_root);
      REQUIRE(cmd.has_value());
      CHECK(cmd->exe == dir.path() / "bin/mariadb-install-db");
      REQUIRE_FALSE(cmd->args.empty());
      CHECK(cmd->args[0] == "--defaults-file=" + p.defaults_file.string());
      CHECK(has(cmd->args, "--auth-root-authentication-method=normal"));
      CHECK(has(cmd->args, "--skip-test-db"));
      CHECK(has(cmd->args, "--force"));  // skips the resolveip check (no /etc/hosts)
      CHECK(has(cmd->args, "--skip-name-resolve"));
      CHECK(has(cmd->args, "--basedir=" + dir.path().string()));
      CHECK(has(cmd->args, "--user=root") == as_root);
      CHECK_FALSE(has(cmd->args, "--keep-my-cnf"));
      CHECK_FALSE(has(cmd->args, "--initialize-insecure"));
    }
  }
  SECTION("only scripts/mysql_install_db (older 10.4 tarballs)") {
    touch(dir.path() / "scripts/mysql_install_db");
    auto cmd =
        initializer_command(release_at(dir.path(), info(Flavour::mariadb, 10, 11, 19)), p, false);
    REQUIRE(cmd.has_value());
    CHECK(cmd->exe == dir.path() / "scripts/mysql_install_db");
    CHECK(cmd->args[0] == "--defaults-file=" + p.defaults_file.string());
    CHECK(has(cmd->args, "--auth-root-authentication-method=normal"));
  }
}

// Debian 11's 10.5 ships bin/mariadb-install-db with bin/mysql_install_db a symlink to it; its
// usage lists --auth-root-authentication-method, --force, --skip-name-resolve and
// --skip-test-db, and it hands none of them to the server.
TEST_CASE("initializer_command: MariaDB 10.5 (Debian 11) runs bin/mariadb-install-db",
          "[server][initializer]") {
  TempDir dir;
  auto p = InstancePaths::under(dir.path() / "run/m", 3308);
  touch(dir.path() / "bin/mariadb-install-db");
  fs::create_symlink("mariadb-install-db", dir.path() / "bin/mysql_install_db");
  auto cmd =
      initializer_command(release_at(dir.path(), info(Flavour::mariadb, 10, 5, 29)), p, true);
  REQUIRE(cmd.has_value());
  CHECK(cmd->exe == dir.path() / "bin/mariadb-install-db");
  const std::vector<std::string> expected{"--defaults-file=" + p.defaults_file.string(),
                                          "--basedir=" + dir.path().string(),
                                          "--datadir=" + p.datadir.string(),
                                          "--user=root",
                                          "--auth-root-authentication-method=normal",
                                          "--skip-test-db",
                                          "--force",
                                          "--skip-name-resolve"};
  CHECK(cmd->args == expected);
}

TEST_CASE("initializer_command: a missing tool names what was looked for",
          "[server][initializer]") {
  TempDir dir;
  auto p = InstancePaths::under(dir.path() / "run/a", 3307);
  SECTION("MariaDB 10.11") {
    auto cmd =
        initializer_command(release_at(dir.path(), info(Flavour::mariadb, 10, 11, 19)), p, false);
    REQUIRE_FALSE(cmd.has_value());
    const auto& m = cmd.error().message;
    CHECK_THAT(m, Catch::Contains("no initializer under " + dir.path().string()));
    CHECK_THAT(m, Catch::Contains("bin/mariadb-install-db"));
    CHECK_THAT(m, Catch::Contains("scripts/mariadb-install-db"));
    CHECK_THAT(m, Catch::Contains("scripts/mysql_install_db"));
  }
  SECTION("MariaDB 10.3") {
    auto cmd =
        initializer_command(release_at(dir.path(), info(Flavour::mariadb, 10, 3, 39)), p, false);
    REQUIRE_FALSE(cmd.has_value());
    const auto& m = cmd.error().message;
    CHECK_THAT(m, Catch::Contains("scripts/mysql_install_db"));
    CHECK_THAT(m, Catch::Contains("bin/mysql_install_db"));
    CHECK_THAT(m, !Catch::Contains("mariadb-install-db"));
  }
  SECTION("MySQL 5.6") {
    auto cmd =
        initializer_command(release_at(dir.path(), info(Flavour::mysql, 5, 6, 51)), p, false);
    REQUIRE_FALSE(cmd.has_value());
    CHECK_THAT(cmd.error().message, Catch::Contains("scripts/mysql_install_db"));
  }
}
