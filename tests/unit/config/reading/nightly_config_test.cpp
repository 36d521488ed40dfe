// configs/nightly.yaml, the example of docs/nightly.md: it parses with the build under test
// given as `--server new=...`, and its header says how to run it each night with every flag
// the recipe uses. The integration test tests/integration/nightly_config_test.cpp runs its
// `versus plan` on a real release.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "config/plan/plan.h"
#include "config/reading/matrix_parser.h"
#include "shared/files.h"

namespace {
const std::filesystem::path kSourceDir = VERSUS_SOURCE_DIR;
}

TEST_CASE("configs/nightly.yaml parses with the build under test as server new",
          "[config][nightly]") {
  const std::string text = versus::testing::text_of(kSourceDir / "configs/nightly.yaml");
  versus::config::MatrixOverrides o;
  o.servers.push_back("new=" + kSourceDir.string());  // a directory: what the parser checks
  auto plan = versus::config::parse_matrix_text(text, "nightly.yaml", kSourceDir, o);
  INFO((plan ? std::string() : plan.error().message));
  REQUIRE(plan);
  REQUIRE(plan->servers.size() == 1);
  CHECK(plan->servers[0].name == "new");
  CHECK(plan->repeats >= 3);  // every night's points get a 95% interval
  CHECK_FALSE(versus::config::expand_cells(*plan).empty());
  for (const char* flag : {"versus run configs/nightly.yaml", "--server new=", "--baseline ",
                           "--history ", "--history-page "})
    CHECK(text.find(flag) != std::string::npos);
  // Without --server the build under test is missing: the file names no basedir of its own.
  CHECK_FALSE(versus::config::parse_matrix_text(text, "nightly.yaml", kSourceDir, {}));
}

TEST_CASE("configs/microbenchmarks.yaml runs the microbenchmark suite on three releases",
          "[config][micro]") {
  const std::string text = versus::testing::text_of(kSourceDir / "configs/microbenchmarks.yaml");
  versus::config::MatrixOverrides o;
  for (const char* name : {"mariadb-10.11=", "mariadb-11.8=", "mysql-9.7="})
    o.servers.push_back(name + kSourceDir.string());  // directories: what the parser checks
  auto plan = versus::config::parse_matrix_text(text, "microbenchmarks.yaml", kSourceDir, o);
  INFO((plan ? std::string() : plan.error().message));
  REQUIRE(plan);
  CHECK(plan->servers.size() == 3);
  CHECK(plan->suite == versus::sysbench::Suite::microbenchmarks);
  const auto& suite = versus::sysbench::suite_workloads(versus::sysbench::Suite::microbenchmarks);
  // As the published run: each round on one server per release, the writes (but delete and
  // insert), the reads after them, delete and insert last.
  CHECK(plan->lifecycle == versus::config::Lifecycle::round);
  REQUIRE(plan->workloads.size() == suite.size());
  CHECK(std::equal(suite.end() - 10, suite.end() - 2, plan->workloads.begin()));
  CHECK(std::equal(suite.begin(), suite.begin() + 22, plan->workloads.begin() + 8));
  for (std::size_t w = 8; w < 30; ++w) CHECK(versus::config::runs_after_writes(*plan, w));
  CHECK(plan->workloads.back() == versus::sysbench::Workload::oltp_insert);
  CHECK(plan->warm_duration.count() > 0);
  CHECK(text.find("versus run configs/microbenchmarks.yaml") != std::string::npos);
}

TEST_CASE("configs/replay/upgrade.yaml replays its log over its dump, read-only, on three releases",
          "[config][replay]") {
  const auto file = kSourceDir / "configs/replay/upgrade.yaml";
  versus::config::MatrixOverrides o;
  for (const char* name : {"mariadb-10.11=", "mariadb-11.8=", "mysql-9.7="})
    o.servers.push_back(name + kSourceDir.string());  // directories: what the parser checks
  auto plan = versus::config::parse_matrix_file(file, o);
  INFO((plan ? std::string() : plan.error().message));
  REQUIRE(plan);
  CHECK(plan->servers.size() == 3);
  CHECK(plan->repeats == 3);
  REQUIRE(plan->workload_files.size() == 1);
  REQUIRE(plan->workload_files[0]);
  REQUIRE(plan->workload_files[0]->replay);
  const auto& replay = *plan->workload_files[0]->replay;
  CHECK(replay.log == kSourceDir / "configs/replay/shop-slow.log");
  CHECK(replay.data == kSourceDir / "configs/replay/shop.sql");
  CHECK_FALSE(replay.writes);
  CHECK(versus::testing::text_of(file).find("versus run configs/replay/upgrade.yaml") !=
        std::string::npos);
}
