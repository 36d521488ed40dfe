// The cell and table texts every text writer shares (terminal, Markdown, CSV): numbers, a
// cell's parts on one line or two, statistics and verdicts, titles, legends, warnings, widths.
#include "report/shared/cell_text.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/comparison_tables.h"

using namespace versus::report;
using versus::results::Interval;
using versus::results::RatioEstimate;
using versus::results::Verdict;
using versus::testing::ok_comparison_cell;
using versus::testing::small_comparison_table;

namespace {

// Three ok runs of TPS 990, 1000 and 1010 (the mean's 95% CI +-2.5%), QPS 20 times that,
// compared with the first column: ratio `ratio`, its interval [low, high] and `verdict`.
ComparisonCell repeated_cell(double ratio, std::optional<Interval> ci, Verdict verdict) {
  ComparisonCell c = ok_comparison_cell(1000, ratio);
  c.runs = 3;
  c.tps_runs = {990, 1000, 1010};
  c.tps_summary = versus::results::summarize(c.tps_runs);
  RatioEstimate e;
  e.ratio = ratio;
  e.ci = ci;
  e.verdict = verdict;
  c.vs_baseline = e;
  return c;
}

}  // namespace

TEST_CASE("cell text: number formatting rules", "[report][cell_text]") {
  CHECK(format_tps(1234.56) == "1234.6");
  CHECK(format_tps(0.04) == "0.0");
  CHECK(format_qps(24690.5) == "24690");  // round half to even in fmt's fixed formatting
  CHECK(format_qps(24690.51) == "24691");
  CHECK(format_ratio(1.025) == "x1.02");
  CHECK(format_ratio(0.9) == "x0.90");
}

TEST_CASE("cell text: missing, failed, crashed and partial cells", "[report][cell_text]") {
  ComparisonCell none;
  CHECK(missing_text(none) == "-");
  none.failed = 1;
  CHECK(missing_text(none) == "failed");
  none.crashed = 1;
  CHECK(missing_text(none) == "crashed");
  ComparisonCell partial = ok_comparison_cell(10, 2.0);
  partial.crashed = 1;
  CHECK(missing_text(partial).empty());
  CHECK(cell_line(partial, true) == "10.0* (200) x2.00");
  CHECK(cell_line(partial, false) == "10.0* (200)");
}

TEST_CASE("cell text: statistics only from two ok runs on", "[report][cell_text]") {
  const ComparisonCell single = ok_comparison_cell(1000, 1.0);
  CHECK(ci_text(single).empty());
  CHECK(cell_line(single, true) == "1000.0 (20000) x1.00");
  const ComparisonCell repeated =
      repeated_cell(1.03, Interval{0.99, 1.07}, Verdict::undecided);
  CHECK(ci_text(repeated) == "±2.5%");
  CHECK(estimate_text(repeated, true) == "[0.99, 1.07] undecided");
  CHECK(estimate_text(repeated, false).empty());  // the first column compares with nothing
  CHECK(cell_line(repeated, true) == "1000.0 ±2.5% (20000) x1.03 [0.99, 1.07] undecided");
  CHECK(cell_lines(repeated, true) ==
        std::vector<std::string>{"1000.0 ±2.5% x1.03", "(20000) [0.99, 1.07] undecided"});
  CHECK(cell_lines(repeated, false) == std::vector<std::string>{"1000.0 ±2.5%", "(20000)"});
}

TEST_CASE("cell text: verdicts, an unbounded interval, an open comparison", "[report][cell_text]") {
  CHECK(estimate_text(repeated_cell(0.9, Interval{0.88, 0.92}, Verdict::slower), true) ==
        "[0.88, 0.92] slower");
  CHECK(estimate_text(repeated_cell(1.2, std::nullopt, Verdict::faster), true) ==
        "[unbounded] faster");
  CHECK(estimate_text(repeated_cell(1.0, std::nullopt, Verdict::insufficient_data), true).empty());
  ComparisonCell open =
      repeated_cell(1.01, Interval{0.97, 1.05}, Verdict::undecided);
  open.sequential = versus::results::SequentialDecision{};  // state open
  CHECK(estimate_text(open, true) == "[0.97, 1.05] undecided");
  // "=" only for an interval inside +-min_difference: equivalent.
  CHECK(estimate_text(repeated_cell(1.0, Interval{0.99, 1.01}, Verdict::equivalent), true) ==
        "[0.99, 1.01] =");
  ComparisonCell no_ratio = repeated_cell(1.0, Interval{0.9, 1.1}, Verdict::faster);
  no_ratio.ratio.reset();
  CHECK(estimate_text(no_ratio, true).empty());
  CHECK(ratio_text(no_ratio, true).empty());
}

TEST_CASE("cell text: each metric's figure; p95 shows no statistics", "[report][cell_text]") {
  ComparisonCell c = repeated_cell(1.5, Interval{1.4, 1.6}, Verdict::faster);
  c.qps = 24690.4;
  c.rw = 18000.6;
  c.p95_ms = 12.346;
  c.failed = 1;  // partial: every figure marked
  c.metric = versus::config::Metric::qps;
  CHECK(value_text(c) == "24690*");
  CHECK(cell_line(c, true) == "24690* ±2.5% x1.50 [1.40, 1.60] faster");
  CHECK(cell_lines(c, true) ==
        std::vector<std::string>{"24690* ±2.5% x1.50", "[1.40, 1.60] faster"});
  c.metric = versus::config::Metric::rw;
  CHECK(value_text(c) == "18001*");
  c.nopm = 52001.4;
  c.metric = versus::config::Metric::nopm;
  CHECK(cell_line(c, true) == "52001* ±2.5% x1.50 [1.40, 1.60] faster");  // TPS's statistics
  c.metric = versus::config::Metric::p95;
  CHECK(value_text(c) == "12.35*");
  CHECK(cell_line(c, true) == "12.35* x1.50");
  CHECK(cell_lines(c, true) == std::vector<std::string>{"12.35* x1.50"});
  c.metric = versus::config::Metric::tps;
  CHECK(value_text(c) == "1000.0*");
}

TEST_CASE("cell text: partial cells and tables with statistics", "[report][cell_text]") {
  ComparisonTable table = small_comparison_table();
  CHECK(has_partial(table));
  CHECK_FALSE(has_statistics(table));
  table.rows[0].cells[1].failed = 0;
  CHECK_FALSE(has_partial(table));
  CHECK_FALSE(is_partial(table.rows[0].cells[2]));  // crashed with no ok run: missing, not partial
  table.rows[0].cells[0] = repeated_cell(1, std::nullopt, Verdict::insufficient_data);
  CHECK(has_statistics(table));
  table.metric = versus::config::Metric::p95;
  CHECK_FALSE(has_statistics(table));
}

TEST_CASE("cell text: thread counts, row keys and table titles", "[report][cell_text]") {
  CHECK(threads_text(1) == "1 thread");
  CHECK(threads_text(16) == "16 threads");
  ComparisonTable table = small_comparison_table();
  ComparisonRow& row = table.rows[0];
  row.table_size = 500000;
  CHECK(row_axis_title(table) == "threads");
  CHECK(row_key_text(table, row) == "8");
  CHECK(table_title(table) == "oltp_read_only, innodb");
  table.sweep = true;
  table.table_size = 2000;
  CHECK(table_title(table) == "oltp_read_only, innodb, 2000 rows");
  table.rows_by = RowAxis::table_size;
  table.threads = 4;
  CHECK(row_axis_title(table) == "rows");
  CHECK(row_key_text(table, row) == "500000");
  CHECK(table_title(table) == "oltp_read_only, innodb, 4 threads");
  row.host = "node2";
  CHECK(row_key_text(table, row) == "500000 @node2");
}

TEST_CASE("cell text: each metric's legend names the baseline", "[report][cell_text]") {
  ComparisonTable table = small_comparison_table();
  CHECK(legend(table) == "TPS, QPS in parentheses; ratio to a/default");
  table.metric = versus::config::Metric::qps;
  CHECK(legend(table) == "QPS, queries per second; ratio to a/default");
  table.metric = versus::config::Metric::rw;
  CHECK_THAT(legend(table), Catch::StartsWith("r/w requests per second (reads + writes") &&
                                Catch::EndsWith("; ratio to a/default"));
  table.metric = versus::config::Metric::nopm;
  CHECK(legend(table) == "NOPM, New-Orders per minute; ratio to a/default");
  CHECK_THAT(statistics_note(table),
             Catch::EndsWith("; for NOPM the ± and intervals of TPS (New-Order is a fixed 45% of "
                             "the mix)"));
  table.metric = versus::config::Metric::p95;
  CHECK(legend(table) == "p95 latency, ms (lower is better); ratio to a/default");
  table.columns.clear();
  CHECK(legend(table) == "p95 latency, ms (lower is better); ratio to -");
}

TEST_CASE("cell text: the statistics note says the rule of the verdicts", "[report][cell_text]") {
  ComparisonTable table = small_comparison_table();
  CHECK(statistics_note(table) ==
        "±: 95% CI of the mean TPS; [low, high]: 95% CI of the ratio; faster/slower: p < 0.05 "
        "(each comparison on its own) and at least a 2% difference; =: the interval inside +-2%; "
        "undecided: neither");
  table.adjustment = versus::results::Adjustment::bh;
  table.family_size = 6;
  table.min_difference = 0.05;
  table.estimate = versus::results::Estimate::paired;
  CHECK(statistics_note(table) ==
        "±: 95% CI of the mean TPS; [low, high]: 95% CI of the ratio, paired by round "
        "(geometric mean of the rounds' ratios); faster/slower: Benjamini-Hochberg-adjusted p < "
        "0.05 over the run's 6 comparisons and at least a 5% difference; =: the interval inside "
        "+-5%; undecided: neither");
  table.max_repeats = 10;
  table.sequential_alpha = 0.025;
  CHECK_THAT(statistics_note(table),
             Catch::EndsWith("faster/slower: the ratio's interval at the deciding round "
                             "(repeats: auto, alpha 0.025 per comparison spent over 10 rounds) "
                             "beyond +-5%; =: inside it; undecided: neither"));
}

TEST_CASE("cell text: noisy cells, with the repeats a 3% difference needs", "[report][cell_text]") {
  ComparisonTable table = small_comparison_table();
  CHECK(noise_warnings(table).empty());
  ComparisonCell& noisy = table.rows[0].cells[1];
  noisy.tps_runs = {900, 1000, 1100};
  noisy.tps_summary = versus::results::summarize(noisy.tps_runs);
  const int repeats = versus::results::suggested_repeats(noisy.tps_summary.cv);
  CHECK(noise_warnings(table) ==
        std::vector<std::string>{"noisy: b/default at 8 threads: CV 10.0% over 3 runs; ~" +
                                 std::to_string(repeats) + " repeats to detect a 3% difference"});
  noisy.tps_runs = {1000, 1001};  // CV 0.07%: steady
  noisy.tps_summary = versus::results::summarize(noisy.tps_runs);
  CHECK(noise_warnings(table).empty());
}

TEST_CASE("cell text: runs that left transactions unanswered", "[report][cell_text]") {
  ComparisonTable table = small_comparison_table();
  CHECK(abandoned_warnings(table).empty());
  table.rows[0].cells[2].abandoned = 4;
  CHECK(abandoned_warnings(table) ==
        std::vector<std::string>{"hung: c/default at 8 threads: 4 transactions unanswered 5 s "
                                 "after a run ended; did the server stop answering? Its figures "
                                 "include the wait"});
}

TEST_CASE("cell text: widths count code points, alignment pads on the left",
          "[report][cell_text]") {
  CHECK(display_width("") == 0);
  CHECK(display_width("x1.03") == 5);
  CHECK(display_width("±1.2%") == 5);         // two bytes, one column
  CHECK(display_width("\xe2\x80\xa6") == 1);  // three bytes
  CHECK(align_right("±1%", 5) == "  ±1%");
  CHECK(align_right("toolong", 3) == "toolong");  // never truncated
  CHECK(align_right("abc", 3) == "abc");
}

// An undecided whose interval alone lies beyond +-min_difference was held back by the run's
// adjustment: its note names both p-values and the family; one undecided on its own p not.
TEST_CASE("cell text: an undecided held back by the run's adjustment says so",
          "[report][cell_text]") {
  ComparisonTable table = small_comparison_table();
  table.adjustment = versus::results::Adjustment::holm;
  table.family_size = 12;
  ComparisonCell c = repeated_cell(0.95, Interval{0.91, 0.97}, Verdict::undecided);
  c.vs_baseline->confidence = 0.95;
  c.vs_baseline->min_difference = 0.02;
  c.vs_baseline->rounds = 3;
  c.vs_baseline->p_value = 0.004;
  c.vs_baseline->adjusted_p_value = 0.048 * 1.5;
  table.rows[0].cells[1] = c;
  const auto notes = undecided_notes(table);
  REQUIRE(notes.size() == 1);
  INFO(notes[0]);
  CHECK(notes[0].find("x0.95 [0.91, 0.97]: p 0.004 alone, 0.072 after Holm over the run's 12 "
                      "comparisons; ~") != std::string::npos);
  CHECK(held_back_suffix(*c.vs_baseline) == " (p 0.004 alone, 0.072 adjusted)");
  c.vs_baseline->p_value = 0.2;  // undecided on its own data too
  table.rows[0].cells[1] = c;
  CHECK(undecided_notes(table)[0].find("alone") == std::string::npos);
  CHECK(held_back_suffix(*c.vs_baseline).empty());
}
