#include "server/release.h"

#include <pthread.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>

#include "shared/files.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using versus::server::detect_release;
using versus::server::find_server_binary;
using versus::server::Flavour;
using versus::server::flavour_name;
using versus::server::parse_version_output;
using versus::server::Version;

namespace {

using versus::testing::TempDir;
using versus::testing::write_file;

// A fake server: a shell script printing one `--version` line.
void write_fake_server(const fs::path& p, const std::string& version_line) {
  write_file(p, "#!/bin/sh\necho '" + version_line + "'\n", true);
}

void check_version(const std::string& line, Flavour flavour, Version v, const std::string& text) {
  INFO(line);
  auto info = parse_version_output(line);
  REQUIRE(info.has_value());
  CHECK(info->flavour == flavour);
  CHECK(info->version.major == v.major);
  CHECK(info->version.minor == v.minor);
  CHECK(info->version.patch == v.patch);
  CHECK(info->text == text);
}

}  // namespace

TEST_CASE("parse_version_output: MySQL 5.1", "[server][release]") {
  check_version(
      "/usr/sbin/mysqld  Ver 5.1.73 for unknown-linux-gnu on x86_64 (MySQL Community Server "
      "(GPL))",
      Flavour::mysql, {5, 1, 73}, "5.1.73");
}

TEST_CASE("parse_version_output: MySQL 5.5 and 5.6", "[server][release]") {
  check_version("mysqld  Ver 5.5.62 for linux-glibc2.12 on x86_64 (MySQL Community Server (GPL))",
                Flavour::mysql, {5, 5, 62}, "5.5.62");
  check_version(
      "/opt/mysql-5.6.51/bin/mysqld  Ver 5.6.51 for linux-glibc2.12 on x86_64 (MySQL Community "
      "Server (GPL))",
      Flavour::mysql, {5, 6, 51}, "5.6.51");
}

TEST_CASE("parse_version_output: MySQL 5.7", "[server][release]") {
  check_version("mysqld  Ver 5.7.44 for linux-glibc2.12 on x86_64 (MySQL Community Server (GPL))",
                Flavour::mysql, {5, 7, 44}, "5.7.44");
}

TEST_CASE("parse_version_output: MySQL 8.0 and 8.4", "[server][release]") {
  check_version("/usr/sbin/mysqld  Ver 8.0.36 for Linux on x86_64 (MySQL Community Server - GPL)",
                Flavour::mysql, {8, 0, 36}, "8.0.36");
  check_version(
      "/opt/mysql-8.4.3/bin/mysqld  Ver 8.4.3 for Linux on x86_64 (MySQL Community Server - "
      "GPL)",
      Flavour::mysql, {8, 4, 3}, "8.4.3");
}

TEST_CASE("parse_version_output: Percona Server 5.7 and 8.0", "[server][release]") {
  check_version(
      "mysqld  Ver 5.7.44-48 for Linux on x86_64 (Percona Server (GPL), Release 48, Revision "
      "497f936a373)",
      Flavour::percona, {5, 7, 44}, "5.7.44-48");
  check_version(
      "/usr/sbin/mysqld  Ver 8.0.35-27 for Linux on x86_64 (Percona Server (GPL), Release "
      "'27', Revision '2f8eeab2'$)",
      Flavour::percona, {8, 0, 35}, "8.0.35-27");
}

TEST_CASE("parse_version_output: MariaDB 5.5, 10.3 and 10.11", "[server][release]") {
  check_version("mysqld  Ver 5.5.68-MariaDB for Linux on x86_64 (MariaDB Server)", Flavour::mariadb,
                {5, 5, 68}, "5.5.68-MariaDB");
  check_version("mysqld  Ver 10.3.39-MariaDB-0+deb10u1 for debian-linux-gnu on x86_64 (Debian 10)",
                Flavour::mariadb, {10, 3, 39}, "10.3.39-MariaDB-0+deb10u1");
  check_version(
      "/x/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 "
      "(Debian 12)",
      Flavour::mariadb, {10, 11, 19}, "10.11.19-MariaDB-0+deb12u1");
}

TEST_CASE("parse_version_output: a trailing newline is not part of the text", "[server][release]") {
  auto info = parse_version_output(
      "mysqld  Ver 5.7.44 for linux-glibc2.12 on x86_64 (MySQL Community Server (GPL))\n");
  REQUIRE(info.has_value());
  CHECK(info->text == "5.7.44");
}

TEST_CASE("parse_version_output: versions compare numerically, not as text", "[server][release]") {
  auto v10 = parse_version_output("mariadbd  Ver 10.11.19-MariaDB for Linux (MariaDB Server)");
  auto v9 = parse_version_output("mariadbd  Ver 10.9.8-MariaDB for Linux (MariaDB Server)");
  REQUIRE(v10.has_value());
  REQUIRE(v9.has_value());
  CHECK(v9->version < v10->version);
  CHECK(Version{5, 7, 5} < Version{5, 7, 6});
  CHECK(Version{5, 7, 44} < Version{8, 0, 0});
}

TEST_CASE("parse_version_output: garbage gives nullopt", "[server][release]") {
  CHECK_FALSE(parse_version_output("").has_value());
  CHECK_FALSE(parse_version_output("hello world").has_value());
  CHECK_FALSE(parse_version_output("mysqld: unknown option '--version'").has_value());
  CHECK_FALSE(parse_version_output("mysqld  Ver for Linux").has_value());
  CHECK_FALSE(parse_version_output("mysqld  Ver 8.0 for Linux").has_value());
  CHECK_FALSE(parse_version_output("/bin/sh: 1: mysqld: not found").has_value());
}

// Regression (fixed): std::stoi throws std::out_of_range on a component that does not fit an int,
// instead of the documented nullopt for output it cannot read.
TEST_CASE("parse_version_output: an out-of-range number gives nullopt, not an exception",
          "[server][release]") {
  std::optional<versus::server::VersionInfo> info;
  CHECK_NOTHROW(info = parse_version_output("mysqld  Ver 5.7.99999999999 for Linux"));
  CHECK_FALSE(info.has_value());
}

// Regression (fixed): the flavour is searched for in the whole line, including the binary's path
// (which mysqld prints first), so a MySQL basedir whose path mentions MariaDB or Percona
// is detected as that flavour.
TEST_CASE("parse_version_output: the flavour is not taken from the binary's path",
          "[server][release]") {
  auto mysql = parse_version_output(
      "/srv/MariaDB-vs-MySQL/mysql-8.0.36/bin/mysqld  Ver 8.0.36 for Linux on x86_64 (MySQL "
      "Community Server - GPL)");
  REQUIRE(mysql.has_value());
  CHECK(mysql->flavour == Flavour::mysql);
  auto percona_dir = parse_version_output(
      "/home/Percona/mysql-5.7.44/bin/mysqld  Ver 5.7.44 for linux-glibc2.12 on x86_64 (MySQL "
      "Community Server (GPL))");
  REQUIRE(percona_dir.has_value());
  CHECK(percona_dir->flavour == Flavour::mysql);
}

TEST_CASE("flavour_name", "[server][release]") {
  CHECK(flavour_name(Flavour::mysql) == "MySQL");
  CHECK(flavour_name(Flavour::percona) == "Percona Server");
  CHECK(flavour_name(Flavour::mariadb) == "MariaDB");
}

TEST_CASE("find_server_binary: empty basedir", "[server][release]") {
  TempDir dir;
  CHECK_FALSE(find_server_binary(dir.path()).has_value());
}

TEST_CASE("find_server_binary: a non-executable file is not a server", "[server][release]") {
  TempDir dir;
  write_file(dir.path() / "sbin/mariadbd", "#!/bin/sh\n", false);
  CHECK_FALSE(find_server_binary(dir.path()).has_value());
}

TEST_CASE("find_server_binary: a directory named mysqld is not a server", "[server][release]") {
  TempDir dir;
  fs::create_directories(dir.path() / "bin/mysqld");
  CHECK_FALSE(find_server_binary(dir.path()).has_value());
}

TEST_CASE("find_server_binary: finds each layout, mariadbd before mysqld", "[server][release]") {
  SECTION("bin/mysqld") {
    TempDir dir;
    write_file(dir.path() / "bin/mysqld", "#!/bin/sh\n", true);
    auto p = find_server_binary(dir.path());
    REQUIRE(p.has_value());
    CHECK(*p == dir.path() / "bin/mysqld");
  }
  SECTION("libexec/mysqld") {
    TempDir dir;
    write_file(dir.path() / "libexec/mysqld", "#!/bin/sh\n", true);
    auto p = find_server_binary(dir.path());
    REQUIRE(p.has_value());
    CHECK(*p == dir.path() / "libexec/mysqld");
  }
  SECTION("sbin/mariadbd wins over bin/mysqld") {
    TempDir dir;
    write_file(dir.path() / "bin/mysqld", "#!/bin/sh\n", true);
    write_file(dir.path() / "sbin/mariadbd", "#!/bin/sh\n", true);
    auto p = find_server_binary(dir.path());
    REQUIRE(p.has_value());
    CHECK(*p == dir.path() / "sbin/mariadbd");
  }
  SECTION("an executable bin/mysqld is used when sbin/mariadbd is not executable") {
    TempDir dir;
    write_file(dir.path() / "sbin/mariadbd", "#!/bin/sh\n", false);
    write_file(dir.path() / "bin/mysqld", "#!/bin/sh\n", true);
    auto p = find_server_binary(dir.path());
    REQUIRE(p.has_value());
    CHECK(*p == dir.path() / "bin/mysqld");
  }
}

TEST_CASE("detect_release: empty basedir names what it looked for", "[server][release]") {
  TempDir dir;
  auto r = detect_release(dir.path());
  REQUIRE_FALSE(r.has_value());
  CHECK_THAT(r.error().message, Catch::Contains("no server binary under " + dir.path().string()));
  CHECK_THAT(r.error().message, Catch::Contains("sbin/mariadbd"));
  CHECK_THAT(r.error().message, Catch::Contains("bin/mysqld"));
}

TEST_CASE("detect_release: a non-executable sbin/mariadbd is refused", "[server][release]") {
  TempDir dir;
  write_file(dir.path() / "sbin/mariadbd", "#!/bin/sh\necho 'mariadbd  Ver 10.11.19-MariaDB'\n",
             false);
  write_file(dir.path() / "bin/mysqld_safe", "#!/bin/sh\n", true);
  auto r = detect_release(dir.path());
  REQUIRE_FALSE(r.has_value());
  CHECK_THAT(r.error().message, Catch::Contains("no server binary"));
}

TEST_CASE("detect_release: a server without bin/mysqld_safe is refused", "[server][release]") {
  TempDir dir;
  write_fake_server(dir.path() / "bin/mysqld",
                    "mysqld  Ver 5.7.44 for linux-glibc2.12 on x86_64 (MySQL Community Server "
                    "(GPL))");
  auto r = detect_release(dir.path());
  REQUIRE_FALSE(r.has_value());
  CHECK_THAT(r.error().message, Catch::Contains("no bin/mysqld_safe under " + dir.path().string()));
}

TEST_CASE("detect_release: a fake bin/mysqld reports its version", "[server][release]") {
  TempDir dir;
  write_fake_server(dir.path() / "bin/mysqld",
                    "mysqld  Ver 5.7.44 for linux-glibc2.12 on x86_64 (MySQL Community Server "
                    "(GPL))");
  write_file(dir.path() / "bin/mysqld_safe", "#!/bin/sh\n", true);
  auto r = detect_release(dir.path());
  REQUIRE(r.has_value());
  CHECK(r->basedir == dir.path());
  CHECK(r->server_binary == dir.path() / "bin/mysqld");
  CHECK(r->mysqld_safe == dir.path() / "bin/mysqld_safe");
  CHECK(r->info.flavour == Flavour::mysql);
  CHECK(r->info.version == Version{5, 7, 44});
  CHECK(r->info.text == "5.7.44");
  CHECK(r->messages_dir.empty());
  CHECK(r->plugin_dir.empty());
}

TEST_CASE("detect_release: the server is run with --no-defaults before --version",
          "[server][release]") {
  TempDir dir;
  // Prints a version only when called exactly as `mysqld --no-defaults --version`.
  write_file(dir.path() / "sbin/mariadbd",
             "#!/bin/sh\n"
             "if [ \"$1\" = --no-defaults ] && [ \"$2\" = --version ] && [ $# -eq 2 ]; then\n"
             "  echo 'mariadbd  Ver 10.11.19-MariaDB for Linux on x86_64 (MariaDB Server)'\n"
             "else\n"
             "  echo \"unexpected arguments: $*\"; exit 3\n"
             "fi\n",
             true);
  write_file(dir.path() / "bin/mysqld_safe", "#!/bin/sh\n", true);
  auto r = detect_release(dir.path());
  REQUIRE(r.has_value());
  CHECK(r->info.flavour == Flavour::mariadb);
  CHECK(r->info.version == Version{10, 11, 19});
}

TEST_CASE("detect_release: a server that prints no version", "[server][release]") {
  TempDir dir;
  write_fake_server(dir.path() / "bin/mysqld", "something else entirely");
  write_file(dir.path() / "bin/mysqld_safe", "#!/bin/sh\n", true);
  auto r = detect_release(dir.path());
  REQUIRE_FALSE(r.has_value());
  CHECK_THAT(r.error().message, Catch::Contains("cannot read a version"));
  CHECK_THAT(r.error().message, Catch::Contains("something else entirely"));
}

TEST_CASE("detect_release: a server that fails to run", "[server][release]") {
  TempDir dir;
  write_file(dir.path() / "bin/mysqld", "#!/bin/sh\necho 'broken library'\nexit 127\n", true);
  write_file(dir.path() / "bin/mysqld_safe", "#!/bin/sh\n", true);
  auto r = detect_release(dir.path());
  REQUIRE_FALSE(r.has_value());
  CHECK_THAT(r.error().message, Catch::Contains("--version"));
  CHECK_THAT(r.error().message, Catch::Contains("127"));
  CHECK_THAT(r.error().message, Catch::Contains("broken library"));
}

TEST_CASE("detect_release: finds the messages and plugin directories", "[server][release]") {
  TempDir dir;
  write_fake_server(dir.path() / "bin/mysqld",
                    "mysqld  Ver 8.0.36 for Linux on x86_64 (MySQL Community Server - GPL)");
  write_file(dir.path() / "bin/mysqld_safe", "#!/bin/sh\n", true);

  SECTION("share/english and lib/plugin (MySQL tarball layout)") {
    fs::create_directories(dir.path() / "share/english");
    fs::create_directories(dir.path() / "lib/plugin");
    auto r = detect_release(dir.path());
    REQUIRE(r.has_value());
    CHECK(r->messages_dir == dir.path() / "share");
    CHECK(r->plugin_dir == dir.path() / "lib/plugin");
  }
  SECTION("share/mysql/english wins over share/english; lib/mysql/plugin over lib/plugin") {
    fs::create_directories(dir.path() / "share/english");
    fs::create_directories(dir.path() / "share/mysql/english");
    fs::create_directories(dir.path() / "lib/plugin");
    fs::create_directories(dir.path() / "lib/mysql/plugin");
    auto r = detect_release(dir.path());
    REQUIRE(r.has_value());
    CHECK(r->messages_dir == dir.path() / "share/mysql");
    CHECK(r->plugin_dir == dir.path() / "lib/mysql/plugin");
  }
  SECTION("share/mariadb/english and lib/mariadb/plugin (Debian MariaDB layout)") {
    fs::create_directories(dir.path() / "share/mariadb/english");
    fs::create_directories(dir.path() / "lib/mariadb/plugin");
    auto r = detect_release(dir.path());
    REQUIRE(r.has_value());
    CHECK(r->messages_dir == dir.path() / "share/mariadb");
    CHECK(r->plugin_dir == dir.path() / "lib/mariadb/plugin");
  }
  SECTION("lib64/mysql/plugin") {
    fs::create_directories(dir.path() / "lib64/mysql/plugin");
    auto r = detect_release(dir.path());
    REQUIRE(r.has_value());
    CHECK(r->plugin_dir == dir.path() / "lib64/mysql/plugin");
    CHECK(r->messages_dir.empty());
  }
  SECTION("share without english is not a messages directory") {
    fs::create_directories(dir.path() / "share/french");
    auto r = detect_release(dir.path());
    REQUIRE(r.has_value());
    CHECK(r->messages_dir.empty());
  }
}

// The real lines of the releases fetched by scripts/fetch-releases.sh (Debian 11's MariaDB on the
// system's loader, Debian 13's MariaDB and Debian unstable's MySQL on their own loader).
TEST_CASE("parse_version_output: MariaDB 10.5.29 from Debian 11", "[server][release]") {
  check_version(
      "/work/main/releases/mariadb-10.5.29/usr/sbin/mariadbd  Ver 10.5.29-MariaDB-0+deb11u1 for "
      "debian-linux-gnu on x86_64 (Debian 11)",
      Flavour::mariadb, {10, 5, 29}, "10.5.29-MariaDB-0+deb11u1");
}

TEST_CASE("parse_version_output: MariaDB 11.8.9 and MySQL 9.7.4 from Debian", "[server][release]") {
  check_version(
      "/work/main/releases/mariadb-11.8.9/usr/sbin/mariadbd  Ver 11.8.9-MariaDB-0+deb13u1 from "
      "Debian for debian-linux-gnu on x86_64 (-- Please help get to 10k stars at "
      "https://github.com/MariaDB/Server)",
      Flavour::mariadb, {11, 8, 9}, "11.8.9-MariaDB-0+deb13u1");
  check_version(
      "/work/main/releases/mysql-9.7.4/usr/sbin/mysqld  Ver 9.7.4-2 for Linux on x86_64 ((Debian))",
      Flavour::mysql, {9, 7, 4}, "9.7.4-2");
}

// scripts/fetch-releases.sh marks a patched tree with the path it was patched for.
TEST_CASE("detect_release: a patched tree that was moved says how to re-patch it",
          "[server][release]") {
  TempDir dir;
  const auto basedir = dir.path() / "mysql-9.7.4/usr";
  write_fake_server(basedir / "sbin/mysqld", "mysqld  Ver 9.7.4-2 for Linux on x86_64 ((Debian))");
  write_file(basedir / "bin/mysqld_safe", "#!/bin/sh\n", true);
  write_file(dir.path() / "mysql-9.7.4/.versus-release",
             "suite=sid\nversion=9.7.4-2\npatched_for=/elsewhere/releases/mysql-9.7.4\n", false);
  auto r = detect_release(basedir);
  REQUIRE_FALSE(r.has_value());
  CHECK_THAT(r.error().message, Catch::Contains("was patched for /elsewhere/releases/mysql-9.7.4"));
  CHECK_THAT(r.error().message, Catch::Contains("scripts/fetch-releases.sh"));
  // Patched for where it is: detected as usual.
  write_file(dir.path() / "mysql-9.7.4/.versus-release",
             "patched_for=" + (dir.path() / "mysql-9.7.4").string() + "\n", false);
  auto ok = detect_release(basedir);
  REQUIRE(ok.has_value());
  CHECK(ok->info.version == Version{9, 7, 4});
}
