// The releases of the five published comparisons (docs/config.md, "Reproducing the posts"),
// none of which can be fetched here: from the `--version` line each prints, the release
// detection, the initializer command and the rendered my.cnf (with the shipped profiles the
// seed configs use) must be what that release accepts. Covers server/release.cpp,
// server/initializer.cpp and server/my_cnf.cpp together, per release.
//
// The version lines have the shape each build prints: MySQL's generic Linux tarballs
// ("for linux2.6" in 5.5, "for Linux" from 5.6, "for unknown-linux-gnu" in 5.1), Percona's
// "(Percona Server (GPL), Release ..., Revision ...)" suffix.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "server/initializer.h"
#include "server/my_cnf.h"
#include "server/release.h"
#include "server/server_process.h"
#include "shared/files.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace versus::server;

namespace {

using versus::testing::has_line;
using versus::testing::write_file;

struct SeedRelease {
  std::string line;  // `mysqld --version`
  Flavour flavour;
  Version version;
  bool keep_my_cnf;  // mysql_install_db knows --keep-my-cnf (5.6.20+)
  bool language;     // language= rather than lc-messages-dir= (before 5.5)
};

const std::vector<SeedRelease>& seed_releases() {
  static const std::vector<SeedRelease> kAll{
      {"mysqld  Ver 5.1.46 for unknown-linux-gnu on x86_64 (MySQL Community Server (GPL))",
       Flavour::mysql,
       {5, 1, 46},
       false,
       true},
      {"mysqld  Ver 5.5.30 for linux2.6 on x86_64 (MySQL Community Server (GPL))",
       Flavour::mysql,
       {5, 5, 30},
       false,
       false},
      {"mysqld  Ver 5.6.10 for Linux on x86_64 (MySQL Community Server (GPL))",
       Flavour::mysql,
       {5, 6, 10},
       false,
       false},
      {"mysqld  Ver 5.6.14 for linux-glibc2.5 on x86_64 (MySQL Community Server (GPL))",
       Flavour::mysql,
       {5, 6, 14},
       false,
       false},
      {"mysqld  Ver 5.6.20 for Linux on x86_64 (MySQL Community Server (GPL))",
       Flavour::mysql,
       {5, 6, 20},
       true,
       false},
      {"mysqld  Ver 5.5.33-31.1 for Linux on x86_64 (Percona Server (GPL), Release rel31.1, "
       "Revision 566)",
       Flavour::percona,
       {5, 5, 33},
       false,
       false},
      {"mysqld  Ver 5.6.14-62.0 for Linux on x86_64 (Percona Server (GPL), Release 62.0, "
       "Revision 483)",
       Flavour::percona,
       {5, 6, 14},
       false,
       false},
  };
  return kAll;
}

// A tarball-shaped basedir: bin/mysqld (printing the line), bin/mysqld_safe,
// scripts/mysql_install_db, share/english/errmsg.sys, lib/plugin.
fs::path fake_tarball(const fs::path& root, const SeedRelease& r) {
  write_file(root / "bin/mysqld", "#!/bin/sh\necho '" + r.line + "'\n", true);
  write_file(root / "bin/mysqld_safe", "#!/bin/sh\n", true);
  write_file(root / "scripts/mysql_install_db", "#!/bin/sh\n", true);
  write_file(root / "share/english/errmsg.sys", "", false);
  fs::create_directories(root / "lib/plugin");
  return root;
}

std::string read_profile(const std::string& name) {
  std::ifstream in(fs::path(VERSUS_SOURCE_DIR) / "profiles" / name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Options newer than MySQL 5.1.46 that the shipped profiles use, with the release that added
// them (MySQL 5.5 and 5.6 reference manuals): only with loose- may a 5.1 my.cnf name them.
struct Newer {
  std::string name;  // normalized
  Version since;
};
const std::vector<Newer> kNewerThan51{
    {"performance-schema", {5, 5, 3}},
    {"performance-schema-instrument", {5, 6, 4}},
    {"performance-schema-consumer-events-statements-history", {5, 6, 4}},
    {"performance-schema-consumer-events-waits-current", {5, 6, 4}},
    {"lc-messages-dir", {5, 5, 0}},
    {"innodb-buffer-pool-instances", {5, 5, 4}},
};

// Every option line of `cnf` (not comments, sections or loose- ones), as written.
std::vector<std::string> bare_options(const std::string& cnf) {
  std::vector<std::string> out;
  std::istringstream in(cnf);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line[0] == '[' || line[0] == ';') continue;
    std::string name = line.substr(0, line.find('='));
    if (name.rfind("loose-", 0) == 0 || name.rfind("loose_", 0) == 0) continue;
    out.push_back(normalize_option_name(name));
  }
  return out;
}

}  // namespace

TEST_CASE("seed releases: each --version line is detected as its flavour and version",
          "[server][seeds]") {
  versus::testing::TempDir dir;
  for (const auto& r : seed_releases()) {
    INFO(r.line);
    auto rel =
        detect_release(fake_tarball(dir.path() / r.line.substr(12, r.line.find(" for") - 12), r));
    REQUIRE(rel.has_value());
    CHECK(rel->info.flavour == r.flavour);
    CHECK(rel->info.version == r.version);
    CHECK(rel->messages_dir == rel->basedir / "share");
    CHECK(rel->plugin_dir == rel->basedir / "lib/plugin");
    CHECK(init_method(rel->info) == InitMethod::mysql_install_db);
  }
}

TEST_CASE("seed releases: the initializer command each release's mysql_install_db accepts",
          "[server][seeds]") {
  versus::testing::TempDir dir;
  for (const auto& r : seed_releases()) {
    INFO(r.line);
    auto rel =
        detect_release(fake_tarball(dir.path() / r.line.substr(12, r.line.find(" for") - 12), r));
    REQUIRE(rel.has_value());
    auto paths = InstancePaths::under(dir.path() / "run/i", 3307);
    auto cmd = initializer_command(*rel, paths, true);
    REQUIRE(cmd.has_value());
    CHECK(cmd->exe == rel->basedir / "scripts/mysql_install_db");
    std::vector<std::string> expected{"--defaults-file=" + paths.defaults_file.string(),
                                      "--basedir=" + rel->basedir.string(),
                                      "--datadir=" + paths.datadir.string(),
                                      "--user=root",
                                      "--force",
                                      "--skip-name-resolve"};
    if (r.keep_my_cnf) expected.push_back("--keep-my-cnf");
    CHECK(cmd->args == expected);
  }
}

TEST_CASE("seed releases: the rendered my.cnf has only lines the release knows",
          "[server][seeds]") {
  versus::testing::TempDir dir;
  for (const auto& r : seed_releases()) {
    INFO(r.line);
    auto rel =
        detect_release(fake_tarball(dir.path() / r.line.substr(12, r.line.find(" for") - 12), r));
    REQUIRE(rel.has_value());
    MyCnfInput in;
    in.release = *rel;
    in.paths = InstancePaths::under(dir.path() / "run/i", 3307);
    in.title = "seed";
    for (const char* p : {"seed000-my-small.cnf", "perf-schema-off.cnf", "seed001-percona.cnf",
                          "innodb-file-per-table-off.cnf", "utf8-tables.cnf"})
      in.fragments.push_back({p, read_profile(p)});
    auto cnf = render_my_cnf(in);
    REQUIRE(cnf.has_value());
    CHECK(has_line(*cnf, "skip-name-resolve"));
    CHECK(has_line(*cnf, "bind-address=127.0.0.1"));
    CHECK(has_line(*cnf, "plugin-dir=" + (rel->basedir / "lib/plugin").string()));
    CHECK(has_line(*cnf, "language=" + (rel->basedir / "share/english").string()) == r.language);
    CHECK(has_line(*cnf, "lc-messages-dir=" + (rel->basedir / "share").string()) != r.language);
    CHECK(has_line(*cnf, "loose-performance_schema=OFF"));
    for (const auto& opt : bare_options(*cnf))
      for (const auto& n : kNewerThan51) {
        INFO(opt);
        CHECK_FALSE((opt == n.name && r.version < n.since));
      }
    for (const char* newer :
         {"secure-file-priv", "mysqlx", "default-authentication-plugin", "mysql-native-password"})
      CHECK(cnf->find(newer) == std::string::npos);
  }
}

TEST_CASE("seed releases: every shipped profile names newer options only with loose-",
          "[server][seeds]") {
  for (const auto& entry : fs::directory_iterator(fs::path(VERSUS_SOURCE_DIR) / "profiles")) {
    INFO(entry.path());
    for (const auto& opt : bare_options(read_profile(entry.path().filename().string())))
      for (const auto& n : kNewerThan51) CHECK(opt != n.name);
  }
}

TEST_CASE("seed releases: mysqld_safe gets the release's basedir as MY_BASEDIR_VERSION",
          "[server][seeds]") {
  Release r;
  r.basedir = "/opt/mysql-5.1.46";
  auto env = safe_environment(r);
  REQUIRE(env.size() == 1);
  CHECK(env[0].first == "MY_BASEDIR_VERSION");
  CHECK(env[0].second == "/opt/mysql-5.1.46");
}
