#include "run/why/why_plan.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <string>

#include "config/reading/matrix_parser.h"
#include "server/release.h"
#include "util/whole_file.h"

namespace fs = std::filesystem;
using versus::config::Plan;

namespace {
const char* kMatrix =
    "servers:\n  - { name: mariadb-10.11, basedir: . }\n"
    "  - { name: mysql-9.7, basedir: ., options: { sync_binlog: 1, max_connections: 300 } }\n"
    "profiles: [{ name: as-shipped }]\nworkloads: [oltp_read_write]\nthreads: [4]\n"
    "exclude:\n  - { server: mysql-9.7, threads: 4, workload: oltp_read_write, engine: innodb }\n"
    "  - { server: mariadb-10.11 }\n";

versus::server::VersionInfo why_version(std::string_view line) {
  auto info = versus::server::parse_version_output(line);
  REQUIRE(info.has_value());
  return *info;
}

struct Fixture {
  fs::path dir = fs::temp_directory_path() / ("versus-why-" + std::to_string(std::random_device{}()));
  Plan plan;
  versus::run::Preflight pf;
  versus::results::RunResults results;

  Fixture() {
    fs::create_directories(dir);
    // exclude[] would leave no cell: the why run empties it (the parent's entries may name
    // servers it does not have); parsed here without it.
    std::string text = kMatrix;
    text = text.substr(0, text.find("exclude:"));
    auto p = versus::config::parse_matrix_text(text, "m.yaml", dir);
    REQUIRE(p);
    plan = *p;
    pf.releases.resize(2);
    pf.releases[0].info = why_version(
        "/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 "
        "(Debian 12)");
    pf.releases[1].info = why_version("mysqld  Ver 9.7.0 for Linux on x86_64 (MySQL Community Server - GPL)");
    pf.fragments.resize(1);
    pf.server_fragments.resize(2);
    versus::results::DataSizeRecord base, column;
    base.server = "mariadb-10.11";
    column.server = "mysql-9.7";
    base.profile = column.profile = "as-shipped";
    base.settings = {{"log_bin", "OFF"}, {"sync_binlog", "0"}, {"binlog_format", "MIXED"},
                     {"performance_schema", "OFF"}, {"innodb_change_buffering", "none"}};
    column.settings = {{"log_bin", "ON"}, {"sync_binlog", "1"}, {"binlog_format", "ROW"},
                       {"performance_schema", "ON"}};
    results.data_sizes = {base, column};
  }
  ~Fixture() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  versus::run::WhyRequest request() { return {plan, pf, results, 1, 0, dir / "variants"}; }
};
}  // namespace

TEST_CASE("plan_why: a variant per differing group, then all at once, as servers of a second run",
          "[run][why]") {
  Fixture f;
  auto why = versus::run::plan_why(f.request());
  REQUIRE(why);
  CHECK(why->baseline == "mariadb-10.11");
  CHECK(why->column == "mysql-9.7");
  REQUIRE(why->variants.size() == 3);
  const auto& durability = why->variants[0];
  CHECK(durability.server == "mysql-9.7.alike-durability");
  CHECK(durability.group == "durability");
  // MySQL 9.7 logs by default: disable-log-bin (sync_binlog and binlog_format then say nothing).
  CHECK(std::find(durability.lines.begin(), durability.lines.end(), "disable-log-bin") !=
        durability.lines.end());
  CHECK(why->variants[1].server == "mysql-9.7.alike-instrumentation");
  CHECK(why->variants[1].lines == std::vector<std::string>{"performance_schema=OFF"});
  CHECK(why->variants[2].server == "mysql-9.7.alike-all");
  CHECK(why->variants[2].group.empty());
  // Each fragment holds its lines.
  const auto text = versus::read_whole_file(f.dir / "variants" / "mysql-9.7.alike-instrumentation.cnf");
  REQUIRE(text);
  CHECK(text->find("[mysqld]\n") == 0);
  CHECK(text->find("\nperformance_schema=OFF\n") != std::string::npos);
  // The second run: the parent matrix with the overrides: five servers, the variants with the
  // column's basedir, its options (max_connections kept), their fragment after its files.
  auto derived =
      versus::config::parse_matrix_text(kMatrix, "m.yaml", f.dir, why->overrides);
  INFO((derived ? "" : derived.error().message));
  REQUIRE(derived);
  REQUIRE(derived->servers.size() == 5);
  CHECK(derived->servers[0].name == "mariadb-10.11");
  CHECK(derived->servers[1].name == "mysql-9.7");
  CHECK(derived->servers[3].name == "mysql-9.7.alike-instrumentation");
  CHECK(derived->servers[3].files.back().filename() == "mysql-9.7.alike-instrumentation.cnf");
  CHECK(derived->excludes.empty());
  CHECK(derived->profiles.size() == 1);
  auto has = [](const versus::config::ServerSpec& s, const std::string& name) {
    return std::any_of(s.options.begin(), s.options.end(),
                       [&](const auto& o) { return o.first == name; });
  };
  CHECK(has(derived->servers[1], "sync_binlog"));
  CHECK(has(derived->servers[3], "sync_binlog"));  // instrumentation leaves durability as it is
  CHECK(has(derived->servers[3], "max_connections"));
  // The durability variant sets sync_binlog itself: the column's own option is left out.
  CHECK_FALSE(has(derived->servers[2], "sync_binlog"));
  CHECK(has(derived->servers[2], "max_connections"));
  // Server options only: each variant is a copy of the column's instance, restarted.
  CHECK(derived->servers[0].data_from.empty());
  CHECK(derived->servers[1].data_from.empty());
  for (std::size_t s = 2; s < 5; ++s) CHECK(derived->servers[s].data_from == "mysql-9.7");
}

TEST_CASE("plan_why: a variant that changes how tables are created loads its own", "[run][why]") {
  Fixture f;
  f.results.data_sizes[0].settings["character_set_server"] = "latin1";
  f.results.data_sizes[1].settings["character_set_server"] = "utf8mb4";
  auto why = versus::run::plan_why(f.request());
  REQUIRE(why);
  auto derived = versus::config::parse_matrix_text(kMatrix, "m.yaml", f.dir, why->overrides);
  INFO((derived ? "" : derived.error().message));
  REQUIRE(derived);
  bool saw_schema = false;
  for (std::size_t s = 2; s < derived->servers.size(); ++s) {
    const auto& v = why->variants[s - 2];
    INFO(v.server);
    CHECK(derived->servers[s].name == v.server);
    const bool own = v.group == "schema" || v.group.empty();  // all alike includes the schema
    saw_schema = saw_schema || v.group == "schema";
    CHECK(v.changes_data == own);
    CHECK(derived->servers[s].data_from == (own ? "" : "mysql-9.7"));
  }
  CHECK(saw_schema);
}

TEST_CASE("plan_why: refusals name what is missing", "[run][why]") {
  Fixture f;
  auto req = f.request();
  req.server = 0;
  CHECK(versus::run::plan_why(req).error().message.find("servers[0] is the baseline") !=
        std::string::npos);
  Fixture same;
  same.results.data_sizes[1].settings = same.results.data_sizes[0].settings;
  CHECK(versus::run::plan_why(same.request()).error().message.find("no gap to split by setting") !=
        std::string::npos);
  Fixture none;
  none.results.data_sizes[0].settings.clear();
  CHECK(versus::run::plan_why(none.request()).error().message.find("no settings recorded") !=
        std::string::npos);
}

TEST_CASE("plan_why: max_groups keeps the groups of the largest expected effect; all alike "
          "still makes every group alike",
          "[run][why]") {
  Fixture f;
  auto request = f.request();
  request.max_groups = 1;
  auto why = versus::run::plan_why(request);
  REQUIRE(why);
  // durability ranks before instrumentation in kExpectedEffectOrder.
  REQUIRE(why->variants.size() == 2);
  CHECK(why->variants[0].group == "durability");
  CHECK(why->variants[1].server == "mysql-9.7.alike-all");
  CHECK(why->left_out == std::vector<std::string>{"instrumentation"});
  const auto& all = why->variants[1].lines;
  CHECK(std::find(all.begin(), all.end(), "performance_schema=OFF") != all.end());
  CHECK(std::find(all.begin(), all.end(), "disable-log-bin") != all.end());
  CHECK_FALSE(fs::exists(f.dir / "variants" / "mysql-9.7.alike-instrumentation.cnf"));

  request.max_groups = 0;  // none of its own: the release and the interaction only
  why = versus::run::plan_why(request);
  REQUIRE(why);
  REQUIRE(why->variants.size() == 1);
  CHECK(why->left_out == std::vector<std::string>{"durability", "instrumentation"});
}

TEST_CASE("plan_why within a group: a variant per setting, each alone, and the group alike",
          "[run][why]") {
  Fixture f;
  auto request = f.request();
  request.within = "durability";
  auto why = versus::run::plan_why(request);
  REQUIRE(why);
  CHECK(why->within == "durability");
  REQUIRE(why->variants.size() == 4);
  CHECK(why->variants[0].server == "mysql-9.7.alike-log_bin");
  CHECK(why->variants[0].lines == std::vector<std::string>{"disable-log-bin"});
  // sync_binlog alone: the binary log stays on, synced as the baseline would sync it.
  CHECK(why->variants[1].server == "mysql-9.7.alike-sync_binlog");
  CHECK(why->variants[1].lines == std::vector<std::string>{"sync_binlog=0"});
  CHECK(why->variants[2].server == "mysql-9.7.alike-binlog_format");
  CHECK(why->variants[2].lines == std::vector<std::string>{"binlog_format=MIXED"});
  // The whole group alike stands where every group alike stands in a split by group.
  CHECK(why->variants[3].server == "mysql-9.7.alike-durability");
  CHECK(why->variants[3].group.empty());
  CHECK(std::find(why->variants[3].lines.begin(), why->variants[3].lines.end(),
                  "disable-log-bin") != why->variants[3].lines.end());
  // performance_schema is not durability's: no variant touches it.
  for (const auto& v : why->variants)
    CHECK(std::find(v.lines.begin(), v.lines.end(), "performance_schema=OFF") == v.lines.end());

  request.within = "instrumentation";  // one setting: its share is the group's
  auto one = versus::run::plan_why(request);
  REQUIRE_FALSE(one);
  CHECK(one.error().message ==
        "instrumentation has 1 setting that differs and can be made alike: its share is the "
        "group's, nothing to split by variable");
}
