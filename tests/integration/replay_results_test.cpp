// The comparison pass of a replay (docs/replay.md, "Results compared") on MariaDB 10.11.19,
// MariaDB 11.8 and MySQL 9.7, over a dump whose utf8mb4 table names no collation (each
// server's default decides): a comparison with a trailing space (PAD SPACE on both MariaDB
// releases, NO PAD in MySQL 9.7's utf8mb4_0900_ai_ci), 'ß' against 'ss' (utf8mb4_general_ci
// on 10.11 sets ß = s, the UCA collations of 11.8 and 9.7 ß = ss), a MariaDB-only function
// (an error on 9.7 alone, recorded by the pass; the timed pass then fails that cell), a
// warning, an ORDER BY and NOW(): what each server returned is in results.json's
// query_results, compared here class by class.
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support.h"

namespace versus::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPeopleDump =
    "/*!40101 SET NAMES utf8mb4 */;\n"
    "DROP TABLE IF EXISTS people;\n"
    "CREATE TABLE people (id INT PRIMARY KEY, name VARCHAR(40)) DEFAULT CHARSET=utf8mb4;\n"
    "INSERT INTO people VALUES (1, 'Alice'), (2, 'Stra\xC3\x9F"
    "e'), (3, 'Bob');\n";

constexpr const char* kPeopleLog =
    "SELECT COUNT(*) FROM people WHERE name = 'Alice ';\n"
    "SELECT id FROM people WHERE name = 'Strasse';\n"
    "SELECT JSON_DETAILED('{\"a\": 1}');\n"
    "SELECT CAST('1x' AS SIGNED);\n"
    "SELECT id, name FROM people ORDER BY id;\n"
    "SELECT NOW();\n";

constexpr const char* kPad = "select count(*) from people where name = ?";
constexpr const char* kSharpS = "select id from people where name = ?";
constexpr const char* kJson = "select json_detailed(?)";
constexpr const char* kCast = "select cast(? as signed)";
constexpr const char* kOrdered = "select id, name from people order by id";
constexpr const char* kNow = "select now()";

// A class of one cell's query_results by name; REQUIREs it is there.
const nlohmann::json& class_named(const nlohmann::json& cell, const std::string& name) {
  for (const auto& c : cell["query_results"]["classes"])
    if (c["class"] == name) return c;
  FAIL("no class " << name);
  static const nlohmann::json none;
  return none;
}

// The first (only) execution of a class.
const nlohmann::json& first_run(const nlohmann::json& cell, const std::string& name) {
  const auto& c = class_named(cell, name);
  REQUIRE(c["executions"].size() == 1);
  return c["executions"][0];
}

// Runs `matrix` into dir/run (whatever its exit status), checks nothing was left running, and
// returns its results.json as written.
nlohmann::json run_and_read(const TempDir& dir, const fs::path& matrix) {
  const fs::path run_dir = dir.path() / "run";
  auto ran = run_versus({"run", matrix.string(), "-o", run_dir.string()});
  INFO(ran.output);
  CHECK(live_recorded_servers(run_dir).empty());
  std::ifstream in(run_dir / "results.json");
  return nlohmann::json::parse(in);
}

}  // namespace

TEST_CASE("replay: the comparison pass records rows, checksums, errors and warnings per class",
          "[integration][replay]") {
  TempDir dir;
  dir.write("people.sql", kPeopleDump);
  dir.write("people.log", kPeopleLog);
  const fs::path matrix = dir.write(
      "m.yaml",
      "servers:\n  - { name: m1011, basedir: " + release_basedir("10.11.19").string() +
          " }\n  - { name: m118, basedir: " + named_release_basedir("mariadb-11.8").string() +
          " }\n  - { name: my97, basedir: " + named_release_basedir("mysql-9.7").string() +
          " }\nworkloads: [{ replay: people.log, replay_data: people.sql }]\n"
          "threads: [1]\nwarmup: 0s\nduration: 1s\nrepeats: 1\n"
          "instance_cache: false\ncpu_probe: false\n");
  const auto j = run_and_read(dir, matrix);
  REQUIRE(j["cells"].size() == 3);
  std::map<std::string, nlohmann::json> cells;
  for (const auto& cell : j["cells"]) cells[cell["server"].get<std::string>()] = cell;
  REQUIRE(cells.size() == 3);
  for (const auto& [server, cell] : cells) {
    INFO(server << ": " << cell["query_results"].dump(1));
    REQUIRE(cell.contains("query_results"));
    CHECK(cell["query_results"]["seconds"].get<double>() > 0);
    CHECK_FALSE(cell["query_results"].contains("stopped"));
    CHECK(cell["query_results"]["classes"].size() == 6);
    // The rows shown are hashed by default.
    const auto& ordered = first_run(cell, kOrdered);
    CHECK(ordered["columns"] == nlohmann::json::array({"id", "name"}));
    REQUIRE(ordered["rows_shown"].size() == 3);
    CHECK(ordered["rows_shown"][0].get<std::string>().rfind("id=#", 0) == 0);
    CHECK(ordered["rows_shown"][0].get<std::string>().find("Alice") == std::string::npos);
    CHECK(ordered["rows"] == 3);
    const auto& cast = first_run(cell, kCast);
    REQUIRE(cast["warnings"].size() == 1);
    CHECK(cast["warnings"][0]["code"] == 1292);
    CHECK(cast["warnings"][0]["level"] == "Warning");
    const auto& now = class_named(cell, kNow);
    CHECK(now["nondeterminism"] == nlohmann::json::array({"calls NOW()"}));
    CHECK_FALSE(class_named(cell, kPad).contains("nondeterminism"));
  }
  const auto &m1011 = cells["m1011"], &m118 = cells["m118"], &my97 = cells["my97"];
  // PAD SPACE (MariaDB's default collations) matches 'Alice ', NO PAD (MySQL 9.7's) does not.
  CHECK(first_run(m1011, kPad)["rows_shown"][0] == "COUNT(*)=#" + std::string("c4ca4238"));
  CHECK(first_run(m118, kPad)["checksum"] == first_run(m1011, kPad)["checksum"]);
  CHECK(first_run(my97, kPad)["checksum"] != first_run(m1011, kPad)["checksum"]);
  CHECK(first_run(my97, kPad)["rows_shown"][0] == "COUNT(*)=#" + std::string("cfcd2084"));
  // ß = ss in the UCA collations of 11.8 and 9.7, not in 10.11's utf8mb4_general_ci.
  CHECK(first_run(m1011, kSharpS)["rows"] == 0);
  CHECK(first_run(m118, kSharpS)["rows"] == 1);
  CHECK(first_run(my97, kSharpS)["rows"] == 1);
  CHECK(first_run(m118, kSharpS)["checksum"] == first_run(my97, kSharpS)["checksum"]);
  // JSON_DETAILED: MariaDB's alone.
  CHECK(first_run(m1011, kJson)["rows"] == 1);
  CHECK_FALSE(first_run(m1011, kJson).contains("error"));
  CHECK(first_run(m118, kJson)["checksum"] == first_run(m1011, kJson)["checksum"]);
  CHECK(first_run(my97, kJson)["error"] == 1305);
  CHECK(first_run(my97, kJson)["result_set"] == false);
  // The same rows where nothing differs.
  for (const char* same : {kCast, kOrdered})
    CHECK(first_run(my97, same)["checksum"] == first_run(m1011, same)["checksum"]);
  // The pass's error is not the cell's: MariaDB's cells pass; 9.7's timed pass fails it.
  CHECK(m1011["status"] == "ok");
  CHECK(m118["status"] == "ok");
  CHECK(my97["status"] == "failed");
  CHECK(my97["error"].get<std::string>().find("1305") != std::string::npos);
  std::ifstream log(dir.path() / "run" / "run.log");
  std::stringstream text;
  text << log.rdbuf();
  CHECK(text.str().find("statements in 6 classes, 1 errors") != std::string::npos);
}

}  // namespace versus::testing

namespace versus::testing {

// A statement longer than stall_timeout ends the pass (its connection reads with that
// deadline), recorded with the lost connection's error, and the statement is stopped on the
// server (KILL QUERY: SLEEP(4) still runs when the 2-s deadline passes); the cell goes on to its
// timed pass, which the watchdog then ends as it ends any cell whose server stops answering.
TEST_CASE("replay: a statement past the read deadline ends the comparison pass",
          "[integration][replay]") {
  TempDir dir;
  dir.write("sleepy.log", "SELECT 1;\nSELECT SLEEP(4);\nSELECT 2;\n");
  const fs::path matrix = dir.write(
      "m.yaml", "servers:\n  - { name: m1011, basedir: " + release_basedir("10.11.19").string() +
                    " }\nworkloads: [{ replay: sleepy.log }]\nthreads: [1]\nwarmup: 0s\n"
                    "duration: 1s\nrepeats: 1\nstall_timeout: 2s\ninstance_cache: false\n"
                    "cpu_probe: false\n");
  const auto j = run_and_read(dir, matrix);
  REQUIRE(j["cells"].size() == 1);
  const auto& cell = j["cells"][0];
  INFO(cell["query_results"].dump(1));
  CHECK(cell["status"] == "unresponsive");
  const auto& q = cell["query_results"];
  CHECK(q["seconds"].get<double>() >= 2.0);
  CHECK(q["seconds"].get<double>() < 4.0);
  CHECK(q["stopped"].get<std::string>().find("SELECT SLEEP(4)") != std::string::npos);
  const auto& ones = first_run(cell, "select ?");  // SELECT 2 never ran
  CHECK(ones["line"] == 1);
  CHECK(ones["rows"] == 1);
  const auto& sleep = first_run(cell, "select sleep(?)");
  CHECK(sleep["line"] == 2);
  CHECK(sleep["error"] == 2013);
  std::ifstream log_file(dir.path() / "run" / "run.log");
  std::stringstream log;
  log << log_file.rdbuf();
  INFO(log.str());
  CHECK(log.str().find("results pass: its statement stopped on the server (KILL QUERY ") !=
        std::string::npos);
}

}  // namespace versus::testing
