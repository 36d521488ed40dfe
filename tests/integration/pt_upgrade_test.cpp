// The reference for a replay's results comparison: Percona Toolkit's pt-upgrade 3.2.1 (Debian
// 12's percona-toolkit) and versus, given the same log, the same dump and the same releases,
// name the same query classes as returning other results. The log and dump are
// configs/replay's (captured from versus's own shop example on MariaDB 10.11.19, with queries
// whose results differ between releases on purpose, docs/replay.md); MariaDB 10.11.19 is
// compared with MariaDB 11.8 and with MySQL 9.7. pt-upgrade 3.2.1 logs in to MySQL 9.7 (its
// DBD::mysql, on MariaDB's Connector/C 3.3, speaks caching_sha2_password), so no pair is left
// out.
//
// pt-upgrade runs each SELECT of the log once on each of two servers, as text, and reports per
// class (its id: the last 16 hex digits of the MD5 of pt-query-digest's fingerprint) the row,
// warning and error differences; versus's cells record each class's results in results.json's
// query_results (measured/query_results.h), compared here execution by execution.
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <vector>

#include "bench_server.h"
#include "load/family/replay/fingerprint.h"
#include "load/family/replay/replay_script.h"

namespace versus::testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kExample = fs::path(VERSUS_SOURCE_DIR) / "configs/replay";

// A pt-upgrade DSN for the server's benchmark account.
std::string dsn(const BenchServer& s) {
  return "h=127.0.0.1,P=" + std::to_string(s.bench.port) + ",u=" + s.bench.user +
         ",p=" + s.bench.password;
}

// The classes pt-upgrade's report names with a row, warning or error difference (not query
// times, nor an error both servers gave alike): "# Query class ID" starts a class, "## Row
// diffs: N", "## Warning diffs: N", "## Query errors: N" (one server failed) and "## SQL
// errors: N" without "On both hosts" (both failed, differently) mark it.
std::set<std::string> pt_upgrade_differing(const std::string& report) {
  std::set<std::string> out;
  std::istringstream in(report);
  std::string line, klass, section;
  while (std::getline(in, line)) {
    if (line.starts_with("# Query class ")) {
      klass = line.substr(14);
      section.clear();
    } else if (line.starts_with("## ")) {
      section = line.substr(3, line.find(':') - 3);
      if (section == "Row diffs" || section == "Warning diffs" || section == "Query errors")
        out.insert(klass);
    } else if (section == "SQL errors" && line == "vs.") {
      out.insert(klass);
    }
  }
  return out;
}

// pt-upgrade's class id of a fingerprint.
std::string pt_upgrade_id(const std::string& fingerprint) {
  return load::replay::class_id(fingerprint).substr(16);
}

// The fingerprint of each versus class name of the example's log (a name longer than 120
// bytes is cut, its fingerprint then found from the log's statements).
std::map<std::string, std::string> example_fingerprints() {
  const fs::path log = kExample / "shop-slow.log";
  auto script = load::replay::read_script_file(log, {log.string(), false, 1, 0});
  INFO((script ? "" : script.error().message));
  REQUIRE(script);
  std::map<std::string, std::string> out;
  for (const auto& c : script->connections)
    for (const auto& st : c.statements) {
      const std::string fp = load::replay::fingerprint(st.text);
      out[load::replay::class_name(fp)] = fp;
    }
  return out;
}

// What one execution returned, as compared: result set, rows, checksum, error, warning codes
// (results.json leaves out an empty checksum, no warnings, error 0).
std::string execution_key(const json& e) {
  std::string key = std::to_string(e.value("result_set", false)) + "|" +
                    std::to_string(e.value("rows", std::uint64_t{0})) + "|" +
                    e.value("checksum", std::string()) + "|" +
                    std::to_string(e.value("error", 0U)) + "|";
  for (const auto& w : e.value("warnings", json::array()))
    key += std::to_string(w["code"].get<unsigned>()) + ",";
  return key;
}

// Each class's executions (and the rest of the class, when it has one) of one cell's
// query_results, by class name.
std::map<std::string, std::vector<std::string>> class_results(const json& cell) {
  INFO(cell.dump().substr(0, 400));
  REQUIRE(cell.contains("query_results"));  // written when the pass ran
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& c : cell["query_results"]["classes"]) {
    auto& keys = out[c["class"].get<std::string>()];
    for (const auto& e : c["executions"]) keys.push_back(execution_key(e));
    if (c.contains("rest"))
      keys.push_back(std::to_string(c["rest"]["executions"].get<std::uint64_t>()) + "|" +
                     c["rest"]["hash"].get<std::string>());
  }
  return out;
}

// The classes (pt-upgrade ids) whose results differ between the cells of servers `a` and `b`.
std::set<std::string> versus_differing(const json& results, const std::string& server_a,
                                       const std::string& server_b) {
  std::map<std::string, std::map<std::string, std::vector<std::string>>> by_server;
  for (const auto& cell : results["cells"])
    by_server[cell["server"].get<std::string>()] = class_results(cell);
  REQUIRE(by_server.count(server_a) == 1);
  REQUIRE(by_server.count(server_b) == 1);
  const auto &a = by_server[server_a], &b = by_server[server_b];
  std::set<std::string> names, out;
  for (const auto& [name, keys] : a) names.insert(name);
  for (const auto& [name, keys] : b) names.insert(name);
  const auto fingerprints = example_fingerprints();
  for (const std::string& name : names) {
    auto x = a.find(name), y = b.find(name);
    if (x != a.end() && y != b.end() && x->second == y->second) continue;
    auto fp = fingerprints.find(name);
    out.insert(fp == fingerprints.end() ? name : pt_upgrade_id(fp->second));  // "use ?": no id
  }
  return out;
}

// Runs the example's dump into the server, as versus bench --replay prepares it.
void load_example(const BenchServer& s) {
  const std::string cnf =
      s.dir.write("client.cnf", "[client]\npassword=" + s.bench.password + "\n").string();
  fs::permissions(cnf, fs::perms::owner_read | fs::perms::owner_write);
  auto prepared =
      run_versus({"bench", "prepare", "--replay", (kExample / "shop-slow.log").string(),
                  "--replay-data", (kExample / "shop.sql").string(), "--port",
                  std::to_string(s.bench.port), "--user", s.bench.user, "--defaults-file", cnf});
  INFO(prepared.output);
  REQUIRE(prepared.exit_code == 0);
}

// pt-upgrade over the example on two servers that have its dump.
std::set<std::string> run_pt_upgrade(const BenchServer& old_server, const BenchServer& new_server) {
  auto report = run_command("/usr/bin/pt-upgrade",
                            {"--no-version-check", "--charset", "utf8", dsn(old_server),
                             dsn(new_server), (kExample / "shop-slow.log").string()});
  INFO(report.output);
  // Exit 4: differences found (and no internal error, 1, nor a time limit, 8).
  CHECK(report.exit_code == 4);
  CHECK(report.output.find("queries_with_diffs") != std::string::npos);
  return pt_upgrade_differing(report.output);
}

}  // namespace

TEST_CASE(
    "replay results: versus and pt-upgrade 3.2.1 name the same classes as changed, on "
    "configs/replay's log from MariaDB 10.11.19 to 11.8 and to MySQL 9.7",
    "[integration][replay][pt_upgrade]") {
  const std::vector<std::string> releases = {"mariadb-10.11.19", "mariadb-11.8", "mysql-9.7"};
  std::vector<std::set<std::string>> pt;  // against releases[0], for releases[1..]
  {
    std::vector<std::unique_ptr<BenchServer>> servers;
    for (const std::string& release : releases) {
      servers.push_back(start_bench_server("ptup", {{"innodb_buffer_pool_size", "64M"}}, release));
      load_example(*servers.back());
    }
    for (std::size_t i = 1; i < servers.size(); ++i)
      pt.push_back(run_pt_upgrade(*servers[0], *servers[i]));
  }
  // What the example holds on purpose: 'Weiß' = 'Weiss' (ß = ss) holds under 11.8's default
  // utf8mb4_uca1400_ai_ci and MySQL 9.7's utf8mb4_0900_ai_ci, not under 10.11's
  // latin1_swedish_ci; 'Alice ' = 'Alice' holds on MariaDB (PAD SPACE), not on MySQL 9.7
  // (utf8mb4_0900_ai_ci is NO PAD).
  const std::string weiss = pt_upgrade_id("select id, country from customers where name = ?");
  const std::string alice = pt_upgrade_id("select id, email from customers where name = ?");
  CHECK(pt[0] == std::set<std::string>{weiss});
  CHECK(pt[1] == std::set<std::string>{weiss, alice});

  TempDir dir;
  std::string servers_yaml = "servers:\n";
  for (std::size_t i = 0; i < releases.size(); ++i)
    servers_yaml += "  - { name: s" + std::to_string(i) +
                    ", basedir: " + named_release_basedir(releases[i]).string() + " }\n";
  const fs::path matrix = dir.write(
      "m.yaml", servers_yaml + "workloads: [{ replay: " + (kExample / "shop-slow.log").string() +
                    ", replay_data: " + (kExample / "shop.sql").string() +
                    " }]\nthreads: [1]\nwarmup: 0s\nduration: 1s\ninstance_cache: false\n"
                    "cpu_probe: false\n");
  const fs::path run_dir = dir.path() / "run";
  auto ran = run_versus({"run", matrix.string(), "-q", "-o", run_dir.string()});
  INFO(ran.output);
  REQUIRE(fs::exists(run_dir / "results.json"));  // its exit status may tell of the changes
  std::ifstream in(run_dir / "results.json");
  const json results = json::parse(in);
  CHECK(versus_differing(results, "s0", "s1") == pt[0]);
  CHECK(versus_differing(results, "s0", "s2") == pt[1]);
}

}  // namespace versus::testing
