// `versus bench` as a user runs it, against a real MariaDB 10.11.19: a fixed rate, live
// progress on stderr, and the per-second series in its JSON.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "bench_server.h"

namespace versus::testing {

TEST_CASE("versus bench: --rate holds its rate, --report-interval prints progress, JSON keeps "
          "the series",
          "[integration][bench]") {
  auto s = start_bench_server("bench", {{"innodb_buffer_pool_size", "64M"}});
  const std::string cnf =
      s->dir.write("client.cnf", "[client]\npassword=" + s->bench.password + "\n").string();
  std::filesystem::permissions(
      cnf, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const std::vector<std::string> common = {"--port", std::to_string(s->bench.port), "--user",
                                           s->bench.user, "--defaults-file", cnf,
                                           "--table-size", "2000"};
  auto with = [&](std::vector<std::string> args) {
    args.insert(args.end(), common.begin(), common.end());
    return args;
  };
  auto prepared = run_versus(with({"bench", "prepare"}));
  INFO(prepared.output);
  REQUIRE(prepared.exit_code == 0);
  auto ran = run_versus(with({"bench", "run", "--threads", "4", "--rate", "200", "--duration",
                              "3s", "--report-interval", "1", "--format", "json"}));
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
}

}  // namespace versus::testing
