// report.html of a run: the embedded data JSON is pinned by tests/golden/report_html_data.json
// (regenerate with VERSUS_UPDATE_GOLDEN=1 build/tests/versus_tests "[golden]" and review the
// diff); the page itself is checked for what makes it self-contained and readable without
// JavaScript. tests/browser/ opens real pages in Chromium.
#include "report/run/run_html.h"

#include <catch2/catch.hpp>
#include <map>
#include <sstream>
#include <string>

#include "report/html/html_page.h"
#include "report/shared/comparison.h"
#include "support/cell_builder.h"
#include "support/golden.h"
#include "support/shard_merge_fixture.h"

namespace {

using namespace versus::report;
using versus::results::CellRecord;
using versus::results::CellStatus;
using versus::results::RunResults;
using Json = nlohmann::ordered_json;

CellRecord record(const std::string& server, int threads, double tps, int repeat) {
  CellRecord c = versus::testing::CellBuilder(server)
                     .workload("oltp_read_only")
                     .threads(threads)
                     .repeat(repeat)
                     .tps(tps)
                     .qps(tps * 16)
                     .p95_ms(0.25 * threads + 1)
                     .p99_ms(0.5 * threads + 1.5)
                     .cpu_probe(100 + repeat + threads * 0.5)
                     .server_version(server == "a" ? "10.11.18-MariaDB" : "10.11.19-MariaDB");
  c.my_cnf = "[mysqld]\nport=0\n";
  // Usage figures: b costs 10% more server CPU per transaction than a, c 5% less.
  c.seconds = 10;
  c.counters.transactions = static_cast<std::uint64_t>(tps * 10);
  const double txn = static_cast<double>(c.counters.transactions);
  const double cpu_us = (server == "b" ? 880 : server == "c" ? 760 : 800) + 50.0 * threads;
  c.usage.measured = true;
  c.usage.server_user_s = txn * cpu_us * 0.75 / 1e6;
  c.usage.server_system_s = txn * cpu_us * 0.25 / 1e6;
  c.usage.client_user_s = c.usage.client_system_s = txn * 60 / 1e6;
  c.usage.voluntary_switches = static_cast<std::uint64_t>(txn * 12);
  c.usage.write_bytes = static_cast<std::uint64_t>(txn * 2048);
  for (int s = 1; s <= 3; ++s)
    c.series.push_back({static_cast<double>(s), 1.0, static_cast<std::uint64_t>(tps + s),
                        static_cast<std::uint64_t>((tps + s) * 16), 0, 1.0});
  return c;
}

// Servers a and b (profile default), threads 1 and 4, 2 runs each; b is clearly faster at 1
// thread; b's second run at 4 threads crashed, its first retried 3% of its transactions (error
// 1020, 305 a second); server c ran only 1 thread (a missing cell).
RunResults html_fixture() {
  RunResults r;
  r.info = {"20240503-100000",
            "html.yaml",
            "2024-05-03T10:00:00Z",
            "0.1.0",
            {"a", "b", "c"},
            {"default"},
            {},
            2};
  for (int rep = 0; rep < 2; ++rep) {
    r.cells.push_back(record("a", 1, rep ? 1010 : 1000, rep));
    r.cells.push_back(record("b", 1, rep ? 1208 : 1200, rep));
    r.cells.push_back(record("c", 1, rep ? 990 : 1005, rep));
    r.cells.push_back(record("a", 4, rep ? 3020 : 3000, rep));
    r.cells.push_back(record("b", 4, 3050, rep));
  }
  CellRecord& retried = r.cells[4];
  retried.counters.ignored_errors = 915;
  retried.errors = {{1020, versus::measured::ErrorKind::retried, 915,
                     "Record has changed since last read in table 'sbtest1'"}};
  for (auto& second : retried.series) second.errors = 305;
  CellRecord& crashed = r.cells.back();
  crashed.status = CellStatus::crashed;
  crashed.error = "server died; its error log ends:\n<assertion> failed";
  crashed.series.clear();
  return r;
}

std::string page_of(const RunResults& r) {
  std::ostringstream out;
  write_html_report(out, build_comparison(r), r, {"servers:\n  - {name: a}\n", {}});
  return out.str();
}

}  // namespace

TEST_CASE("golden: report.html data", "[report][golden][html]") {
  const RunResults r = html_fixture();
  versus::testing::check_golden("report_html_data.json",
                                run_report_data(build_comparison(r), r).dump(2) + "\n");
}

TEST_CASE("report.html forbids remote loads and links nothing", "[report][html]") {
  const std::string page = page_of(html_fixture());
  CHECK(page.find("http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';") !=
        std::string::npos);
  CHECK(page.find(" src=") == std::string::npos);
  CHECK(page.find("<link") == std::string::npos);
  CHECK(page.find("<script type=\"application/json\" id=\"versus-data\">") != std::string::npos);
}

TEST_CASE("report.html has every chart's slot and the tables without JavaScript",
          "[report][html]") {
  const RunResults r = html_fixture();
  const std::string page = page_of(r);
  const Json data = run_report_data(build_comparison(r), r);
  // tps, ratio, server CPU, latency, series x2, errors per second at 4 threads, probe
  REQUIRE(data["charts"].size() == 1 + 1 + 1 + 1 + 2 + 1 + 1);
  for (const auto& chart : data["charts"])
    CHECK(page.find("data-chart=\"" + chart["id"].get<std::string>() + "\"") != std::string::npos);
  CHECK(page.find("<table>") != std::string::npos);
  CHECK(page.find("1005.0 ±") != std::string::npos);  // a's mean at 1 thread, with its CI
  CHECK(page.find("class=\"num faster\"") != std::string::npos);
  CHECK(page.find("10.11.19-MariaDB") != std::string::npos);
  CHECK(page.find("servers:\n  - {name: a}") != std::string::npos);   // the matrix file
  CHECK(page.find("&lt;assertion&gt; failed") != std::string::npos);  // escaped crash log
  CHECK(page.find("<h3>Cost per transaction (ratio to a/default)</h3>") != std::string::npos);
}

TEST_CASE("report.html names the cells a busy machine disturbed beside their table",
          "[report][html][interference]") {
  RunResults r = html_fixture();
  for (CellRecord& c : r.cells) {
    c.usage.interval_s = 10;
    c.usage.host_cpus = 2;
    c.usage.host_busy_s = c.usage.server_cpu_s() + c.usage.client_cpu_s() + 0.2;
  }
  CHECK(page_of(r).find("Busy machine") == std::string::npos);  // 1% of the machine: quiet
  r.cells[1].usage.host_busy_s += 3;                            // b at 1 thread, round 1
  const std::string page = page_of(r);
  CHECK(page.find("<b>Busy machine</b>") != std::string::npos);
  CHECK(page.find("busy: b/default at 1 thread, round 1: other processes took 3.2 and steal 0.0 "
                  "of the machine&#39;s 20.0 CPU-s (16%, above interference_limit 10%)") !=
        std::string::npos);
}

TEST_CASE(
    "report.html: the efficiency table under the throughput table, its chart among the "
    "table's",
    "[report][html][efficiency]") {
  const RunResults r = html_fixture();
  const std::string page = page_of(r);
  const auto tps_table = page.find("<table>");
  const auto cost_table = page.find("<h3>Cost per transaction");
  const auto charts = page.find("<div class=\"charts\">");
  CHECK(tps_table < cost_table);
  CHECK(cost_table < charts);
  CHECK(page.find("<td class=\"num\">930 x1.09</td>") != std::string::npos);  // b, 1 thread
  const Json data = run_report_data(build_comparison(r), r);
  const Json& cost = data["charts"][2];
  CHECK(cost["id"] == "cost-0");
  CHECK(cost["y_title"] == "server CPU us per transaction");
  REQUIRE(cost["series"].size() == 3);
  CHECK(cost["series"][0]["values"][0].get<double>() == Approx(850));
  CHECK(cost["series"][1]["values"][1].get<double>() == Approx(1080));  // b's ok run at 4
  CHECK(cost["series"][2]["values"][1].is_null());                      // c never ran 4 threads
}

TEST_CASE("report.html: one colour per column in every chart; missing cells are null",
          "[report][html]") {
  const RunResults r = html_fixture();
  const Json data = run_report_data(build_comparison(r), r);
  std::map<std::string, int> colour;
  for (const auto& chart : data["charts"])
    for (const auto& s : chart["series"]) {
      const std::string label = s["label"];
      const std::string column = label.substr(0, label.find(' '));
      auto [it, fresh] = colour.emplace(column, s["colour"].get<int>());
      CHECK(it->second == s["colour"].get<int>());
    }
  CHECK(colour["a/default"] != colour["b/default"]);
  const Json& tps = data["charts"][0];
  REQUIRE(tps["series"].size() == 3);
  CHECK(tps["series"][2]["values"][1].is_null());  // c never ran 4 threads
  CHECK(tps["series"][1]["marks"][0] == "faster");
}

TEST_CASE("embedded JSON cannot close its script element", "[report][html]") {
  Json data{{"name", "</script><script>alert(1)</script>"}};
  const std::string text = versus::report::embedded_json(data);
  CHECK(text.find('<') == std::string::npos);
  CHECK(Json::parse(text) == data);
}

namespace {
// Servers a and b at table sizes 1000 and 2000 (1 thread, MyISAM), with their data sizes;
// b has no data size at 2000 rows (a missing point).
RunResults html_sweep_fixture() {
  RunResults r = html_fixture();
  r.cells.clear();
  r.info.servers = {"a", "b"};
  for (std::int64_t size : {1000, 2000})
    for (const char* server : {"a", "b"}) {
      CellRecord c = record(server, 1, size == 1000 ? 1000 : 900, 0);
      c.engine = "myisam";
      c.tables = 1;
      c.table_size = size;
      r.cells.push_back(c);
      if (size == 2000 && std::string(server) == "b") continue;
      versus::results::DataSizeRecord d;
      d.server = server;
      d.profile = "default";
      d.engine = "myisam";
      d.tables = 1;
      d.table_size = size;
      d.file_source = "files";
      d.data_file_bytes = static_cast<std::uint64_t>(size) * 1048576 / 1000;
      r.data_sizes.push_back(d);
    }
  return r;
}
}  // namespace

TEST_CASE("report.html of a size sweep: charts against table size and the data size",
          "[report][html]") {
  const RunResults r = html_sweep_fixture();
  const Json data = run_report_data(build_comparison(r), r);
  std::map<std::string, Json> by_id;
  for (const Json& c : data["charts"]) by_id[c["id"].get<std::string>()] = c;
  // Tables 0 and 1: threads tables at 1000 and 2000 rows; table 2: the size table.
  REQUIRE(by_id.count("tps-2") == 1);
  CHECK(by_id["tps-2"]["categories"] == Json::array({"1000", "2000"}));
  CHECK(by_id["tps-2"]["x_title"] == "rows per table");
  CHECK(by_id["tps-2"]["title"] == "TPS against table size");
  CHECK(by_id.count("series-2-1") == 0);  // no per-second series for the size table
  CHECK(by_id.count("series-0-1") == 1);
  REQUIRE(by_id.count("datasize-0") == 1);
  const Json& size = by_id["datasize-0"];
  CHECK(size["categories"] == Json::array({"1000", "2000"}));
  REQUIRE(size["series"].size() == 2);
  CHECK(size["series"][0]["values"] == Json::array({1.0, 2.0}));
  CHECK(size["series"][1]["values"][1].is_null());
  const std::string page = page_of(r);
  CHECK_THAT(page, Catch::Contains("<h2>Data size</h2>") &&
                       Catch::Contains("data-chart=\"datasize-0\"") &&
                       Catch::Contains("<h2>oltp_read_only, myisam, 1 thread</h2>"));
}

TEST_CASE("report.html charts the table's metric: r/w requests without TPS whiskers",
          "[report][html]") {
  RunResults r = html_fixture();
  for (CellRecord& c : r.cells) {
    c.seconds = 10;
    c.counters.reads = static_cast<std::uint64_t>(c.tps * 10 * 14);
    c.counters.writes = static_cast<std::uint64_t>(c.tps * 10 * 4);
  }
  const auto tables = build_comparison(r, versus::config::Metric::rw);
  const Json data = run_report_data(tables, r);
  const Json& chart = data["charts"][0];
  CHECK(chart["title"] == "r/w requests/s against client threads");
  CHECK(chart["y_title"] == "read/write requests per second");
  // Server a at 1 thread: TPS 1000 and 1010, 18 r/w requests per transaction.
  CHECK(chart["series"][0]["values"][0].get<double>() == Approx(1005.0 * 18));
  CHECK(data["charts"][1]["title"] == "r/w requests/s ratio to a/default");
}

TEST_CASE("report.html of a merge of shards: each shard's host in the facts; rows by host",
          "[report][html][shards]") {
  auto r = versus::testing::merged_two_shards();
  r.info.hosts[1].machine.governor = "powersave";
  const std::string page = page_of(r);
  CHECK_THAT(page, Catch::Contains("<li><b>shard 1/2:</b> node1: Xeon, 2 cores") &&
                       Catch::Contains("<li><b>shard 2/2:</b> node2: Xeon, 2 cores") &&
                       Catch::Contains("governor powersave") && Catch::Contains("4 @node2") &&
                       !Catch::Contains("<li><b>machine:</b>"));
}

TEST_CASE("report.html names a column's retried errors and charts them per second",
          "[report][html][errors]") {
  const RunResults r = html_fixture();
  const std::string page = page_of(r);
  CHECK(page.find("<b>Retried errors</b>") != std::string::npos);
  CHECK(page.find("errors: b/default at 4 threads retried 3.0% of its transactions (915/30500): "
                  "1020 &quot;Record has changed since last read in table &#39;sbtest1&#39;&quot; "
                  "(915)") != std::string::npos);
  const Json data = run_report_data(build_comparison(r), r);
  const Json* errors = nullptr;
  for (const auto& chart : data["charts"])
    if (chart["id"] == "errors-0-4") errors = &chart;
  REQUIRE(errors != nullptr);
  CHECK((*errors)["y_title"] == "retried errors per second");
  REQUIRE((*errors)["series"].size() == 3);  // a's two runs and b's first
  CHECK((*errors)["series"][2]["values"] == Json::array({305.0, 305.0, 305.0}));
  CHECK((*errors)["series"][0]["values"] == Json::array({0.0, 0.0, 0.0}));
  for (const auto& chart : data["charts"]) CHECK(chart["id"] != "errors-0-1");  // none there
}

TEST_CASE("report.html charts each statement class's time per transaction per column",
          "[report][html][statements]") {
  RunResults r = html_fixture();
  for (CellRecord& c : r.cells) {
    const double distinct_ms = c.server == "b" ? 0.88 : 0.41;
    const auto txn = c.counters.transactions;
    const auto n = static_cast<double>(txn);
    c.statements = {{"point select", txn * 10, 0.05 * 10 * n},
                    {"DISTINCT range", txn, distinct_ms * n}};
  }
  const Json data = run_report_data(build_comparison(r), r);
  const Json* chart = nullptr;
  for (const auto& c : data["charts"])
    if (c["id"] == "statements-0-1") chart = &c;
  REQUIRE(chart != nullptr);
  CHECK((*chart)["y_title"] == "ms per transaction");
  CHECK((*chart)["kind"] == "bar");  // classes are no sequence: bars, not a line across them
  CHECK((*chart)["categories"] == Json::array({"point select", "DISTINCT range"}));
  REQUIRE((*chart)["series"].size() == 3);  // a, b and c
  CHECK((*chart)["series"][1]["label"] == "b/default");
  CHECK((*chart)["series"][1]["values"][1].get<double>() == Approx(0.88));
  CHECK((*chart)["series"][0]["values"][0].get<double>() == Approx(0.5));
  // Without statement times, no such chart.
  const Json untimed = run_report_data(build_comparison(html_fixture()), html_fixture());
  for (const auto& c : untimed["charts"])
    CHECK(c["id"].get<std::string>().rfind("statements-", 0) != 0);
}

TEST_CASE("report.html charts at most 12 statement classes, the least timed summed as other",
          "[report][html][statements]") {
  RunResults r = html_fixture();
  for (CellRecord& c : r.cells) {
    const auto txn = c.counters.transactions;
    const auto n = static_cast<double>(txn);
    c.statements.clear();
    // 20 classes s0..s19 taking 0.01, 0.02, ... 0.20 ms per transaction, s0 only in b.
    for (int i = 0; i < 20; ++i)
      if (i > 0 || c.server == "b")
        c.statements.push_back({"s" + std::to_string(i), txn, 0.01 * (i + 1) * n});
  }
  const Json data = run_report_data(build_comparison(r), r);
  const Json* chart = nullptr;
  for (const auto& c : data["charts"])
    if (c["id"] == "statements-0-1") chart = &c;
  REQUIRE(chart != nullptr);
  Json expected = Json::array();
  for (int i = 9; i < 20; ++i) expected.push_back("s" + std::to_string(i));  // the 11 most
  expected.push_back("other (9 classes)");
  CHECK((*chart)["categories"] == expected);
  // a's other: s1..s8; b's: s0..s8.
  CHECK((*chart)["series"][0]["values"][11].get<double>() == Approx(0.44));
  CHECK((*chart)["series"][1]["values"][11].get<double>() == Approx(0.45));
  CHECK((*chart)["series"][1]["values"][10].get<double>() == Approx(0.20));
}
