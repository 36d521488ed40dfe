// The history page's model (report/history/history_page.h): which series changed lately, in which
// order, the counters across a step, the links to each run's report; and its page
// (report/history/history_html.h): the embedded data pinned by tests/golden/history_html_data.json
// (regenerate with VERSUS_UPDATE_GOLDEN=1 build/tests/versus_tests "[golden]" and review the
// diff). tests/browser/ opens a real history's page in Chromium.
#include "report/history/history_page.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "report/history/history_html.h"
#include "report/notes/error_notes.h"
#include "support/golden.h"

namespace {

using namespace versus::report;
using versus::results::CellRunCounters;
using versus::results::HistoryRow;

// 20 nightly runs (r100..r119, 2026-11-01 on) of three series, 2 repeats each:
//  - oltp_read_only, 8 threads: -20% from run 15 on, where the version goes 11.8.0 -> 11.8.1;
//  - oltp_read_only, 1 thread: +10% from run 12 on;
//  - oltp_write_only, 8 threads: -30% from run 5 on (not among the last 14 runs).
std::vector<HistoryRow> fixture_rows() {
  struct Series {
    const char* workload;
    int threads;
    double level;
    int step_at;
    double factor;
  };
  const Series series[] = {{"oltp_read_only", 1, 500, 12, 1.1},
                           {"oltp_read_only", 8, 3000, 15, 0.8},
                           {"oltp_write_only", 8, 1000, 5, 0.7}};
  const double wobble[4] = {0, 0.004, -0.003, 0.002};
  std::vector<HistoryRow> rows;
  for (const Series& s : series)
    for (int run = 0; run < 20; ++run)
      for (int repeat = 0; repeat < 2; ++repeat) {
        HistoryRow r;
        r.run_id = "r" + std::to_string(100 + run);
        r.started_at =
            "2026-11-" + std::string(run < 9 ? "0" : "") + std::to_string(run + 1) + "T01:00:00Z";
        r.server = "trunk";
        r.profile = "default";
        r.engine = "innodb";
        r.workload = s.workload;
        r.threads = s.threads;
        r.tables = 4;
        r.table_size = 10000;
        r.repeat = repeat;
        r.status = "ok";
        r.server_version = run < 15 ? "11.8.0-MariaDB" : "11.8.1-MariaDB";
        r.tps = s.level * (run >= s.step_at ? s.factor : 1) * (1 + wobble[(run + repeat) % 4]);
        rows.push_back(r);
      }
  return rows;
}

// The counters of the 8-thread read-only series: Handler_read_key 10 -> 14 per transaction at
// the step, Innodb_buffer_pool_reads 0 (not stored) -> 3.1; run r100 far outside the windows
// with values that would change the means.
std::vector<CellRunCounters> fixture_counters() {
  std::vector<CellRunCounters> out;
  for (int run = 0; run < 20; ++run) {
    CellRunCounters c{"r" + std::to_string(100 + run), 0, {}};
    c.per_transaction["Handler_read_key"] = run == 0 ? 1000 : run < 15 ? 10 : 14;
    c.per_transaction["Handler_commit"] = 1;
    if (run >= 15) c.per_transaction["Innodb_buffer_pool_reads"] = 3.1;
    c.per_transaction["statement_ms.point select"] = 0.5;
    c.per_transaction["statement_ms.DISTINCT range"] = run < 15 ? 0.41 : 0.88;
    out.push_back(c);
  }
  return out;
}

HistoryPageInputs inputs(std::size_t recent = kDefaultRecentRuns) {
  HistoryPageInputs in;
  in.history_file = "/srv/nightly/results/history.sqlite";
  in.page_file = "/srv/nightly/www/index.html";
  in.run_dirs = {{"r118", "20261119-010000"}, {"r119", "/data/night 20"}};
  in.recent_runs = recent;
  return in;
}

HistoryPage fixture_page(std::size_t recent = kDefaultRecentRuns) {
  const auto in = inputs(recent);
  auto page =
      build_history_page(build_trends(fixture_rows(), in.options), in,
                         [](const CellKey& k) -> versus::Expected<std::vector<CellRunCounters>> {
                           if (k.workload == "oltp_read_only" && k.threads == 8)
                             return fixture_counters();
                           return std::vector<CellRunCounters>{};
                         });
  REQUIRE(page);
  return *page;
}

}  // namespace

TEST_CASE("history page: the changes of the last N runs, biggest first", "[report][history]") {
  const HistoryPage page = fixture_page();
  REQUIRE(page.trends.size() == 3);
  REQUIRE(page.runs.size() == 20);
  CHECK(page.runs.front().run_id == "r100");
  CHECK(page.runs.back().run_id == "r119");
  // The write-only step at run 5 is older than the last 14 runs (r106..r119): not listed.
  REQUIRE(page.recent.size() == 2);
  const RecentChange& first = page.recent[0];
  CHECK(page.titles[first.trend] == "oltp_read_only, innodb, trunk/default, 8 threads");
  CHECK(page.runs[first.run].run_id == "r115");
  CHECK(first.change.detail.change == Approx(-0.2).margin(0.005));
  CHECK(first.version_before == "11.8.0-MariaDB");
  CHECK(first.version_after == "11.8.1-MariaDB");
  const RecentChange& second = page.recent[1];
  CHECK(page.titles[second.trend] == "oltp_read_only, innodb, trunk/default, 1 thread");
  CHECK(page.runs[second.run].run_id == "r112");
  CHECK(second.change.detail.change == Approx(0.1).margin(0.005));
  CHECK(second.version_before == "11.8.0-MariaDB");
  CHECK(second.version_after == "11.8.0-MariaDB");
}

TEST_CASE("history page: N decides what is recent", "[report][history]") {
  const HistoryPage page = fixture_page(16);  // r104..r119: the write-only step is in
  REQUIRE(page.recent.size() == 3);
  CHECK(page.titles[page.recent[0].trend] == "oltp_write_only, innodb, trunk/default, 8 threads");
  CHECK(page.recent[0].change.detail.change == Approx(-0.3).margin(0.005));
  CHECK(fixture_page(1).recent.empty());  // a change point needs 5 runs after it
}

TEST_CASE("history page: the counters across a step, from the windows the test compared",
          "[report][history]") {
  const HistoryPage page = fixture_page();
  const RecentChange& step = page.recent[0];
  REQUIRE(step.counters_known);
  REQUIRE(step.counters.size() == 2);  // Handler_commit did not move
  CHECK(step.counters[0].name == "Innodb_buffer_pool_reads");
  CHECK(step.counters[0].from == 0);  // absent before: 0
  CHECK(step.counters[0].to == Approx(3.1));
  CHECK(step.counters[1].name == "Handler_read_key");
  CHECK(step.counters[1].from == Approx(10));  // r100's 1000 is outside the window
  CHECK(step.counters[1].to == Approx(14));
  // The statement classes' times, kept beside the counters, lead; never ranked as counters.
  REQUIRE(step.statements.size() == 1);  // point select did not move
  CHECK(step.statements[0].statement == "DISTINCT range");
  CHECK(step.statements[0].from_ms == Approx(0.41));
  CHECK(step.statements[0].to_ms == Approx(0.88));
  std::ostringstream html;
  write_history_html(html, page, "0.1.0");
  CHECK(html.str().find(": statements: DISTINCT range 0.41 -&gt; 0.88 ms (x2.15), 100% of the "
                        "change</p>") != std::string::npos);
  // A series without stored counters says so rather than listing nothing.
  CHECK_FALSE(page.recent[1].counters_known);
  CHECK(page.recent[1].statements.empty());
  CHECK(page.recent[1].counters.empty());
}

TEST_CASE("history page: a run links to its report.html relative to the page",
          "[report][history]") {
  const HistoryPage page = fixture_page();
  CHECK(page.runs[17].href.empty());  // no directory on record
  CHECK(page.runs[18].href == "../results/20261119-010000/report.html");
  CHECK(page.runs[19].href == "../../../data/night%2020/report.html");
  CHECK(report_href("h/history.sqlite", "r1", "h/page.html") == "r1/report.html");
  CHECK(report_href("h/history.sqlite", "../runs/r1", "page.html") == "runs/r1/report.html");
  CHECK(report_href("h/history.sqlite", "", "page.html").empty());
}

TEST_CASE("history page: a TPC-C series is drawn as NOPM, the others as TPS", "[report][history]") {
  std::vector<HistoryRow> rows = fixture_rows();
  for (HistoryRow& r : rows)
    if (r.workload == "oltp_write_only") r.workload = "tpcc", r.nopm = r.tps * 27;
  const auto in = inputs(kDefaultRecentRuns);
  auto page = build_history_page(build_trends(rows, in.options), in, [](const CellKey&) {
    return versus::Expected<std::vector<CellRunCounters>>(std::vector<CellRunCounters>{});
  });
  REQUIRE(page);
  const auto data = history_html_data(*page);
  int nopm_charts = 0;
  for (const auto& chart : data["charts"]) {
    const bool tpcc = chart["title"].get<std::string>().rfind("tpcc", 0) == 0;
    INFO(chart["title"]);
    CHECK(chart["y_title"] == (tpcc ? "New-Orders per minute" : "transactions per second"));
    CHECK(chart["series"][0]["label"] == (tpcc ? "NOPM" : "TPS"));
    if (tpcc) CHECK(chart["series"][0]["values"][0].get<double>() > 25000);
    nopm_charts += tpcc;
  }
  CHECK(nopm_charts == 1);
}

TEST_CASE("history page: embedded data", "[report][history][golden]") {
  const HistoryPage page = fixture_page();
  versus::testing::check_golden("history_html_data.json", history_html_data(page).dump(2) + "\n");
}

TEST_CASE("history page: the HTML leads with what changed and reads without JavaScript",
          "[report][history]") {
  std::ostringstream out;
  write_history_html(out, fixture_page(), "0.1.0");
  const std::string html = out.str();
  const auto recent = html.find("<section id=\"recent\"><h2>What changed in the last 14 runs");
  const auto series = html.find("<section id=\"series\">");
  REQUIRE(recent != std::string::npos);
  REQUIRE(series != std::string::npos);
  CHECK(recent < series);
  CHECK(html.find("default-src 'none'") != std::string::npos);
  CHECK(html.find("<td class=\"num slower\">-20.0%</td>") != std::string::npos);
  CHECK(html.find("11.8.0-MariaDB -&gt; 11.8.1-MariaDB") != std::string::npos);
  CHECK(html.find("<td>Innodb_buffer_pool_reads</td>") != std::string::npos);
  CHECK(html.find("<a href=\"../results/20261119-010000/report.html\">r118</a>") !=
        std::string::npos);
  CHECK(html.find("data-chart=\"series-2\"") != std::string::npos);
  CHECK(html.find("no counters recorded on both sides of the step") != std::string::npos);
}

TEST_CASE("history page: the retried errors on both sides of a step, with their codes",
          "[report][history][errors]") {
  const auto in = inputs();
  // The 8-thread read-only series retries 60% of its transactions from the step on (1020
  // 55%, 1213 5%), none before.
  auto page =
      build_history_page(build_trends(fixture_rows(), in.options), in,
                         [](const CellKey& k) -> versus::Expected<std::vector<CellRunCounters>> {
                           auto counters = fixture_counters();
                           if (k.workload != "oltp_read_only" || k.threads != 8)
                             return std::vector<CellRunCounters>{};
                           for (std::size_t run = 15; run < counters.size(); ++run) {
                             counters[run].per_transaction["retried errors"] = 0.6;
                             counters[run].per_transaction["errors.1020"] = 0.55;
                             counters[run].per_transaction["errors.1213"] = 0.05;
                           }
                           return counters;
                         });
  REQUIRE(page);
  const RecentChange& step = page->recent[0];
  CHECK(step.errors_before.empty());
  CHECK(step.errors_after.at("errors.1020") == Approx(0.55));
  for (const auto& c : step.counters) CHECK(c.name.rfind("errors.", 0) != 0);  // never ranked
  std::ostringstream out;
  write_history_html(out, *page, "0.1.0");
  CHECK(out.str().find("before retried 0.0% of its transactions; after retried 60.0% of its "
                       "transactions: 1020 (55.0%), 1213 (5.0%)") != std::string::npos);
  CHECK(history_error_note("x", {}, {}).empty());
}
