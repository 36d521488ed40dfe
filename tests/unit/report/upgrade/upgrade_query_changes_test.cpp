// The upgrade report's "Queries that change", pinned by tests/golden/upgrade_query_changes.md
// (VERSUS_UPDATE_GOLDEN=1 rewrites it) over a replay of three releases (support/query_changes_fixture.h).
#include "report/upgrade/upgrade_query_changes.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "report/upgrade/upgrade_html.h"
#include "report/upgrade/upgrade_markdown.h"
#include "support/golden.h"
#include "support/query_changes_fixture.h"

using namespace versus::report;
using versus::results::RunResults;
using versus::testing::check_golden;

TEST_CASE("golden: queries that change in the upgrade report", "[report][golden][replay]") {
  const RunResults r = versus::testing::query_changes_fixture();
  auto scope = resolve_upgrade_scope(r, "mariadb-10.11", "mysql-9.7", "");
  REQUIRE(scope);
  const UpgradeReport report = build_upgrade_report(r, *scope, nullptr, nullptr);
  REQUIRE(report.query_changes.size() == 1);
  std::ostringstream md, html;
  write_upgrade_markdown(md, report);
  check_golden("upgrade_query_changes.md", md.str());
  // After the verdicts, before the statement plans.
  CHECK(md.str().find("## Performance") < md.str().find("## Queries that change"));
  CHECK(md.str().find("## Queries that change") < md.str().find("## Statement plans"));
  write_upgrade_html(html, report);
  CHECK(html.str().find("<code>select sku from products where name = ?</code>: mariadb-10.11 "
                        "[products ref name 1 rows], mysql-9.7 [products ALL") !=
        std::string::npos);
  CHECK(html.str().find("<code>select shop_discount(?)</code>: no plan recorded") !=
        std::string::npos);
}

TEST_CASE("upgrade report: no section without replay results", "[report][query_changes]") {
  RunResults r = versus::testing::query_changes_fixture();
  for (auto& c : r.cells) c.query_results = {};
  auto scope = resolve_upgrade_scope(r, "mariadb-10.11", "mysql-9.7", "");
  REQUIRE(scope);
  const UpgradeReport report = build_upgrade_report(r, *scope, nullptr, nullptr);
  CHECK(report.query_changes.empty());
  CHECK(changed_class_plans(report).empty());
  std::ostringstream md;
  write_upgrade_markdown(md, report);
  CHECK(md.str().find("Queries that change") == std::string::npos);
}
