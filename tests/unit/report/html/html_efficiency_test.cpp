// Issue 11's evidence in the HTML reports: the efficiency table and server CPU chart of a run's
// report.html, and the ranked counters of `compare --html` and `upgrade-report --html`, all
// rendered from what the report model computed (nothing measured or ranked again here).
#include "report/html/html_efficiency.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "report/compare/compare_html.h"
#include "report/compare/regression.h"
#include "report/upgrade/upgrade_html.h"
#include "report/upgrade/upgrade_report.h"
#include "support/cell_builder.h"

namespace {

using namespace versus::report;
using versus::results::CellRecord;
using versus::results::RunResults;

// 10 s at `tps`, `cpu_us` server CPU and `reads` Innodb_buffer_pool_reads per transaction.
CellRecord costly(const std::string& server, int threads, double tps, int repeat, double cpu_us,
                  double reads) {
  CellRecord c = versus::testing::CellBuilder(server).threads(threads).repeat(repeat).tps(tps);
  c.seconds = 10;
  c.counters.transactions = static_cast<std::uint64_t>(tps * 10);
  const double txn = static_cast<double>(c.counters.transactions);
  c.usage.measured = true;
  c.usage.server_user_s = txn * cpu_us / 1e6;
  c.usage.client_user_s = txn * 50 / 1e6;
  c.usage.status = {{"Com_commit", static_cast<std::int64_t>(txn)},
                    {"Innodb_buffer_pool_reads", static_cast<std::int64_t>(txn * reads)}};
  return c;
}

// old against new at 1 thread, 3 runs each: new is ~10% slower, spends 812 -> 893 us of
// server CPU and reads 3.1 pages per transaction where old read none.
RunResults efficiency_run(const std::string& id, const std::vector<std::string>& servers) {
  RunResults r;
  r.info = {id, "evidence.yaml", "2024-05-05T10:00:00Z", "0.1.0", servers, {"default"}, {}};
  const double tps[2][3] = {{1000, 1010, 990}, {900, 905, 895}};
  for (std::size_t s = 0; s < servers.size(); ++s)
    for (int k = 0; k < 3; ++k)
      r.cells.push_back(costly(servers[s], 1, tps[s][k], k, s == 0 ? 812 : 893, s == 0 ? 0 : 3.1));
  return r;
}

RunResults one_side(bool slow) {
  RunResults both = efficiency_run(slow ? "new" : "base", {"old", "new"});
  RunResults r = both;
  r.info.servers = {"trunk"};
  r.cells.clear();
  for (CellRecord c : both.cells)
    if ((c.server == "new") == slow) {
      c.server = "trunk";
      r.cells.push_back(c);
    }
  return r;
}

// Every ranked counter appears in the page with both values as the Markdown shows them.
void check_counters_shown(const std::string& page,
                          const std::vector<versus::results::CounterChange>& counters) {
  REQUIRE(!counters.empty());
  for (const auto& k : counters) {
    const std::string row =
        "<td>" + k.name + "</td><td class=\"num\">" + versus::results::counter_value_text(k.from) +
        "</td><td class=\"num\">" + versus::results::counter_value_text(k.to) + "</td>";
    CHECK(page.find(row) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("efficiency html: the model's table with its ratios; nothing without usage",
          "[report][html][efficiency]") {
  RunResults r = efficiency_run("r", {"old", "new"});
  const auto tables = build_comparison(r);
  const std::string html = efficiency_html(tables.front());
  CHECK(html.find("<h3>Cost per transaction (ratio to old/default)</h3>") != std::string::npos);
  CHECK(html.find("<th>server CPU us</th>") != std::string::npos);
  CHECK(html.find("<td class=\"num\">893 x1.10</td>") != std::string::npos);
  for (CellRecord& c : r.cells) c.usage.measured = false;
  CHECK(efficiency_html(build_comparison(r).front()).empty());
}

TEST_CASE("server CPU chart: one series per column, the cells' own cost; none without usage",
          "[report][html][efficiency]") {
  RunResults r = efficiency_run("r", {"old", "new"});
  ColourIndex colours;
  colours.of("new/default");  // colours come from the report's index, not the series order
  const auto chart = server_cpu_chart(build_comparison(r).front(), 3, colours);
  REQUIRE(chart);
  CHECK(chart->id == "cost-3");
  CHECK(chart->categories == std::vector<std::string>{"1"});
  REQUIRE(chart->series.size() == 2);
  CHECK(chart->series[0].label == "old/default");
  CHECK(chart->series[0].colour == 1);
  CHECK(chart->series[1].colour == 0);
  CHECK(*chart->series[0].values[0] == Approx(812));
  CHECK(*chart->series[1].values[0] == Approx(893));
  for (CellRecord& c : r.cells) c.usage.measured = false;
  CHECK_FALSE(server_cpu_chart(build_comparison(r).front(), 0, colours));
}

TEST_CASE("compare --html: the ranked counters of each significant difference",
          "[report][html][efficiency]") {
  const RegressionReport report = compare_runs(one_side(false), one_side(true));
  REQUIRE(report.matched.size() == 1);
  std::ostringstream out;
  write_regression_html(out, report);
  const std::string page = out.str();
  CHECK(page.find("<section id=\"counters\">") != std::string::npos);
  CHECK(page.find("oltp_read_write, innodb, trunk/default, 1 thread: slower (") !=
        std::string::npos);
  check_counters_shown(page, report.matched.front().counters);
  CHECK(page.find("<td>Innodb_buffer_pool_reads</td><td class=\"num\">0.0</td><td "
                  "class=\"num\">3.1</td><td class=\"num\">-</td>") != std::string::npos);
  CHECK(page.find("<td>server CPU us</td><td class=\"num\">812</td><td class=\"num\">893</td>"
                  "<td class=\"num\">x1.10</td>") != std::string::npos);
}

TEST_CASE("compare --html: no counters section without usage figures",
          "[report][html][efficiency]") {
  RunResults base = one_side(false), now = one_side(true);
  for (CellRecord& c : base.cells) c.usage.measured = false;
  std::ostringstream out;
  write_regression_html(out, compare_runs(base, now));
  CHECK(out.str().find("id=\"counters\"") == std::string::npos);
}

TEST_CASE("upgrade-report --html: the ranked counters under the thread table",
          "[report][html][efficiency]") {
  const RunResults r = efficiency_run("r", {"old", "new"});
  const UpgradeReport report =
      build_upgrade_report(r, {"old", "new", "default", "innodb"}, nullptr, nullptr);
  REQUIRE(report.workloads.size() == 1);
  std::ostringstream out;
  write_upgrade_html(out, report);
  const std::string page = out.str();
  CHECK(page.find("Statements and counters that moved most per transaction (old -&gt; new)") != std::string::npos);
  CHECK(page.find("<h4>1 thread: slower (") != std::string::npos);
  check_counters_shown(page, report.workloads.front().threads.front().counters);
}
