// The upgrade-decision report: its model (ranges, health, variables diff) and its exact
// Markdown, pinned by tests/golden/upgrade_report.md (VERSUS_UPDATE_GOLDEN=1 rewrites it).
#include <catch2/catch.hpp>
#include <sstream>

#include "report/notes/settings_notes.h"
#include "report/upgrade/upgrade_html.h"
#include "report/upgrade/upgrade_markdown.h"
#include "support/cell_builder.h"
#include "support/golden.h"
#include "support/temp_dir.h"
#include "support/why_cells.h"

namespace {

using namespace versus::report;
using versus::results::CellRecord;
using versus::results::CellStatus;
using versus::results::RunResults;
using versus::results::Verdict;
using versus::testing::check_golden;

CellRecord cell(const std::string& server, const std::string& workload, int threads, double tps,
                int repeat) {
  return versus::testing::CellBuilder(server)
      .workload(workload)
      .threads(threads)
      .repeat(repeat)
      .tps(tps);
}

// 10.11 -> 11.4, 3 repeats: read_write 11.4 is ~10% faster at 1 and 4 threads, the same at 16
// and 64; point_select 11.4 is slower at 8 threads and crashed once at 32.
RunResults upgrade_fixture() {
  RunResults r;
  r.info.run_id = "20240503-100000";
  r.info.matrix_file = "upgrade.yaml";
  r.info.started_at = "2024-05-03T10:00:00Z";
  r.info.servers = {"mariadb-10.11", "mariadb-11.4"};
  r.info.profiles = {"default"};
  const int rw_threads[4] = {1, 4, 16, 64};
  const double rw[2][4][3] = {
      {{1000, 1010, 990}, {3000, 3030, 2970}, {7000, 7100, 6900}, {8000, 8200, 7800}},
      {{1100, 1105, 1095}, {3320, 3300, 3340}, {7050, 6950, 7150}, {8100, 7900, 8050}}};
  for (int s = 0; s < 2; ++s)
    for (int t = 0; t < 4; ++t)
      for (int k = 0; k < 3; ++k)
        r.cells.push_back(
            cell(r.info.servers[s], "oltp_read_write", rw_threads[t], rw[s][t][k], k));
  const double ps[2][2][3] = {{{50000, 50500, 49500}, {90000, 90500, 89500}},
                              {{45000, 45200, 44800}, {91000, 90000, 0}}};
  for (int s = 0; s < 2; ++s)
    for (int t = 0; t < 2; ++t)
      for (int k = 0; k < 3; ++k)
        r.cells.push_back(
            cell(r.info.servers[s], "oltp_point_select", t == 0 ? 8 : 32, ps[s][t][k], k));
  CellRecord& crashed = r.cells.back();
  crashed.status = CellStatus::crashed;
  crashed.error = "the server died under load; its error log ends:\n[ERROR] signal 11";
  r.cells[5].counters.ignored_errors = 12;  // 10.11, read_write, 4 threads
  for (std::size_t i : {std::size_t{6}, std::size_t{7}, std::size_t{8}, std::size_t{18},
                        std::size_t{19}, std::size_t{20}}) {  // read_write, 16 threads
    CellRecord& c = r.cells[i];
    c.counters.transactions = static_cast<std::uint64_t>(c.tps * 10);
    if (c.server != "mariadb-11.4") continue;  // 11.4 retried 20% of them
    c.counters.ignored_errors = c.counters.transactions / 5;
    c.errors = {{1020, versus::measured::ErrorKind::retried, c.counters.ignored_errors,
                 "Record has changed since last read in table 'sbtest1'"}};
  }
  r.cells[30].counters.reconnects = 2;  // 11.4, point_select, 8 threads
  r.cells[31].counters.abandoned = 3;   // 11.4, point_select
  // Each instance's plans: 11.4 sorts the DISTINCT range without a temporary table and
  // estimates its rows otherwise; 0.4's statements (no legacy workload here) are left out.
  for (const std::string& server : r.info.servers) {
    versus::results::DataSizeRecord d;
    d.server = server;
    d.profile = "default";
    d.engine = "innodb";
    const bool new_one = server == "mariadb-11.4";
    auto plan = [](std::string statements, std::string klass, versus::results::PlanShape shape) {
      return versus::results::StatementPlan{std::move(statements), std::move(klass), "SELECT ...",
                                            "json", "{}", "", std::move(shape)};
    };
    d.plans = {plan("sysbench 1.0", "point select", {{{"sbtest1", "const", "PRIMARY", 1}}, false, false}),
               plan("sysbench 1.0", "DISTINCT range",
                    {{{"sbtest1", "range", "PRIMARY", new_one ? 250.0 : 100.0}}, true, !new_one}),
               plan("sysbench 0.4", "point select", {{{"sbtest", "const", "PRIMARY", 1}}, false, false})};
    if (new_one) d.plans[0].error = "error 1064: syntax";
    r.data_sizes.push_back(std::move(d));
  }
  return r;
}

VariableMap from_variables() {
  return {{"datadir", "/tmp/a/data/"},
          {"port", "3307"},
          {"version", "10.11.7-MariaDB"},
          {"innodb_version", "10.11.7"},
          {"innodb_buffer_pool_size", "134217728"},
          {"innodb_log_file_size", "100663296"},
          {"optimizer_switch", "index_merge=on,rowid_filter=on"},
          {"innodb_change_buffering", "all"},
          {"gtid_binlog_pos", "0-1-5"},
          {"max_connections", "151"},
          {"log_bin_basename", "/tmp/a/binlog"}};
}

VariableMap to_variables() {
  return {{"datadir", "/tmp/b/data/"},
          {"port", "3308"},
          {"version", "11.4.2-MariaDB"},
          {"innodb_version", "11.4.2"},
          {"innodb_buffer_pool_size", "134217728"},
          {"innodb_log_file_size", "100663296"},
          {"optimizer_switch", "index_merge=on,rowid_filter=on,cset_narrowing=on"},
          {"innodb_buffer_pool_chunk_size", "0"},
          {"gtid_binlog_pos", "0-1-9"},
          {"max_connections", "151"},
          {"log_bin_basename", "/tmp/b/binlog"}};
}

UpgradeReport fixture_report() {
  const RunResults run = upgrade_fixture();
  auto scope = resolve_upgrade_scope(run, "mariadb-10.11", "mariadb-11.4", "");
  REQUIRE(scope);
  const auto from = from_variables(), to = to_variables();
  return build_upgrade_report(run, *scope, &from, &to);
}

}  // namespace

TEST_CASE("upgrade report: ranges group thread counts with the same verdict", "[report]") {
  const UpgradeReport r = fixture_report();
  CHECK(r.scope.profile == "default");
  CHECK(r.scope.engine == "innodb");
  REQUIRE(r.workloads.size() == 2);
  const auto& rw = r.workloads[0];
  REQUIRE(rw.ranges.size() == 2);
  CHECK(rw.ranges[0].verdict == Verdict::faster);
  CHECK(rw.ranges[0].first_threads == 1);
  CHECK(rw.ranges[0].last_threads == 4);
  CHECK(rw.ranges[0].ratio == Approx(1.1033).epsilon(0.001));
  CHECK(range_text(rw.ranges[0]).rfind("1-4 threads: 10.3% faster [", 0) == 0);
  CHECK(rw.ranges[1].verdict == Verdict::undecided);
  CHECK(range_text(rw.ranges[1]).rfind("16-64 threads: undecided: ", 0) == 0);
  const auto& ps = r.workloads[1];
  REQUIRE(ps.ranges.size() == 2);
  CHECK(ps.ranges[0].verdict == Verdict::slower);
  CHECK(range_text(ps.ranges[0]).rfind("8 threads: 10.0% slower [", 0) == 0);
}

TEST_CASE("upgrade report: health and troubles", "[report]") {
  const UpgradeReport r = fixture_report();
  CHECK(r.from_health.cells == 18);
  CHECK(r.from_health.ignored_errors == 12);
  CHECK(r.to_health.crashed == 1);
  CHECK(r.to_health.reconnects == 2);
  CHECK(r.to_health.abandoned == 3);
  CHECK(r.from_health.abandoned == 0);
  REQUIRE(r.troubles.size() == 1);
  CHECK(r.troubles[0].error ==
        "the server died under load; its error log ends: ... [ERROR] signal 11");
}

TEST_CASE("upgrade report: variables diff leaves out what always differs", "[report]") {
  const auto diff = diff_variables(from_variables(), to_variables());
  std::vector<std::string> names;
  for (const auto& v : diff) names.push_back(v.name);
  CHECK(names == std::vector<std::string>{"innodb_buffer_pool_chunk_size",
                                          "innodb_change_buffering", "optimizer_switch"});
  CHECK_FALSE(diff[0].from);
  CHECK(*diff[0].to == "0");
  CHECK(ignored_variable("version_comment", "a", "b"));
  CHECK(ignored_variable("gtid_current_pos", "1", "2"));
  CHECK(ignored_variable("server_uid", "x=", "y="));
  CHECK(ignored_variable("report_port", "1", "2"));
  CHECK_FALSE(ignored_variable("gtid_strict_mode", "OFF", "ON"));
  CHECK(ignored_variable("secure_file_priv", "/a", ""));
}

TEST_CASE("upgrade report: each statement's plan per release, what differs",
          "[report][plan_notes]") {
  const UpgradeReport r = fixture_report();
  REQUIRE(r.plans.size() == 2);  // sysbench 1.0's: the workloads send no 0.4 statement
  CHECK(r.plans[0].statement_class == "point select");
  REQUIRE(r.plans[0].to);
  CHECK_FALSE(r.plans[0].to->error.empty());
  CHECK(r.plans[0].changes.empty());  // no diff against a failed EXPLAIN
  CHECK(r.plans[1].statement_class == "DISTINCT range");
  CHECK(r.plans[1].changes ==
        std::vector<versus::results::PlanChange>{
            {versus::results::PlanAspect::rows, "sbtest1", "100", "250"},
            {versus::results::PlanAspect::temporary, "", "yes", "no"}});
  RunResults old = upgrade_fixture();
  old.data_sizes.clear();
  auto scope = resolve_upgrade_scope(old, "mariadb-10.11", "mariadb-11.4", "");
  REQUIRE(scope);
  CHECK(build_upgrade_report(old, *scope, nullptr, nullptr).plans.empty());
}

TEST_CASE("upgrade report: unknown server or profile is an error", "[report]") {
  const RunResults run = upgrade_fixture();
  CHECK_FALSE(resolve_upgrade_scope(run, "mariadb-10.11", "mysql-8.4", ""));
  CHECK_FALSE(resolve_upgrade_scope(run, "mariadb-10.11", "mariadb-11.4", "tuned"));
}

TEST_CASE("golden: upgrade report markdown", "[report][golden]") {
  std::ostringstream out;
  write_upgrade_markdown(out, fixture_report());
  check_golden("upgrade_report.md", out.str());
}

TEST_CASE("upgrade report html names the retried errors per thread count and server",
          "[report][errors]") {
  std::ostringstream out;
  write_upgrade_html(out, fixture_report());
  const std::string html = out.str();
  CHECK(html.find("<li>errors: 16 threads: mariadb-10.11 retried 0.0% of its transactions "
                  "(0/210000); mariadb-11.4 retried 20.0%") != std::string::npos);
  CHECK(html.find("<li>errors: mariadb-11.4 retried 20.0% of its transactions (42300/211500): "
                  "1020 &quot;Record has changed") != std::string::npos);
}

TEST_CASE("upgrade report html lists each statement's plan per release",
          "[report][plan_notes]") {
  std::ostringstream out;
  write_upgrade_html(out, fixture_report());
  const std::string html = out.str();
  CHECK(html.find("<h2>Statement plans</h2>") != std::string::npos);
  CHECK(html.find("sbtest1 range PRIMARY 100 rows, filesort, temporary") != std::string::npos);
  CHECK(html.find("<b>rows 100 -&gt; 250, Using temporary yes -&gt; no</b>") != std::string::npos);
}

TEST_CASE("upgrade report: without variables says so", "[report]") {
  const RunResults run = upgrade_fixture();
  auto scope = resolve_upgrade_scope(run, "mariadb-10.11", "mariadb-11.4", "default");
  REQUIRE(scope);
  std::ostringstream out;
  write_upgrade_markdown(out, build_upgrade_report(run, *scope, nullptr, nullptr));
  CHECK(out.str().find("Not captured") != std::string::npos);
}

// Across flavours most variables exist on one side only: they are named, not tabled.
TEST_CASE("split_variables: values that differ apart from the names one side lacks",
          "[report][upgrade]") {
  using versus::report::VariableChange;
  std::vector<VariableChange> changes{{"aria_block_size", "8192", std::nullopt},
                                      {"admin_port", std::nullopt, "33062"},
                                      {"query_alloc_block_size", "32768", "8192"}};
  auto split = versus::report::split_variables(changes);
  REQUIRE(split.both.size() == 1);
  CHECK(split.both[0].name == "query_alloc_block_size");
  CHECK(split.only_from == std::vector<std::string>{"aria_block_size"});
  CHECK(split.only_to == std::vector<std::string>{"admin_port"});
}

TEST_CASE("upgrade report: the listed settings that differ, from as the baseline",
          "[report][settings]") {
  const UpgradeReport r = fixture_report();
  // 11.4 has no change buffering (removed in 11.0): its absence is named against 10.11's all.
  REQUIRE(r.settings.size() == 1);
  CHECK(versus::report::settings_text(r.settings) ==
        "innodb_change_buffering absent (baseline all)");
}

TEST_CASE("upgrade report: one run, one verdict per pair: the run's own table's", "[report]") {
  for (const char* estimate : {"paired", "independent"}) {
    INFO(estimate);
    RunResults run = upgrade_fixture();
    run.info.estimate = estimate;
    run.info.multiple_comparisons = "holm";
    run.info.min_difference_pct = 2;
    const auto scope = resolve_upgrade_scope(run, "mariadb-10.11", "mariadb-11.4", "");
    REQUIRE(scope);
    const UpgradeReport r = build_upgrade_report(run, *scope, nullptr, nullptr);
    const auto tables = build_comparison(run, versus::config::Metric::tps);
    CHECK(r.own_estimates == 0);
    int checked = 0;
    for (const auto& w : r.workloads)
      for (const auto& t : w.threads)
        for (const auto& table : tables) {
          if (table.workload != w.workload) continue;
          for (const auto& row : table.rows) {
            if (row.threads != t.threads || !row.cells[1].vs_baseline) continue;
            const auto& e = *row.cells[1].vs_baseline;
            CHECK(t.quoted);
            CHECK(t.change.verdict == e.verdict);
            CHECK(t.change.ratio == e.ratio);
            CHECK(t.change.adjusted_p_value == e.adjusted_p_value);
            ++checked;
          }
        }
    CHECK(checked == 6);
    CHECK(estimate_legend(r).find("the run's own comparisons with its baseline mariadb-10.11") ==
          0);
  }
}

TEST_CASE("upgrade report: from another column than the baseline, its own family, said",
          "[report]") {
  RunResults run = upgrade_fixture();
  run.info.estimate = "paired";
  run.info.multiple_comparisons = "holm";
  const auto scope = resolve_upgrade_scope(run, "mariadb-11.4", "mariadb-10.11", "");
  REQUIRE(scope);
  const UpgradeReport r = build_upgrade_report(run, *scope, nullptr, nullptr);
  CHECK(r.own_estimates == 6);  // every thread count of both workloads
  for (const auto& w : r.workloads)
    for (const auto& t : w.threads) CHECK_FALSE(t.quoted);
  CHECK(r.workloads[0].threads[0].change.pairs == 3);  // paired, as the run pairs
  CHECK(estimate_legend(r).find("mariadb-11.4 is not the run's baseline, so") == 0);
}

TEST_CASE("upgrade report: what makes the difference, right after the verdicts, in both forms",
          "[report][why]") {
  versus::testing::TempDir dir;
  versus::testing::write_why_run_dir(dir.path());
  auto report = fixture_report();
  std::ostringstream plain;
  write_upgrade_markdown(plain, report);
  CHECK(plain.str().find("What makes the difference") == std::string::npos);  // none in the run
  report.why = explanations_for(read_explanations(dir.path()), "b", "c", "p");
  std::ostringstream markdown, html;
  write_upgrade_markdown(markdown, report);
  write_upgrade_html(html, report);
  const std::string md = markdown.str();
  INFO(md);
  const auto why = md.find("## What makes the difference\n\n- oltp_read_write, innodb, 1000 "
                           "rows, 4 threads: as shipped x0.60 [");
  REQUIRE(why != std::string::npos);
  CHECK(md.find("## Performance") < why);
  CHECK(why < md.find("## Statement plans"));
  CHECK(md.find("left out to fit explain_budget (in the interaction): schema") != std::string::npos);
  const std::string page = html.str();
  CHECK(page.find("<section id=\"why\"><h2>What makes the difference</h2>") <
        page.find("<h2>Statement plans</h2>"));
  CHECK(page.find("data-chart=\"why-0\"") != std::string::npos);  // the waterfall's slot
  CHECK(upgrade_html_data(report).dump().find("\"starts\"") != std::string::npos);
}
