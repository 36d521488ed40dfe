// The writers of `versus compare`'s regression report, on reports built by hand: the
// introduction and counts, the table in Markdown (escaped) and for a terminal, the counters,
// errors and unmatched sections only when there is something to list, the JSON's fields.
// The golden reports of compare_runs' own fixture are in regression_test.cpp.
#include "report/compare/compare_writer.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>

using namespace versus::report;
using versus::results::Verdict;

namespace {

// BASE "b1" and NEW "n1" of nightly.yaml, nothing matched yet.
RegressionReport bare_regression_report() {
  RegressionReport r;
  r.base_info.run_id = "b1";
  r.base_info.matrix_file = "nightly.yaml";
  r.base_info.started_at = "2026-11-01T02:00:00Z";
  r.new_info = r.base_info;
  r.new_info.run_id = "n1";
  r.new_info.started_at = "2026-11-02T02:00:00Z";
  return r;
}

// One matched cell at 8 threads: 3 runs a side, NEW 10% slower, significant: a regression.
CellChange slower_cell_change(const std::string& profile) {
  CellChange c;
  c.key = {"oltp_read_write", "innodb", 8, "trunk", profile, 1, 10000};
  c.new_server = "trunk";
  c.base = versus::results::summarize({1000, 1000, 1000});
  c.now = versus::results::summarize({900, 900, 900});
  c.change.ratio = 0.9;
  c.change.ci = versus::results::Interval{0.88, 0.92};
  c.change.p_value = 0.0002;
  c.change.adjusted_p_value = 0.0004;
  c.change.verdict = Verdict::slower;
  c.outcome = Outcome::regression;
  return c;
}

std::string regression_markdown(const RegressionReport& r) {
  std::ostringstream out;
  write_regression_markdown(out, r);
  return out.str();
}

std::string regression_terminal(const RegressionReport& r) {
  std::ostringstream out;
  write_regression_terminal(out, r);
  return out.str();
}

const std::string kRegressionRule =
    "regression: NEW's TPS significantly lower than BASE's (95% confidence, Holm-adjusted over 0 "
    "comparisons) by more than 5%";

}  // namespace

TEST_CASE("compare writer: change, interval, p and TPS texts", "[report][compare_writer]") {
  versus::results::RatioEstimate e;
  CHECK(change_text(e) == "-");
  CHECK(change_ci_text(e) == "-");
  CHECK(p_value_text(e) == "-");
  e.ratio = 0.911;
  e.verdict = Verdict::slower;
  e.p_value = 0.0004;
  CHECK(change_text(e) == "-8.9%");
  CHECK(change_ci_text(e) == "unbounded");
  CHECK(p_value_text(e) == "<0.001");
  e.ci = versus::results::Interval{0.893, 0.929};
  e.p_value = 0.0123;
  CHECK(change_ci_text(e) == "[-10.7%, -7.1%]");
  CHECK(p_value_text(e) == "0.012");
  CHECK(adjusted_p_text(e) == "-");
  e.adjusted_p_value = 0.0369;
  CHECK(adjusted_p_text(e) == "0.037");
  e.adjusted_p_value = 0.0009;
  CHECK(adjusted_p_text(e) == "<0.001");
  e.ratio = 1.25;
  CHECK(change_text(e) == "+25.0%");
  e.verdict = Verdict::insufficient_data;
  CHECK(change_ci_text(e) == "-");  // an interval of too little data is not shown
  CHECK(tps_summary_text(versus::results::summarize({})) == "- n=0");
  CHECK(tps_summary_text(versus::results::summarize({1234.5})) == "1234.5 n=1");
  CHECK(tps_summary_text(versus::results::summarize({10, 12, 9, 11, 13})) == "11.0 ±17.8% n=5");
}

TEST_CASE("compare writer: how the p-values were adjusted", "[report][compare_writer]") {
  CHECK(adjustment_text(versus::results::Adjustment::holm, 4) ==
        "Holm-adjusted over 4 comparisons");
  CHECK(adjustment_text(versus::results::Adjustment::bh, 1) ==
        "Benjamini-Hochberg-adjusted over 1 comparisons");
  CHECK(adjustment_text(versus::results::Adjustment::none, 9) == "each comparison on its own");
}

TEST_CASE("compare writer: nothing matched reads as no regression, in both forms",
          "[report][compare_writer]") {
  const RegressionReport r = bare_regression_report();
  const std::string counts =
      "among 0 matched cells (0 improved, 0 unchanged, 0 undecided, 0 with insufficient data); "
      "0 unmatched\n";
  CHECK(regression_markdown(r) ==
        "# versus compare\n\n"
        "- base: run b1 (nightly.yaml, started 2026-11-01T02:00:00Z)\n"
        "- new: run n1 (nightly.yaml, started 2026-11-02T02:00:00Z)\n"
        "- " +
            kRegressionRule + "\n\n**No regression** " + counts);
  CHECK(regression_terminal(r) ==
        "versus compare\n"
        "base: run b1 (nightly.yaml, started 2026-11-01T02:00:00Z)\n"
        "new: run n1 (nightly.yaml, started 2026-11-02T02:00:00Z)\n" +
            kRegressionRule + "\nNo regression " + counts);
}

TEST_CASE("compare writer: a regression's row, escaped in Markdown, marked in both",
          "[report][compare_writer]") {
  RegressionReport r = bare_regression_report();
  r.matched = {slower_cell_change("a|b")};
  const std::string markdown = regression_markdown(r);
  CHECK_THAT(markdown, Catch::Contains("\n**1 regression** among 1 matched cells (0 improved"));
  CHECK_THAT(markdown, Catch::Contains("| trunk/a\\|b "));
  CHECK_THAT(markdown, Catch::Contains("| -10.0% | [-12.0%, -8.0%] | <0.001 | <0.001 | slower  | "
                                       "**REGRESSION** |"));
  CHECK_THAT(markdown, Catch::Contains("| --------------- | ------ |"));
  const std::string terminal = regression_terminal(r);
  CHECK_THAT(terminal, Catch::Contains("\nworkload        | engine | server/profile | threads |"));
  CHECK_THAT(terminal, Catch::Contains(" | slower  | REGRESSION\n"));
  CHECK_THAT(terminal, Catch::Contains("trunk/a|b"));  // no escaping for a terminal
  CHECK(terminal.find("**") == std::string::npos);
}

TEST_CASE("compare writer: servers matched across names, counters, errors, unmatched cells",
          "[report][compare_writer]") {
  RegressionReport r = bare_regression_report();
  r.across_servers = true;
  CellChange c = slower_cell_change("default");
  c.new_server = "release";
  c.counters = {{"Innodb_buffer_pool_reads", 1, 4, 1.2}};
  c.statements = {{"DISTINCT range", 0.41, 0.88, 0.6}};
  c.new_errors.transactions = 1000;
  c.new_errors.retried = 120;
  r.matched = {c};
  r.only_in_base = {{"oltp_read_only", "innodb", 1, "trunk", "default", 4, 500000}};
  r.only_in_new = {{"oltp_read_only", "myisam", 16, "release", "default", 0, 0}};
  const std::string terminal = regression_terminal(r);
  CHECK_THAT(terminal,
             Catch::Contains("matched across servers: trunk (base) with release (new)\n"));
  CHECK_THAT(terminal,
             Catch::Contains("\nStatements and counters that moved most per transaction (BASE -> "
                             "NEW), for each significant difference:\n  oltp_read_write, innodb, "
                             "trunk/default, 8 threads: DISTINCT range 0.41 -> 0.88 ms (x2.15), "
                             "60% of the change; Innodb_buffer_pool_reads"));
  CHECK_THAT(terminal, Catch::Contains("\nRetried errors above 1% of a cell's transactions (BASE; "
                                       "NEW), by code:\n  errors: oltp_read_write, innodb, "
                                       "trunk/default, 8 threads: BASE retried 0.0%"));
  CHECK_THAT(terminal,
             Catch::EndsWith("\nonly in base: oltp_read_only, innodb, trunk/default, 1 thread, 4 x "
                             "500000 rows\nonly in new: oltp_read_only, myisam, release/default, "
                             "16 threads\n"));
  CHECK(compare_error_notes(r).size() == 1);
  r.matched[0].new_errors.retried = 10;  // 1.0%: not above the note's share
  CHECK(compare_error_notes(r).empty());
  CHECK(regression_terminal(r).find("Retried errors") == std::string::npos);
}

TEST_CASE("compare writer: JSON fields of a matched cell and an unmatched one",
          "[report][compare_writer]") {
  RegressionReport r = bare_regression_report();
  r.options.adjustment = versus::results::Adjustment::bh;
  CellChange c = slower_cell_change("default");
  c.only_new_counters = {"Aria_pagecache_reads"};
  r.matched = {c};
  r.only_in_new = {{"oltp_read_only", "innodb", 1, "trunk", "default", 1, 10000}};
  const auto json = regression_to_json(r);
  CHECK(json["format"] == "versus-compare/1");
  CHECK(json["multiple_comparisons"] == "bh");
  CHECK(json["across_servers"] == false);
  CHECK(json["placement_warning"] == "");
  CHECK(json["counts"]["regressions"] == 1);
  CHECK(json["counts"]["unmatched"] == 1);
  const auto& cell = json["cells"][0];
  CHECK(cell["server"] == "trunk");
  CHECK(cell["new_server"] == "trunk");
  CHECK(cell["outcome"] == "regression");
  CHECK(cell["base"]["mean"] == 1000.0);
  CHECK(cell["change"]["ratio"] == 0.9);
  CHECK(cell["counters"].empty());
  CHECK(cell["only_in_new"][0] == "Aria_pagecache_reads");
  CHECK(cell["errors"]["new"]["retried"] == 0);
  CHECK(json["only_in_new"][0] == nlohmann::ordered_json{{"workload", "oltp_read_only"},
                                                         {"engine", "innodb"},
                                                         {"threads", 1},
                                                         {"server", "trunk"},
                                                         {"profile", "default"}});
  std::ostringstream out;
  write_regression_json(out, r);
  CHECK(out.str().rfind("{\n  \"format\": \"versus-compare/1\",", 0) == 0);
  CHECK(out.str().ends_with("}\n"));
}

TEST_CASE("compare writer: TPC-C cells get NOPM columns and fields; the others none",
          "[report][compare_writer]") {
  RegressionReport r = bare_regression_report();
  r.matched = {slower_cell_change("default")};
  CHECK_FALSE(has_nopm(r));
  CHECK(regression_terminal(r).find("NOPM") == std::string::npos);
  CHECK_FALSE(regression_to_json(r)["cells"][0].contains("base_nopm"));
  CellChange tpcc = slower_cell_change("default");
  tpcc.key.workload = "tpcc";
  tpcc.base_nopm = versus::results::summarize({27000, 27000, 27000});
  tpcc.new_nopm = versus::results::summarize({24300, 24300, 24300});
  r.matched.push_back(tpcc);
  CHECK(has_nopm(r));
  const std::string terminal = regression_terminal(r);
  CHECK_THAT(terminal, Catch::Contains("new TPS |       base NOPM |        new NOPM | change"));
  CHECK_THAT(terminal, Catch::Contains("|               - |               - | -10.0%"));  // sysbench's
  CHECK_THAT(terminal, Catch::Contains("| 27000 ±0.0% n=3 | 24300 ±0.0% n=3 | -10.0%"));
  CHECK_THAT(terminal, Catch::Contains("\n" + std::string(kNopmNote) + "\n"));
  const std::string markdown = regression_markdown(r);
  CHECK_THAT(markdown, Catch::Contains("|       base NOPM |        new NOPM |"));
  CHECK_THAT(markdown, Catch::Contains("| --------------: | --------------: | -----: |"));
  const auto json = regression_to_json(r);
  CHECK_FALSE(json["cells"][0].contains("base_nopm"));
  CHECK(json["cells"][1]["base_nopm"]["mean"] == 27000.0);
  CHECK(json["cells"][1]["new_nopm"]["n"] == 3);
}

TEST_CASE("compare writer: cells that differ only in size get a size column and sized lines",
          "[report][compare_writer]") {
  RegressionReport r = bare_regression_report();
  r.matched = {slower_cell_change("default")};
  CHECK_FALSE(sizes_differ(r));
  CHECK(regression_terminal(r).find(" size ") == std::string::npos);
  CellChange bigger = slower_cell_change("default");
  bigger.key.table_size = 50000;
  bigger.counters = {{"Innodb_buffer_pool_reads", 1, 4, 1.2}};
  r.matched.push_back(bigger);
  CHECK(sizes_differ(r));
  const std::string terminal = regression_terminal(r);
  CHECK_THAT(terminal, Catch::Contains("| threads | size           |"));
  CHECK_THAT(terminal, Catch::Contains("|       8 | 1 x 10000 rows |"));
  CHECK_THAT(terminal, Catch::Contains("|       8 | 1 x 50000 rows |"));
  CHECK_THAT(terminal, Catch::Contains("  oltp_read_write, innodb, trunk/default, 8 threads, 1 x "
                                       "50000 rows: Innodb_buffer_pool_reads"));
  CellKey tpcc = bigger.key;
  tpcc.workload = "tpcc";
  tpcc.table_size = 2;
  CHECK(size_text(tpcc) == "2 warehouses");
  tpcc.table_size = 1;
  CHECK(size_text(tpcc) == "1 warehouse");
  tpcc.table_size = 0;
  CHECK(size_text(tpcc) == "-");
}
