// A workload file of your own SQL (docs/own-sql.md) on real releases: the example
// configs/own-sql/shop.yaml through `versus run` on MariaDB 10.11.19, 11.8 and MySQL 9.7 with
// per-statement and per-transaction figures under the file's names; a statement a release
// cannot prepare failing its cells with the file, the line and the server's message, the other
// cells kept and no server left; and `versus bench` with the file against a running server.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "bench_server.h"
#include "support.h"

namespace versus::testing {
namespace {

namespace fs = std::filesystem;

// The example's statement names, in file order.
const std::vector<std::string> kShopStatements = {
    "customer_by_id",   "orders_of_customer", "open_orders_by_country", "revenue_of_customer",
    "order_for_update", "pay_order",          "update_email"};

std::string shop_path() {
  return (fs::path(VERSUS_SOURCE_DIR) / "configs/own-sql/shop.yaml").string();
}

// A workload file whose one statement names a column no table has (line 4).
constexpr const char* kBroken = R"(transactions:
  - name: lookup
    statements:
      - { name: by_missing_column, sql: "SELECT nope FROM customers WHERE id = ?",
          params: [{ generator: uniform, min: 1, max: 10 }] }
)";

std::set<std::string> classes_of(const nlohmann::json& statements) {
  std::set<std::string> out;
  for (const auto& s : statements)
    if (s["count"].get<long>() > 0) out.insert(s["class"].get<std::string>());
  return out;
}

void check_shop_cell(const nlohmann::json& cell) {
  INFO(cell.dump().substr(0, 400));
  REQUIRE(cell["status"] == "ok");
  CHECK(cell["tps"].get<double>() > 50);
  CHECK_FALSE(cell.contains("nopm"));  // TPC-C's New-Orders only
  // Every transaction sends at least one statement, checkout BEGIN and COMMIT too.
  CHECK(cell["qps"].get<double>() > cell["tps"].get<double>());
  const auto classes = classes_of(cell["statements"]);
  for (const std::string& name : kShopStatements) CHECK(classes.count(name) == 1);
  std::set<std::string> kinds;
  for (const auto& k : cell["transaction_kinds"]) kinds.insert(k["name"].get<std::string>());
  CHECK(kinds == std::set<std::string>{"browse", "report", "checkout"});
}

}  // namespace

// The example on three releases, per statement; a statement a release cannot prepare fails
// only its cells.
TEST_CASE("own SQL: the example workload file through versus run on three releases",
          "[integration][own_sql]") {
  TempDir dir;
  dir.write("broken.yaml", kBroken);
  const fs::path matrix = dir.write(
      "m.yaml", "servers:\n  - { name: m1011, basedir: " +
                    release_basedir("10.11.19").string() + " }\n  - { name: m118, basedir: " +
                    named_release_basedir("mariadb-11.8").string() +
                    " }\n  - { name: my97, basedir: " +
                    named_release_basedir("mysql-9.7").string() +
                    " }\nworkloads: [{ file: " + shop_path() +
                    " }, { file: broken.yaml }]\nthreads: [1]\nwarmup: 0s\nduration: 1s\n"
                    "instance_cache: false\ncpu_probe: false\n");
  const fs::path run_dir = dir.path() / "run";
  auto ran = run_versus({"run", matrix.string(), "-o", run_dir.string()});
  INFO(ran.output);
  CHECK(ran.exit_code != 0);  // failed cells
  CHECK(live_recorded_servers(run_dir).empty());
  std::ifstream in(run_dir / "results.json");
  const auto j = nlohmann::json::parse(in);
  REQUIRE(j["cells"].size() == 6);
  for (const auto& cell : j["cells"]) {
    if (cell["workload"] == "shop") {
      check_shop_cell(cell);
      continue;
    }
    REQUIRE(cell["workload"] == "broken");
    CHECK(cell["status"] == "failed");
    const std::string error = cell["error"].get<std::string>();
    INFO(error);
    CHECK(error.find("broken.yaml:4: statement 'by_missing_column' cannot be prepared") !=
          std::string::npos);
    CHECK(error.find("Unknown column 'nope'") != std::string::npos);  // the server's message
  }
  // Each instance explained every statement of the files after its load: the example's with
  // no error and a table read, the broken one with the server's error.
  REQUIRE(j["data_sizes"].size() == 3);
  for (const auto& d : j["data_sizes"]) {
    INFO(d["server"] << ": " << d["plans"].dump().substr(0, 600));
    std::set<std::string> explained;
    for (const auto& p : d["plans"]) {
      if (p["statements"] == "broken") {
        CHECK(p["class"] == "by_missing_column");
        CHECK(p.value("error", "").find("nope") != std::string::npos);
        continue;
      }
      if (p["statements"] != "shop") continue;  // sysbench's, on the instance's sbtest1
      CHECK_FALSE(p.contains("error"));
      CHECK(p["sql"].get<std::string>().find('?') == std::string::npos);
      CHECK_FALSE(p["tables"].empty());
      explained.insert(p["class"].get<std::string>());
    }
    CHECK(explained == std::set<std::string>(kShopStatements.begin(), kShopStatements.end()));
  }
  // The report names the user's statements.
  std::ifstream md(run_dir / "comparison.md");
  const std::string report((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
  CHECK(report.find("shop, innodb, 1 connections: each transaction's rate") != std::string::npos);
}

TEST_CASE("own SQL: versus bench with a workload file against a running server",
          "[integration][own_sql]") {
  auto s = start_bench_server("own-sql", {{"innodb_buffer_pool_size", "64M"}});
  const std::string cnf =
      s->dir.write("client.cnf", "[client]\npassword=" + s->bench.password + "\n").string();
  fs::permissions(cnf, fs::perms::owner_read | fs::perms::owner_write);
  auto with = [&](std::vector<std::string> args) {
    for (const std::string& a : {std::string("--port"), std::to_string(s->bench.port),
                                 std::string("--user"), s->bench.user,
                                 std::string("--defaults-file"), cnf,
                                 std::string("--workload-file"), shop_path()})
      args.push_back(a);
    return args;
  };
  auto prepared = run_versus(with({"bench", "prepare"}));
  INFO(prepared.output);
  REQUIRE(prepared.exit_code == 0);
  CHECK(prepared.output.find("loaded the tables of") != std::string::npos);
  auto ran = run_versus(with({"bench", "run", "--duration", "1s", "--format", "json"}));
  INFO(ran.output);
  REQUIRE(ran.exit_code == 0);
  const auto open = ran.output.find('{'), close = ran.output.rfind('}');
  REQUIRE(open != std::string::npos);
  const auto j = nlohmann::json::parse(ran.output.substr(open, close - open + 1));
  CHECK(j["workload"] == "shop");
  const auto classes = classes_of(j["statements"]);
  for (const std::string& name : kShopStatements) CHECK(classes.count(name) == 1);
  CHECK(j["transaction_kinds"].size() == 3);
  CHECK_FALSE(j.contains("nopm"));  // TPC-C's New-Orders only
  auto text = run_versus(with({"bench", "run", "--duration", "1s"}));
  INFO(text.output);
  CHECK(text.exit_code == 0);
  CHECK(text.output.find("shop: each transaction") != std::string::npos);
  CHECK(text.output.find("NOPM") == std::string::npos);
  auto cleaned = run_versus(with({"bench", "cleanup"}));
  INFO(cleaned.output);
  CHECK(cleaned.exit_code == 0);
}

}  // namespace versus::testing
