// `versus bench` as a user runs it, against a real MariaDB 10.11.19: a fixed rate, live
// progress on stderr, the per-second series in its JSON, the server's limits checked before
// any session connects, and a query log replayed over a dump (--replay).
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "bench_server.h"
#include "client/connection.h"

namespace versus::testing {

TEST_CASE(
    "versus bench: --rate holds its rate, --report-interval prints progress, JSON keeps "
    "the series, and a load the server's limits cannot hold is refused first",
    "[integration][bench][quiet]") {
  auto s =
      start_bench_server("bench", {{"innodb_buffer_pool_size", "64M"}, {"max_connections", "10"}});
  const std::string cnf =
      s->dir.write("client.cnf", "[client]\npassword=" + s->bench.password + "\n").string();
  std::filesystem::permissions(
      cnf, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const std::vector<std::string> common = {"--port",          std::to_string(s->bench.port),
                                           "--user",          s->bench.user,
                                           "--defaults-file", cnf,
                                           "--table-size",    "2000"};
  auto with = [&](std::vector<std::string> args) {
    args.insert(args.end(), common.begin(), common.end());
    return args;
  };
  auto prepared = run_versus(with({"bench", "prepare"}));
  INFO(prepared.output);
  REQUIRE(prepared.exit_code == 0);
  auto ran = run_versus(with({"bench", "run", "--threads", "4", "--rate", "200", "--duration", "3s",
                              "--report-interval", "1", "--format", "json"}));
  INFO(ran.output);
  REQUIRE(ran.exit_code == 0);
  CHECK(ran.output.find("[ 1s ] thds: 4 tps: ") != std::string::npos);  // stderr
  const auto open = ran.output.find('{'), close = ran.output.rfind('}');
  REQUIRE(open != std::string::npos);
  const auto j = nlohmann::json::parse(ran.output.substr(open, close - open + 1));
  CHECK(j["rate"] == 200);
  CHECK(j["tps"].get<double>() > 160);  // Poisson arrivals over 3 s: sd of the count ~4%
  CHECK(j["tps"].get<double>() < 240);
  REQUIRE(j["series"].size() >= 2);
  CHECK(j["series"][0]["t"].get<double>() == Approx(1.0).margin(0.1));
  CHECK(j["series"][0]["transactions"].get<int>() > 100);

  // More connections than the server takes: refused before any session connects.
  auto refused = run_versus(with({"bench", "run", "--threads", "20", "--duration", "1s"}));
  INFO(refused.output);
  CHECK(refused.exit_code != 0);
  CHECK(refused.output.find("max_connections=10 but the load needs 21 connections; raise it on "
                            "the server") != std::string::npos);
  CHECK(refused.output.find("transactions:") == std::string::npos);  // no load ran
}

}  // namespace versus::testing

namespace versus::testing {

TEST_CASE("versus bench on tpcc: prepare, run, and the consistency conditions checked after",
          "[integration][bench]") {
  auto s = start_bench_server("benchtpcc", {{"innodb_buffer_pool_size", "256M"}});
  const std::string cnf =
      s->dir.write("client.cnf", "[client]\npassword=" + s->bench.password + "\n").string();
  std::filesystem::permissions(
      cnf, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const std::vector<std::string> common = {"--port",          std::to_string(s->bench.port),
                                           "--user",          s->bench.user,
                                           "--defaults-file", cnf,
                                           "--workload",      "tpcc",
                                           "--warehouses",    "1"};
  auto with = [&](std::vector<std::string> args) {
    args.insert(args.end(), common.begin(), common.end());
    return args;
  };
  auto prepared = run_versus(with({"bench", "prepare"}));
  INFO(prepared.output);
  REQUIRE(prepared.exit_code == 0);
  auto ran = run_versus(with({"bench", "run", "--threads", "4", "--duration", "2s"}));
  INFO(ran.output);
  REQUIRE(ran.exit_code == 0);
  CHECK(ran.output.find("Consistency: the 10 conditions checked hold (") != std::string::npos);
  // check alone, the cheap five: each listed with its time, exit 0.
  auto checked = run_versus(with({"bench", "check", "--tpcc-checks", "cheap"}));
  INFO(checked.output);
  CHECK(checked.exit_code == 0);
  for (const char* n : {"condition  1: holds", "condition  2: holds", "condition  3: holds",
                        "condition  8: holds", "condition  9: holds"})
    CHECK(checked.output.find(n) != std::string::npos);
  CHECK(checked.output.find("condition  4:") == std::string::npos);
  CHECK(checked.output.find("Consistency: the 5 conditions checked hold (") != std::string::npos);
  // A broken table: condition 1 (w_ytd = SUM(d_ytd)) no longer holds; the run says so and
  // exits 3, its figures printed.
  auto conn = client::Connection::open(s->bench);
  REQUIRE(conn);
  REQUIRE(conn->execute("UPDATE sbtest.warehouse SET w_ytd = w_ytd + 1"));
  auto broken = run_versus(with({"bench", "run", "--threads", "2", "--duration", "1s"}));
  INFO(broken.output);
  CHECK(broken.exit_code == 3);
  CHECK(broken.output.find("Consistency: TPC-C consistency condition 1") != std::string::npos);
  CHECK(broken.output.find("NOPM") != std::string::npos);
  auto found = run_versus(with({"bench", "check", "--format", "json"}));
  INFO(found.output);
  CHECK(found.exit_code == 3);
  CHECK(found.output.find("\"consistency_error\": \"TPC-C consistency condition 1") !=
        std::string::npos);
  // A workload without table checks is a usage error naming it.
  auto none = run_versus({"bench", "check", "--port", std::to_string(s->bench.port), "--user",
                          s->bench.user, "--defaults-file", cnf, "--workload", "oltp_read_only"});
  CHECK(none.exit_code == 2);  // a usage error, found before connecting
  CHECK(none.output.find("has no table checks") != std::string::npos);
}

}  // namespace versus::testing

namespace versus::testing {

// A dump with a trigger and a procedure between DELIMITER lines, as mysqldump --triggers
// --routines writes them, and a file of statements over it.
constexpr const char* kBenchReplayDump =
    "CREATE TABLE items (id INT PRIMARY KEY, name VARCHAR(20), hits INT);\n"
    "INSERT INTO items VALUES (1,'a;b',0),(2,'c',0),(3,'d',0);\n"
    "DELIMITER ;;\n"
    "/*!50003 CREATE*/ /*!50003 TRIGGER items_bi BEFORE INSERT ON items FOR EACH ROW BEGIN\n"
    "  SET NEW.hits = 0;\n"
    "END */;;\n"
    "CREATE PROCEDURE item_count()\n"
    "BEGIN\n"
    "  SELECT COUNT(*) FROM items;\n"
    "END ;;\n"
    "DELIMITER ;\n";
constexpr const char* kBenchReplayLog =
    "SELECT name FROM items WHERE id = 1;\n"
    "SELECT name FROM items WHERE id = 2;\n"
    "SELECT COUNT(*) FROM items WHERE name IN ('a;b', 'c');\n"
    "BEGIN;\n"
    "SELECT hits FROM items WHERE id = 3;\n"
    "COMMIT;\n";

TEST_CASE(
    "versus bench --replay: prepare runs the dump (DELIMITER understood), run times each "
    "class, a write is refused naming file and line",
    "[integration][bench][replay]") {
  auto s = start_bench_server("benchreplay", {{"innodb_buffer_pool_size", "64M"}});
  const std::string cnf =
      s->dir.write("client.cnf", "[client]\npassword=" + s->bench.password + "\n").string();
  std::filesystem::permissions(
      cnf, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const std::string log = s->dir.write("app.sql", kBenchReplayLog).string();
  const std::string dump = s->dir.write("dump.sql", kBenchReplayDump).string();
  const std::vector<std::string> common = {
      "--port", std::to_string(s->bench.port), "--user", s->bench.user, "--defaults-file", cnf};
  auto with = [&](std::vector<std::string> args) {
    args.insert(args.end(), common.begin(), common.end());
    return args;
  };
  auto prepared = run_versus(with({"bench", "prepare", "--replay", log, "--replay-data", dump}));
  INFO(prepared.output);
  REQUIRE(prepared.exit_code == 0);
  CHECK(prepared.output.find("ran the dump " + dump + " into sbtest") != std::string::npos);
  auto conn = client::Connection::open(s->bench);
  REQUIRE(conn);
  CHECK(conn->query_value("SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE "
                          "TRIGGER_NAME = 'items_bi'")
            .value_or("") == "1");
  CHECK(conn->query_value("SELECT COUNT(*) FROM information_schema.ROUTINES WHERE "
                          "ROUTINE_NAME = 'item_count'")
            .value_or("") == "1");

  auto ran = run_versus(with(
      {"bench", "run", "--replay", log, "--threads", "2", "--duration", "2s", "--format", "json"}));
  INFO(ran.output);
  REQUIRE(ran.exit_code == 0);
  const auto open = ran.output.find('{'), close = ran.output.rfind('}');
  REQUIRE(open != std::string::npos);
  const auto j = nlohmann::json::parse(ran.output.substr(open, close - open + 1));
  CHECK(j["workload"] == "replay-app");
  CHECK(j["tps"].get<double>() > 0);
  std::map<std::string, std::int64_t> counts;
  for (const auto& st : j["statements"]) counts[st["class"]] = st["count"];
  INFO(j["statements"].dump());
  for (const char* klass :
       {"select name from items where id = ?", "select count(*) from items where name in(?+)",
        "begin", "select hits from items where id = ?", "commit"})
    CHECK(counts[klass] > 0);
  // --replay-order weighted: single statements drawn by their share, never one of a captured
  // transaction (BEGIN ... COMMIT), under the name the matrix gives that order.
  auto drawn = run_versus(with({"bench", "run", "--replay", log, "--replay-order", "weighted",
                                "--duration", "1s", "--format", "json"}));
  INFO(drawn.output);
  REQUIRE(drawn.exit_code == 0);
  const auto from = drawn.output.find('{');
  const auto d = nlohmann::json::parse(
      drawn.output.substr(from, drawn.output.rfind('}') - from + 1));
  CHECK(d["workload"] == "replay-app-weighted");
  std::map<std::string, std::int64_t> drawn_counts;
  for (const auto& st : d["statements"]) drawn_counts[st["class"]] = st["count"];
  CHECK(drawn_counts["select name from items where id = ?"] > 0);
  CHECK(drawn_counts["begin"] == 0);
  CHECK(drawn_counts["select hits from items where id = ?"] == 0);
  CHECK(drawn_counts["commit"] == 0);
  // Text: the per-class times.
  auto text = run_versus(with({"bench", "run", "--replay", log, "--duration", "1s"}));
  INFO(text.output);
  CHECK(text.exit_code == 0);
  CHECK(text.output.find("select name from items where id = ?") != std::string::npos);

  // A write in the log, without --replay-writes: a usage error before any load.
  const std::string writes =
      s->dir.write("writes.sql", "SELECT 1;\nUPDATE items SET hits = hits + 1;\n").string();
  auto refused = run_versus(with({"bench", "run", "--replay", writes, "--duration", "1s"}));
  INFO(refused.output);
  CHECK(refused.exit_code == 2);
  CHECK(refused.output.find(writes + ":2: UPDATE writes, and the replay is read-only") !=
        std::string::npos);
  CHECK(refused.output.find("transactions:") == std::string::npos);
  auto cleaned = run_versus(with({"bench", "cleanup", "--replay", log, "--replay-data", dump}));
  INFO(cleaned.output);
  CHECK(cleaned.exit_code == 0);
  CHECK(cleaned.output.find("a replay's dump is not dropped") != std::string::npos);
}

}  // namespace versus::testing
