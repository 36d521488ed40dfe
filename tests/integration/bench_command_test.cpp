// `versus bench` as a user runs it, against a real MariaDB 10.11.19: a fixed rate, live
// progress on stderr, the per-second series in its JSON, and the server's limits checked
// before any session connects.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "bench_server.h"

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
  const std::vector<std::string> common = {"--port",     std::to_string(s->bench.port),
                                           "--user",     s->bench.user,
                                           "--defaults-file", cnf,
                                           "--workload", "tpcc",
                                           "--warehouses", "1"};
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
