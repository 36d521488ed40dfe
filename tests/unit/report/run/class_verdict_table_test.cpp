// The "Query classes" tables of a replay run, and their exact output in every format:
// tests/golden/class_verdicts.{txt,md,json,html} and upgrade_classes.md
// (VERSUS_UPDATE_GOLDEN=1 rewrites them).
#include "report/run/class_verdict_table.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "report/run/run_html.h"
#include "report/run/run_json.h"
#include "report/run/run_markdown.h"
#include "report/run/run_terminal.h"
#include "report/upgrade/upgrade_html.h"
#include "report/upgrade/upgrade_markdown.h"
#include "support/golden.h"
#include "support/replay_fixture.h"

namespace {

using namespace versus::report;
using versus::results::RunResults;
using versus::results::Verdict;
using versus::testing::check_golden;
using versus::testing::replay_fixture;
using versus::testing::replay_fixture_classes;

const ComparisonTable& replay_table(const std::vector<ComparisonTable>& tables) {
  REQUIRE(tables.size() == 1);
  return tables.front();
}

}  // namespace

TEST_CASE("class verdicts: the slow class first, slower, with its plan change named",
          "[report][class_verdicts]") {
  const auto tables = build_comparison(replay_fixture());
  const auto blocks = class_verdict_blocks(replay_table(tables));
  REQUIRE(blocks.size() == 1);
  const ClassVerdictBlock& b = blocks[0];
  CHECK(b.base.server == "mariadb-10.11");
  CHECK(b.other.server == "mysql-9.7");
  REQUIRE(b.threads == std::vector<int>{4});
  CHECK(b.family_size == 24u);
  const auto& classes = b.compared[0].classes;
  const auto names = replay_fixture_classes();
  CHECK(classes[0].statement_class == names[0]);
  CHECK(classes[0].speed.verdict == Verdict::slower);
  CHECK(versus::results::latency_ratio(classes[0]) == Approx(1.6).epsilon(0.02));
  REQUIRE(classes[0].plan_changes.size() >= 1);
  CHECK(classes[1].statement_class == names[1]);
  CHECK(classes[1].speed.verdict == Verdict::faster);
  CHECK(b.compared[0].only_base == std::vector<std::string>{"show tables"});
  CHECK(b.compared[0].only_other == std::vector<std::string>{"select @@version"});
}

TEST_CASE("class verdicts: at most kClassRowsShown rows, the rest in a line; JSON has all",
          "[report][class_verdicts]") {
  const auto tables = build_comparison(replay_fixture());
  const auto text = class_verdict_tables(replay_table(tables));
  REQUIRE(text.size() == 1);
  CHECK(text[0].rows.size() == kClassRowsShown);
  REQUIRE_FALSE(text[0].notes.empty());
  CHECK(text[0].notes[0].starts_with("and 4 more classes"));
  CHECK(text[0].rows[0][7] == "access ref -> ALL, key k -> none");
  const auto json = class_verdicts_json(class_verdict_blocks(replay_table(tables)));
  REQUIRE(json.size() == 1);
  CHECK(json[0]["classes"].size() == 24u);
  CHECK(json[0]["adjustment"] == "bh");
  bool failed_named = false;
  for (const auto& c : json[0]["classes"])
    if (c["class"] == "select sleep(?)")
      failed_named = c["plan"] == "EXPLAIN failed on mysql-9.7/default";
  CHECK(failed_named);
}

TEST_CASE("class verdicts: none for a workload whose classes are not the user's queries",
          "[report][class_verdicts]") {
  RunResults r = replay_fixture();
  for (auto& c : r.cells) c.workload = "oltp_read_only";
  const auto tables = build_comparison(r);
  CHECK(class_verdict_blocks(replay_table(tables)).empty());
  CHECK(class_verdict_tables(replay_table(tables)).empty());
}

TEST_CASE("class verdicts: the upgrade report's, to against from", "[report][class_verdicts]") {
  const RunResults r = replay_fixture();
  const auto tables = build_comparison(r);
  const auto reversed = class_verdict_blocks(tables, "mysql-9.7", "mariadb-10.11", "default");
  REQUIRE(reversed.size() == 1);
  CHECK(reversed[0].base.server == "mysql-9.7");
  CHECK(reversed[0].compared[0].classes[0].speed.verdict == Verdict::faster);
  CHECK(class_verdict_blocks(tables, "mysql-9.7", "mariadb-10.11", "tuned").empty());
}

TEST_CASE("golden: query classes in the terminal, Markdown, JSON and HTML reports",
          "[report][golden][class_verdicts]") {
  const RunResults r = replay_fixture();
  const auto tables = build_comparison(r);
  std::ostringstream text, md, json;
  write_terminal(text, tables);
  write_markdown(md, tables, r.info);
  write_json(json, tables, r.info);
  check_golden("class_verdicts.txt", text.str());
  check_golden("class_verdicts.md", md.str());
  check_golden("class_verdicts.json", json.str());
  check_golden("class_verdicts.html", class_verdicts_html(class_verdict_blocks(tables.front())));
  std::ostringstream page;
  write_html_report(page, tables, r, {});
  CHECK(page.str().find("Query classes, mysql-9.7/default against mariadb-10.11/default") !=
        std::string::npos);
}

TEST_CASE("golden: query classes in the upgrade report", "[report][golden][class_verdicts]") {
  const RunResults r = replay_fixture();
  auto scope = resolve_upgrade_scope(r, "mariadb-10.11", "mysql-9.7", "");
  REQUIRE(scope);
  const UpgradeReport report = build_upgrade_report(r, *scope, nullptr, nullptr);
  REQUIRE(report.classes.size() == 1);
  std::ostringstream md, html;
  write_upgrade_markdown(md, report);
  check_golden("upgrade_classes.md", md.str());
  write_upgrade_html(html, report);
  CHECK(html.str().find("Query classes, mysql-9.7/default against mariadb-10.11/default") !=
        std::string::npos);
}
