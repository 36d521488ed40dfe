// "Queries that change" in every report of a run and in the upgrade report, pinned by
// tests/golden/query_changes.{txt,md,json,csv,html} and upgrade_query_changes.md
// (VERSUS_UPDATE_GOLDEN=1 rewrites them) over a replay of three releases
// (support/query_changes_fixture.h).
#include "report/run/query_changes_table.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "report/run/run_report.h"
#include "report/shared/comparison.h"
#include "support/golden.h"
#include "support/query_changes_fixture.h"

using namespace versus::report;
using versus::measured::ExecutionResult;
using versus::results::RunResults;

namespace {

std::string report_of(const RunResults& r, ReportFormat format) {
  std::ostringstream out;
  write_report(out, format, build_comparison(r), r, {});
  return out.str();
}

}  // namespace

TEST_CASE("query changes: an execution's result in a few words", "[report][query_changes]") {
  ExecutionResult e;
  e.result_set = true;
  e.rows = 1;
  CHECK(execution_summary(e) == "1 row");
  e.rows = 0;
  CHECK(execution_summary(e) == "0 rows");
  e.rows = 2;
  e.warnings = {{1292, "Warning", "x"}};
  CHECK(execution_summary(e) == "2 rows, warning 1292");
  e.warnings = {{1292, "Warning", "x"}, {1366, "Warning", "y"}, {1003, "Note", "z"}};
  CHECK(execution_summary(e) == "2 rows, warnings 1292, 1366, note 1003");
  e.warnings.clear();
  e.result_set = false;
  e.rows = 3;
  CHECK(execution_summary(e) == "3 rows affected");
  e.error = 1305;
  e.error_message = "FUNCTION x does not exist";
  CHECK(execution_summary(e) == "error 1305: FUNCTION x does not exist");
}

TEST_CASE("query changes: a Markdown code span holds any class", "[report][query_changes]") {
  CHECK(markdown_code("select * from t") == "`select * from t`");
  CHECK(markdown_code("select `a` from t") == "`` select `a` from t ``");
  CHECK(markdown_code("select a || b") == "`select a \\|\\| b`");
}

TEST_CASE("query changes: without a change, one line says what was compared",
          "[report][query_changes]") {
  const auto sections = run_query_changes_sections(versus::testing::query_changes_fixture());
  REQUIRE(sections.size() == 2);
  REQUIRE(sections[0].headlines.size() == 1);
  CHECK(sections[0].headlines[0].text ==
        "No query class changes on mariadb-11.8/default: 8 classes, 573 executions compared "
        "with mariadb-10.11/default");
  CHECK(sections[0].table.rows.empty());
  CHECK(sections[1].headlines.size() == 4);  // rows, errors, warnings, later executions
}

TEST_CASE("query changes: a run without replay results shows nothing", "[report][query_changes]") {
  RunResults r = versus::testing::query_changes_fixture();
  for (auto& c : r.cells) c.query_results = {};
  CHECK(run_query_changes_sections(r).empty());
  CHECK(report_of(r, ReportFormat::terminal).find("Queries that change") == std::string::npos);
  CHECK(report_of(r, ReportFormat::json).find("query_changes") == std::string::npos);
}

TEST_CASE("query changes: a class compared rounded, rows shown with values",
          "[report][query_changes]") {
  RunResults r = versus::testing::query_changes_fixture();
  for (auto& c : r.cells) {
    if (c.server != "mysql-9.7" || !c.query_results.recorded) continue;
    c.query_results.rows_values = true;
    for (auto& k : c.query_results.classes)
      if (k.tolerant) k.executions[1].checksum = "1:7777777777777778";
  }
  const auto sections = run_query_changes_sections(r);
  REQUIRE(sections.size() == 2);
  const QueryChangesSection& s = sections[1];
  bool rounded_row = false;
  for (const auto& row : s.table.rows)
    rounded_row = rounded_row || row[0] == "select avg(price) from products [rounded]";
  CHECK(rounded_row);
  REQUIRE(s.notes.size() == 2);
  CHECK(s.notes[0].find("[rounded]: floating-point results compared rounded") == 0);
  CHECK(s.notes[1] == "Rows are shown with their values (replay_show_rows: true).");
}

TEST_CASE("query changes: a pass that stopped early says so", "[report][query_changes]") {
  RunResults r = versus::testing::query_changes_fixture();
  for (auto& c : r.cells)
    if (c.server == "mysql-9.7" && c.query_results.recorded)
      c.query_results.stopped = "line 9: error 2013: Lost connection to server during query";
  const auto sections = run_query_changes_sections(r);
  REQUIRE(sections.size() == 2);
  for (const std::string& note : sections[0].notes)
    CHECK(note.find("stopped early") == std::string::npos);
  REQUIRE_FALSE(sections[1].notes.empty());
  CHECK(sections[1].notes[0] ==
        "The pass on mysql-9.7 stopped early (line 9: error 2013: Lost connection to server "
        "during query): the classes it did not reach are not compared.");
}
