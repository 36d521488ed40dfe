// A workload file of your own SQL (docs/own-sql.md) on real releases: the example
// configs/own-sql/shop.yaml through `versus run` on MariaDB 10.11.19, 11.8 and MySQL 9.7 with
// per-statement and per-transaction figures under the file's names; a statement a release
// cannot prepare failing its cells with the file, the line and the server's message, the other
// cells kept and no server left; `versus bench` with the file against a running server; and
// tables filled from a CSV file and a SQL file, by LOAD DATA LOCAL and where the server refuses
// it (MySQL 9.7's default) by INSERTs.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "bench_server.h"
#include "config/reading/workload_file.h"
#include "load/family/loader.h"
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
  // The upgrade report names the user's statements, each with its plan on both releases.
  auto upgrade = run_versus({"upgrade-report", run_dir.string(), "--from", "m1011", "--to", "my97"});
  INFO(upgrade.output);
  CHECK(upgrade.exit_code == 0);
  for (const std::string& name : kShopStatements) {
    INFO(name);
    CHECK(upgrade.output.find(name) != std::string::npos);
  }
  // The join reads the CSV's table, by its primary key (alias n), on both.
  CHECK(upgrade.output.find("| open_orders_by_country | n ") != std::string::npos);
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

namespace {
// Tables from data files: regions from a CSV (a quoted comma, a quote, a line break, a
// backslash, a NULL), notes from a SQL file of INSERTs with mysqldump's comments.
constexpr const char* kRegionsCsv =
    "id,name,note\n"
    "1,north,\n"
    "2,\"south, far\",\"say \"\"hi\"\"\"\n"
    "3,\"two\nlines\",back\\slash\n";
constexpr const char* kNotesSql =
    "-- a dump's header\n"
    "/*!40101 SET @saved = @@sql_mode */;\n"
    "INSERT INTO notes VALUES (1, 'a;b'), (2, 'it''s');\n"
    "INSERT INTO notes VALUES (3, NULL);\n";
constexpr const char* kDataWorkload = R"yaml(tables:
  - { name: regions, csv: regions.csv,
      create: "CREATE TABLE regions (id INT PRIMARY KEY, name VARCHAR(20), note VARCHAR(20))" }
  - { name: notes, sql_file: notes.sql,
      create: "CREATE TABLE notes (id INT PRIMARY KEY, t VARCHAR(10))" }
transactions:
  - name: look
    statements:
      - { name: region, sql: "SELECT name FROM regions WHERE id = ?",
          params: [{ generator: uniform, table: regions }] }
)yaml";

// Every row of `sql`, its fields joined by '|', rows by ';' (NULL reads as "": the queries
// name it with IFNULL).
std::string rows_of(client::Connection& conn, const std::string& sql) {
  auto rows = conn.query(sql);
  require_ok(rows, sql);
  std::string out;
  for (const auto& row : *rows) {
    if (!out.empty()) out += ";";
    for (std::size_t i = 0; i < row.size(); ++i)
      out += (i ? "|" : "") + row[i];
  }
  return out;
}

// Loads kDataWorkload's tables on `release`; `local_infile` is the server's setting (ON: the CSV
// goes by LOAD DATA LOCAL; OFF: refused, by INSERTs), checked by the server's Com_insert.
void load_data_files(const std::string& release, const std::string& local_infile) {
  INFO(release << ", local_infile=" << local_infile);
  auto s = start_bench_server(
      "own-sql-data", {{"innodb_buffer_pool_size", "64M"}, {"local_infile", local_infile}},
      release);
  s->dir.write("regions.csv", kRegionsCsv);
  s->dir.write("notes.sql", kNotesSql);
  auto w = config::parse_workload_text(kDataWorkload, "data.yaml", "data", s->dir.path());
  require_ok(w, "parsing the workload file");
  load::LoadSpec spec;
  spec.endpoint = s->bench;
  spec.tables = 0;
  spec.custom.push_back(std::make_shared<const sysbench::CustomWorkload>(*w));
  require_ok(load::load_tables(spec), "loading the data files");
  auto conn = client::Connection::open(s->bench);
  require_ok(conn, "connecting");
  CHECK(rows_of(*conn, "SELECT id, name, IFNULL(note, 'NULL') FROM regions ORDER BY id") ==
        "1|north|NULL;2|south, far|say \"hi\";3|two\nlines|back\\slash");
  CHECK(rows_of(*conn, "SELECT id, IFNULL(t, 'NULL') FROM notes ORDER BY id") == "1|a;b;2|it's;3|NULL");
  // The SQL file's two INSERTs, and with LOCAL refused the CSV's rows in one more.
  auto inserts = conn->query("SHOW GLOBAL STATUS LIKE 'Com_insert'");
  require_ok(inserts, "reading Com_insert");
  REQUIRE(inserts->size() == 1);
  CHECK((*inserts)[0][1] == (local_infile == "ON" ? "2" : "3"));
  // A statement the server rejects: the SQL file's line and the server's message.
  s->dir.write("notes.sql", "INSERT INTO notes VALUES (1, 'x');\n\nINSERT INTO nope VALUES (2);\n");
  auto broken = config::parse_workload_text(kDataWorkload, "data.yaml", "data", s->dir.path());
  require_ok(broken, "parsing the workload file");
  spec.custom = {std::make_shared<const sysbench::CustomWorkload>(*broken)};
  auto failed = load::load_tables(spec);
  REQUIRE_FALSE(failed);
  INFO(failed.error().message);
  CHECK(failed.error().message.find("data.yaml:4: table 'notes': loading its rows failed: " +
                                    (s->dir.path() / "notes.sql").string() + ":3: ") !=
        std::string::npos);
  CHECK(failed.error().message.find("nope") != std::string::npos);
}
}  // namespace

// A server that refuses LOCAL (MySQL's default since 8.0.2, which versus's my.cnf turns on)
// gets the CSV's rows as INSERTs.
TEST_CASE("own SQL: tables from a CSV file and a SQL file, by LOAD DATA and by INSERT",
          "[integration][own_sql]") {
  load_data_files("mariadb-10.11.19", "ON");
  load_data_files("mysql-9.7", "OFF");
}

}  // namespace versus::testing
