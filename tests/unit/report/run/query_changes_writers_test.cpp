// "Queries that change" in every report of a run, pinned by
// tests/golden/query_changes.{txt,md,json,csv,html} (VERSUS_UPDATE_GOLDEN=1 rewrites them) over a
// replay of three releases (support/query_changes_fixture.h).
#include "report/run/query_changes_writers.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>

#include "report/run/run_report.h"
#include "report/shared/comparison.h"
#include "support/golden.h"
#include "support/query_changes_fixture.h"
#include "support/temp_dir.h"

using namespace versus::report;
using versus::results::RunResults;
using versus::testing::check_golden;

namespace {

std::string full_report(const RunResults& r, ReportFormat format) {
  std::ostringstream out;
  write_report(out, format, build_comparison(r), r, {});
  return out.str();
}

}  // namespace

TEST_CASE("query changes: outcome names", "[report][query_changes]") {
  using versus::results::ClassOutcome;
  CHECK(std::string(outcome_name(ClassOutcome::by_nature)) == "by_nature");
  CHECK(std::string(outcome_name(ClassOutcome::only_other)) == "only_server");
}

TEST_CASE("golden: queries that change in every report of a run", "[report][golden][replay]") {
  const RunResults r = versus::testing::query_changes_fixture();
  const std::string text = full_report(r, ReportFormat::terminal);
  const std::string md = full_report(r, ReportFormat::markdown);
  const std::string json = full_report(r, ReportFormat::json);
  const std::string html = full_report(r, ReportFormat::html);
  check_golden("query_changes.txt", text);
  check_golden("query_changes.md", md);
  check_golden("query_changes.json", json);
  std::ostringstream csv;
  write_query_changes_csv(csv, versus::results::run_query_changes(r));
  check_golden("query_changes.csv", csv.str());
  check_golden("query_changes.html", query_changes_html(run_query_changes_sections(r)));
  // Before any timing: the section comes before the first comparison table.
  CHECK(text.find("Queries that change") < text.find("replay-shop, innodb"));
  CHECK(md.find("## Queries that change") < md.find("## replay-shop"));
  CHECK(json.find("\"query_changes\"") < json.find("\"tables\""));
  CHECK(html.find("id=\"query-changes\"") < html.find("<section class=\"table"));
}

TEST_CASE("query changes: query_changes.csv beside a replay's reports only",
          "[report][query_changes]") {
  versus::testing::TempDir dir("versus-query-changes");
  RunResults r = versus::testing::query_changes_fixture();
  REQUIRE(write_run_reports(dir.path(), r));
  const std::string csv = versus::testing::read_text(dir.path() / "query_changes.csv");
  std::ostringstream expected;
  write_query_changes_csv(expected, versus::results::run_query_changes(r));
  CHECK(csv == expected.str());
  CHECK(versus::testing::read_text(dir.path() / "comparison.md").find("## Queries that change") !=
        std::string::npos);

  versus::testing::TempDir plain("versus-query-changes");
  for (auto& c : r.cells) c.query_results = {};
  REQUIRE(write_run_reports(plain.path(), r));
  CHECK_FALSE(std::filesystem::exists(plain.path() / "query_changes.csv"));
}
