// The quickstart's matrix on the real releases, cut short to fit CI (one thread count, two
// rounds of 1 s): it checks the machinery, not the figures. One run gives one verdict per pair
// in every report, and "=" only for an interval inside +-min_difference.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "support.h"
#include "util/whole_file.h"

namespace versus::testing {
namespace fs = std::filesystem;

namespace {
// The upgrade report's words for a verdict id of comparison.json.
std::string words_of(const std::string& id) {
  if (id == "equivalent") return "same speed";
  if (id == "insufficient_data") return "insufficient data";
  return id;
}
}  // namespace

TEST_CASE("the quickstart, cut short: one verdict per pair in every report, = only in the band",
          "[integration]") {
  TempDir tmp;
  const fs::path run = tmp.path() / "run";
  const auto r = run_versus({"run", "configs/quickstart.yaml", "-o", run.string(), "-q", "--set",
                             "threads=[4]", "--set", "max_repeats=2", "--set", "duration=1s",
                             "--set", "warmup=0s", "--set", "time_budget=0s", "--set",
                             // never set aside as disturbed, whatever runs beside this test
                             "interference_limit=100"});
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  const auto json = nlohmann::json::parse(read_whole_file(run / "comparison.json").value_or("{}"));
  REQUIRE(json["tables"].size() == 1);
  const auto& table = json["tables"][0];
  const auto& columns = table["columns"];
  REQUIRE(columns.size() == 5);
  const auto& cells = table["rows"][0]["cells"];
  std::string mysql_verdict;
  for (std::size_t i = 1; i < columns.size(); ++i) {
    const auto& e = cells[i]["vs_baseline"];
    REQUIRE(e.is_object());
    const std::string verdict = e["verdict"];
    INFO(columns[i]["server"] << "/" << columns[i]["profile"] << ": " << e.dump());
    CHECK((verdict == "faster" || verdict == "slower" || verdict == "equivalent" ||
           verdict == "undecided" || verdict == "insufficient_data"));
    if (verdict == "equivalent") {
      CHECK(e["ratio_ci_low"].get<double>() >= 0.98);
      CHECK(e["ratio_ci_high"].get<double>() <= 1.02);
    }
    if (columns[i]["server"] == "mysql-9.7" && columns[i]["profile"] == "as-shipped")
      mysql_verdict = verdict;
  }
  REQUIRE_FALSE(mysql_verdict.empty());
  // The upgrade report of the run quotes the run's own verdict for the same pair.
  const auto upgrade = run_versus(
      {"upgrade-report", run.string(), "--from", "mariadb-10.11", "--to", "mysql-9.7"});
  INFO(upgrade.output);
  REQUIRE(upgrade.exit_code == 0);
  CHECK(upgrade.output.find("the run's own comparisons with its baseline mariadb-10.11") !=
        std::string::npos);
  const auto row = upgrade.output.find("\n| 4 |");
  REQUIRE(row != std::string::npos);
  const std::string line = upgrade.output.substr(row + 1, upgrade.output.find('\n', row + 1) - row);
  CHECK(line.find("| " + words_of(mysql_verdict) + " |") != std::string::npos);
}

}  // namespace versus::testing
