// A query log replayed as a workload (docs/replay.md) through `versus plan` and `versus run` on
// MariaDB 10.11.19 and MySQL 9.7: a hand-written general log of three connections over a
// hand-made dump (user variables, a transaction, a temporary table created and read on its
// connection, a session setting, USE and Init DB, an Execute), every class replayed with
// non-zero counters per class on both, a plan recorded per read class on each instance and the
// classes' table in the report; a write in a read-only replay refused at plan time with
// the file and line, and replayed with replay_writes; replay_order: weighted drawing each class
// by its share of a file of statements; the example configs/replay/upgrade.yaml plans on its
// three releases.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "load/family/replay/replay_script.h"
#include "shared/files.h"
#include "support.h"

namespace versus::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDump =
    "-- a hand-made dump\n"
    "CREATE DATABASE IF NOT EXISTS shop;\n"
    "USE shop;\n"
    "DROP TABLE IF EXISTS customers;\n"
    "CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(20), country CHAR(2));\n"
    "INSERT INTO customers VALUES (1, 'ann', 'DE'), (2, 'bob', 'FR'), (3, 'cy; x', 'DE');\n"
    "DROP TABLE IF EXISTS orders;\n"
    "CREATE TABLE orders (id INT PRIMARY KEY, customer INT, total DECIMAL(10,2), KEY (customer));\n"
    "INSERT INTO orders VALUES (1, 1, 10.50), (2, 1, 20), (3, 2, 7.25), (4, 3, 99);\n";

// Connection 10 keeps a user variable and runs a transaction; 11 reads a temporary table it
// created (an error if its state were not kept; created again each loop, after the reset)
// under a session sql_mode; 12 chooses its database by a USE after connecting without one.
constexpr const char* kGeneralLog =
    "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-log (MariaDB Server). started with:\n"
    "Tcp port: 0  Unix socket: /tmp/x/mysqld.sock\n"
    "Time\t\t    Id Command\tArgument\n"
    "261206 20:13:48\t     10 Connect\tapp@localhost on shop using Socket\n"
    "\t\t     10 Query\tSELECT name FROM customers WHERE id = 1\n"
    "\t\t     11 Connect\tapp@localhost on shop using Socket\n"
    "\t\t     11 Query\tSET SESSION sql_mode = 'STRICT_ALL_TABLES'\n"
    "\t\t     10 Query\tSET @c := 2\n"
    "\t\t     11 Query\tCREATE TEMPORARY TABLE big_orders AS SELECT id, total FROM orders "
    "WHERE total > 15\n"
    "\t\t     10 Query\tSELECT name FROM customers WHERE id = @c\n"
    "261206 20:13:49\t     12 Connect\tapp@localhost as anonymous on  using TCP/IP\n"
    "\t\t     12 Query\tuse shop\n"
    "\t\t     11 Query\tSELECT COUNT(*) FROM big_orders\n"
    "\t\t     10 Query\tBEGIN\n"
    "\t\t     10 Query\tSELECT total FROM orders WHERE id = 3 FOR UPDATE\n"
    "\t\t     12 Query\tSELECT c.country, SUM(o.total)\n"
    "FROM customers c JOIN orders o ON o.customer = c.id\n"
    "GROUP BY c.country\n"
    "\t\t     10 Query\tCOMMIT\n"
    "\t\t     12 Prepare\tSELECT name FROM customers WHERE id = ?\n"
    "\t\t     12 Execute\tSELECT name FROM customers WHERE id = 3\n"
    "\t\t     11 Query\tDROP TEMPORARY TABLE big_orders\n"
    "\t\t     11 Quit\t\n";

constexpr const char* kWritesLog =
    "USE shop;\n"
    "SELECT COUNT(*) FROM orders;\n"
    "UPDATE orders SET total = total + 1 WHERE id = 1;\n";

// A file of statements for replay_order: weighted: 5 standalone statements (3 by id, a count, a
// write); a user variable, its SET and a transaction are left out of the draw.
constexpr const char* kWeightedLog =
    "USE shop;\n"
    "SELECT name FROM customers WHERE id = 1;\n"
    "SELECT name FROM customers WHERE id = 2;\n"
    "SET @o := 4;\n"
    "SELECT total FROM orders WHERE id = @o;\n"
    "SELECT name FROM customers WHERE id = 3;\n"
    "SELECT COUNT(*) FROM orders;\n"
    "BEGIN;\n"
    "SELECT total FROM orders WHERE id = 1 FOR UPDATE;\n"
    "UPDATE orders SET total = total + 1 WHERE id = 1;\n"
    "COMMIT;\n"
    "UPDATE orders SET total = total + 1 WHERE id = 2;\n";

// The classes a replay of `log` names, but the ROLLBACK it adds only after a deadlock.
std::set<std::string> expected_classes(const fs::path& log, bool writes) {
  auto script = load::replay::read_script_file(log, {log.filename().string(), writes, 1, 0});
  INFO((script ? "" : script.error().message));
  REQUIRE(script);
  std::set<std::string> out(script->classes.begin(), script->classes.end());
  out.erase(std::string(load::replay::kRollbackClass));
  return out;
}

std::set<std::string> counted_classes(const nlohmann::json& statements) {
  std::set<std::string> out;
  for (const auto& s : statements)
    if (s["count"].get<long>() > 0) out.insert(s["class"].get<std::string>());
  return out;
}

// Each instance recorded one plan per read class, named by the class, the first execution's
// text EXPLAINed in the database the log says it ran in; a class whose EXPLAIN fails (a
// temporary table only its connection has) records the server's error, and the cells ran.
void check_class_plans(const nlohmann::json& results) {
  int instances = 0;
  for (const auto& d : results["data_sizes"]) {
    INFO(d.dump().substr(0, 1500));
    std::map<std::string, nlohmann::json> plans;
    for (const auto& p : d.value("plans", nlohmann::json::array()))
      if (p["statements"] == "replay-shop") plans[p["class"].get<std::string>()] = p;
    ++instances;
    REQUIRE(plans.count("select name from customers where id = ?") == 1);
    const auto& by_id = plans["select name from customers where id = ?"];
    CHECK(by_id["sql"] == "SELECT name FROM customers WHERE id = 1");
    CHECK_FALSE(by_id.contains("error"));
    CHECK(by_id["tables"][0]["table"] == "customers");
    CHECK(plans.count("select total from orders where id = ? for update") == 1);
    // Connection 12 chose its database by a USE: the join is explained there.
    bool join = false;
    for (const auto& [klass, p] : plans)
      if (klass.starts_with("select c.country")) join = !p.contains("error");
    CHECK(join);
    REQUIRE(plans.count("select count(*) from big_orders") == 1);
    CHECK(plans["select count(*) from big_orders"].contains("error"));
    CHECK(plans.count("set @c := ?") == 0);  // not a SELECT
    CHECK(plans.count("commit") == 0);
  }
  CHECK(instances == 2);
}

std::string servers_yaml() {
  return "servers:\n  - { name: m1011, basedir: " + release_basedir("10.11.19").string() +
         " }\n  - { name: my97, basedir: " + named_release_basedir("mysql-9.7").string() + " }\n";
}

}  // namespace

TEST_CASE("replay: a write in a read-only replay is refused at plan time",
          "[integration][replay]") {
  TempDir dir;
  dir.write("shop.sql", kDump);
  dir.write("writes.log", kWritesLog);
  const fs::path matrix = dir.write(
      "m.yaml", servers_yaml() + "workloads: [{ replay: writes.log, replay_data: shop.sql }]\n");
  auto planned = run_versus({"plan", matrix.string()});
  INFO(planned.output);
  CHECK(planned.exit_code != 0);
  CHECK(planned.output.find("workload replay-writes: writes.log:3: UPDATE writes, and the replay "
                            "is read-only") != std::string::npos);
  CHECK(planned.output.find("(replay_writes: true replays writes)") != std::string::npos);
}

TEST_CASE("replay: a general log and a statements file over a dump on MariaDB and MySQL",
          "[integration][replay]") {
  TempDir dir;
  dir.write("shop.sql", kDump);
  const fs::path log = dir.write("shop.log", kGeneralLog);
  const fs::path writes = dir.write("writes.log", kWritesLog);
  const fs::path matrix = dir.write(
      "m.yaml", servers_yaml() +
                    "workloads:\n  - { replay: shop.log, replay_data: shop.sql }\n"
                    "  - { replay: writes.log, replay_data: shop.sql, replay_writes: true }\n"
                    "threads: [2]\nwarmup: 0s\nduration: 2s\ninstance_cache: false\n"
                    "cpu_probe: false\n");
  const fs::path run_dir = dir.path() / "run";
  auto ran = run_versus({"run", matrix.string(), "-o", run_dir.string()});
  INFO(ran.output);
  CHECK(ran.exit_code == 0);
  CHECK(live_recorded_servers(run_dir).empty());
  std::ifstream in(run_dir / "results.json");
  const auto j = nlohmann::json::parse(in);
  REQUIRE(j["cells"].size() == 4);
  const auto shop_classes = expected_classes(log, false);
  const auto write_classes = expected_classes(writes, true);
  CHECK(shop_classes.count("select name from customers where id = ?") == 1);
  CHECK(shop_classes.count("use ?") == 1);
  std::set<std::string> servers;
  for (const auto& cell : j["cells"]) {
    INFO(cell.dump().substr(0, 600));
    REQUIRE(cell["status"] == "ok");
    servers.insert(cell["server"].get<std::string>());
    CHECK(cell["tps"].get<double>() > 10);
    const bool is_shop = cell["workload"] == "replay-shop";
    CHECK((is_shop || cell["workload"] == "replay-writes"));
    CHECK(counted_classes(cell["statements"]) == (is_shop ? shop_classes : write_classes));
  }
  CHECK(servers == std::set<std::string>{"m1011", "my97"});
  check_class_plans(j);
  // The run's reports give each class of a replay its own row against the baseline.
  const std::string md = text_of(run_dir / "comparison.md");
  CHECK(md.find("Query classes, my97/") != std::string::npos);
  CHECK(md.find("select name from customers where id = ?") != std::string::npos);
}

// replay_order: weighted on MariaDB 10.11.19: a file of statements whose standalone
// statements are drawn, each equally likely, so each class by its share of the file, and
// what keeps a connection's state (a user variable, a transaction) never.
TEST_CASE("replay: replay_order weighted draws each class by its share of the file",
          "[integration][replay]") {
  TempDir dir;
  dir.write("shop.sql", kDump);
  dir.write("mix.log", kWeightedLog);
  const fs::path matrix = dir.write(
      "m.yaml", "servers:\n  - { name: m1011, basedir: " + release_basedir("10.11.19").string() +
                    " }\nworkloads:\n  - { replay: mix.log, replay_data: shop.sql, "
                    "replay_writes: true, replay_order: weighted, replay_compare: false }\n"
                    "threads: [2]\nwarmup: 0s\nduration: 2s\ninstance_cache: false\n"
                    "cpu_probe: false\n");
  const fs::path run_dir = dir.path() / "run";
  auto ran = run_versus({"run", matrix.string(), "-o", run_dir.string()});
  INFO(ran.output);
  CHECK(ran.exit_code == 0);
  std::ifstream in(run_dir / "results.json");
  const auto j = nlohmann::json::parse(in);
  REQUIRE(j["cells"].size() == 1);
  const auto& cell = j["cells"][0];
  INFO(cell.dump().substr(0, 1500));
  REQUIRE(cell["status"] == "ok");
  // The draws' classes and their shares of the file's 5 standalone statements.
  const std::map<std::string, double> share{
      {"select name from customers where id = ?", 0.6},
      {"select count(*) from orders", 0.2},
      {"update orders set total = total ? ? where id = ?", 0.2}};
  std::map<std::string, double> count;
  double drawn = 0;
  for (const auto& s : cell["statements"]) {
    const auto klass = s["class"].get<std::string>();
    const auto n = s["count"].get<double>();
    if (n == 0 || klass == load::replay::kUseClass) continue;
    CHECK(share.count(klass) == 1);  // SET, BEGIN, a user variable, FOR UPDATE: never drawn
    count[klass] = n;
    drawn += n;
  }
  REQUIRE(drawn > 300);
  // Each draw is a transaction of the cell.
  const auto transactions = cell["counters"]["transactions"].get<double>();
  CHECK(std::abs(transactions - drawn) <= std::max(4.0, 0.01 * drawn));
  // Binomial shares: 6 standard deviations, a correct draw outside with probability ~2e-9.
  for (const auto& [klass, p] : share) {
    INFO(klass << ": " << count[klass] << " of " << drawn);
    CHECK(std::abs(count[klass] / drawn - p) < 6 * std::sqrt(p * (1 - p) / drawn));
  }
}

}  // namespace versus::testing

namespace versus::testing {

// The example of docs/replay.md plans as its header runs it: its log read through (no write
// in it), its three releases detected.
TEST_CASE("replay: configs/replay/upgrade.yaml plans on its three releases",
          "[integration][replay]") {
  std::vector<std::string> args{"plan",
                                std::string(VERSUS_SOURCE_DIR) + "/configs/replay/upgrade.yaml"};
  for (const auto& [name, dir] :
       {std::pair{"mariadb-10.11", "mariadb-10.11.19"}, std::pair{"mariadb-11.8", "mariadb-11.8"},
        std::pair{"mysql-9.7", "mysql-9.7"}}) {
    args.push_back("--server");
    args.push_back(std::string(name) + "=" + named_release_basedir(dir).string());
  }
  auto r = run_versus(args);
  INFO(r.output);
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("9 cells (3 servers") != std::string::npos);
  CHECK(r.output.find("replay-shop-slow t=4 r3") != std::string::npos);
}

}  // namespace versus::testing
