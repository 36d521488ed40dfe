// The CLI side of `versus compare` and `versus run --baseline`, through its functions:
// reading a run from a directory or a results.json, and the exit status of the check.
#include "cli/compare_command.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/exit_code.h"
#include "results/record/record_json.h"
#include "results/record/store.h"
#include "support/cell_builder.h"
#include "support/temp_dir.h"

namespace {

using namespace versus::cli;
using versus::results::CellRecord;
using versus::results::RunResults;
using versus::testing::TempDir;

RunResults run(const std::vector<double>& tps) {
  RunResults r;
  r.info.run_id = "r";
  r.info.servers = {"trunk"};
  r.info.profiles = {"default"};
  for (double t : tps) {
    r.cells.push_back(versus::testing::CellBuilder("trunk").threads(8).tps(t));
  }
  return r;
}

}  // namespace

TEST_CASE("check_against_baseline: exit 1 on a regression, else 0", "[cli][compare]") {
  std::ostringstream out;
  CHECK(check_against_baseline(run({1000, 1010, 990}), run({900, 905, 895}), 5, out) ==
        kRegression);
  CHECK_THAT(out.str(), Catch::Contains("REGRESSION"));
  std::ostringstream quiet;
  CHECK(check_against_baseline(run({1000, 1010, 990}), run({900, 905, 895}), 15, quiet) == kOk);
  CHECK(check_against_baseline(run({1000}), run({500}), 5, quiet) == kOk);
}

TEST_CASE("load_run reads a run directory or its results.json", "[cli][compare]") {
  TempDir dir;
  std::ofstream(dir.path() / versus::results::kResultsFileName)
      << versus::results::results_to_json(run({1000, 1010})).dump(2);
  auto from_dir = load_run(dir.path().string());
  REQUIRE(from_dir);
  CHECK(from_dir->cells.size() == 2);
  auto from_file = load_run((dir.path() / versus::results::kResultsFileName).string());
  REQUIRE(from_file);
  CHECK(from_file->cells.size() == 2);
  CHECK_FALSE(load_run((dir.path() / "missing").string()));
}

TEST_CASE("load_baseline: none without a path, an error for a bad one", "[cli][compare]") {
  auto none = load_baseline("");
  REQUIRE(none);
  CHECK_FALSE(*none);
  auto bad = load_baseline("/nonexistent/versus/run");
  REQUIRE_FALSE(bad);
  CHECK_THAT(bad.error().message, Catch::StartsWith("--baseline: "));
}

TEST_CASE("compare_command: exit 2 when an input cannot be read", "[cli][compare]") {
  CompareArgs args;
  args.base = "/nonexistent/versus/base";
  args.now = "/nonexistent/versus/new";
  CHECK(compare_command(args) == kUsage);
}
