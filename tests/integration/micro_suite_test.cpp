// The microbenchmarks through `versus run`: two of the suite's tests on MariaDB 10.11.19 and
// 11.8, and the relative table in every report (terminal, Markdown, relative.csv,
// comparison.json's "relative", report.html's heat map). One short cell each, on one server
// per release (lifecycle: server).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "shared/files.h"
#include "support.h"

namespace versus::testing {
namespace fs = std::filesystem;

TEST_CASE("the microbenchmarks' relative table in every report of a run",
          "[integration][micro][micro_suite]") {
  TempDir tmp;
  const std::string text =
      "servers:\n"
      "  - name: mariadb-10.11\n    basedir: " +
      named_release_basedir("mariadb-10.11.19").string() +
      "\n  - name: mariadb-11.8\n    basedir: " + named_release_basedir("mariadb-11.8").string() +
      "\nworkloads: [point_query, update_one]\nthreads: [1]\ntable_size: 1000\n"
      "rand_type: uniform\nwarmup: 0s\nduration: 300ms\ncpu_probe: false\nlifecycle: server\n"
      "efficiency: true\n";
  run_matrix_ok(tmp, text);
  const fs::path run = tmp.path() / "run";
  // The terminal report, as `versus report` prints it again from results.json.
  const auto terminal = run_versus({"report", run.string()});
  REQUIRE(terminal.exit_code == 0);
  CHECK(terminal.output.find("Relative to mariadb-10.11") != std::string::npos);
  CHECK(text_of(run / "comparison.md").find("Relative to mariadb-10.11") != std::string::npos);
  // relative.csv: per test the baseline's line and 11.8's, then a geomean line per group.
  std::istringstream csv(text_of(run / "relative.csv"));
  int tests = 0, means = 0;
  for (std::string line; std::getline(csv, line);) {
    tests += line.rfind("test,", 0) == 0;
    means += line.rfind("geomean,", 0) == 0;
  }
  CHECK(tests == 4);
  CHECK(means == 2);  // point (point_query) and writes (update_one)
  const auto json = nlohmann::json::parse(text_of(run / "comparison.json"));
  REQUIRE(json.contains("relative"));
  const auto& groups = json["relative"]["groups"];
  REQUIRE(groups.size() == 2);
  CHECK(groups[0]["group"] == "point");
  CHECK(groups[0]["rows"][0]["workload"] == "point_query");
  CHECK(groups[0]["rows"][0]["cells"][0]["vs_baseline"]["ratio"].get<double>() > 0);
  CHECK(groups[1]["rows"][0]["workload"] == "update_one");
  const std::string html = text_of(run / "report.html");
  CHECK(html.find("<section id=\"relative\"") != std::string::npos);
  CHECK(html.find("heat-") != std::string::npos);
}

}  // namespace versus::testing
