#pragma once
// Number and cell formatting shared by the text writers (terminal, Markdown, CSV).
// The rules are documented in docs/output.md; golden files pin them down.
#include <cstddef>
#include <string>
#include <vector>

#include "report/shared/comparison.h"

namespace versus::report {

std::string format_tps(double tps);      // 1 decimal: "1234.5"
std::string format_qps(double qps);      // rounded to a whole number: "24690"
std::string format_ratio(double ratio);  // 2 decimals with an x prefix: "x1.03"

// Some repeats were ok and some failed or crashed: the mean is over the ok ones only.
bool is_partial(const ComparisonCell& cell);
bool has_partial(const ComparisonTable& table);  // any partial cell

// "crashed" or "failed" (if any run did so) or "-" for a cell without an ok run;
// empty for a cell that has one.
std::string missing_text(const ComparisonCell& cell);

// Parts of a cell with an ok run. The ratio is shown only when with_ratio (all
// columns but the first) and the cell has one.
std::string tps_text(const ComparisonCell& cell);  // "1234.5", "1234.5*" when partial
// The cell's figure in its metric: TPS as tps_text, QPS and r/w requests whole ("24690"),
// p95 in ms with 2 decimals ("12.34"); "*" when partial.
std::string value_text(const ComparisonCell& cell);
std::string qps_text(const ComparisonCell& cell);                     // "(24690)"
std::string ratio_text(const ComparisonCell& cell, bool with_ratio);  // "x1.03" or ""
// Statistics, shown only for cells with 2 or more ok runs (single runs read as before):
// "±1.2%", the half-width of the 95% CI of the mean TPS relative to the mean; or "".
std::string ci_text(const ComparisonCell& cell);
// "[0.99, 1.07] =": the 95% CI of the ratio to the first column and the verdict ("faster",
// "slower", "=" for no significant difference; "[unbounded]" when the baseline is too noisy
// to bound it); "" without a ratio or when either side has fewer than 2 ok runs.
std::string estimate_text(const ComparisonCell& cell, bool with_ratio);
// The parts on one line: "1234.5 (24690) x1.03", with statistics
// "1234.5 ±1.2% (24690) x1.03 [0.99, 1.07] =".
std::string cell_line(const ComparisonCell& cell, bool with_ratio);
// The same on two lines, for narrow terminals: "1234.5 ±1.2% x1.03", "(24690) [0.99, 1.07] =".
std::vector<std::string> cell_lines(const ComparisonCell& cell, bool with_ratio);

// "1 thread", "8 threads".
std::string threads_text(int threads);

// The first column of a table: its rows' axis ("threads", or "rows" for a table of table
// sizes) and each row's value there ("16", "500000").
std::string row_axis_title(const ComparisonTable& table);
std::string row_key_text(const ComparisonTable& table, const ComparisonRow& row);
// The table's title: "oltp_read_write, innodb", with ", 2000 rows" (a thread table of a run
// sweeping sizes) or ", 4 threads" (a size table).
std::string table_title(const ComparisonTable& table);

// Cells showing statistics (any with 2 or more ok runs), and the note explaining them.
bool has_statistics(const ComparisonTable& table);
// "±: 95% CI of the mean TPS; [low, high]: 95% CI of the ratio; faster/slower: Holm-adjusted
// p < 0.05 over the run's 6 comparisons and at least a 2% difference".
std::string statistics_note(const ComparisonTable& table);

// One line per noisy cell of the table (TPS CV above results::kNoisyCv), row by row:
// "noisy: b/default at 8 threads: CV 4.2% over 3 runs; ~40 repeats to detect a 3% difference".
std::vector<std::string> noise_warnings(const ComparisonTable& table);

// One line per cell whose claimed difference to the first column is smaller than the row's
// probe spread (ComparisonRow::probe_spread), row by row: "probe: host CPU speed varied 6.1%
// across the runs at 8 threads, more than the 3.0% difference claimed for b/default". A cell
// claims a difference when it has a ratio at least the table's min_difference away from 1 and
// its verdict is not "no significant difference". Nothing for rows without probe data.
std::vector<std::string> probe_warnings(const ComparisonTable& table);

// One line per cell whose runs left transactions unanswered at their end, row by row:
// "hung: b/default at 8 threads: 4 transactions unanswered 5 s after a run ended; did the
// server stop answering? Its figures include the wait".
std::vector<std::string> abandoned_warnings(const ComparisonTable& table);
// "stalls: b/default at 8 threads: 2 of 3 rounds, 4.1 s and 5.3 s without an answer (round 1
// at 12.3 s; round 3 at 40.0 s)": the columns whose server stopped answering for stall_limit or
// longer inside a measured interval; their figures include the stalls.
std::vector<std::string> stall_warnings(const ComparisonTable& table);
// "undecided: b/default at 4 threads, x0.58 [0.33, 1.06]: ~4 more rounds would decide a 42%
// difference at this spread": each undecided comparison with what would decide it
// (results::rounds_to_decide).
std::vector<std::string> undecided_notes(const ComparisonTable& table);
// "odd round: a/default at 4 threads, round 3: 979.0 TPS against a median of 1485.5 (-34%);
// in it: server CPU per transaction 1378 us against 844 (+63%), ...": each round of a column
// whose TPS lies far from its other rounds' (results/evidence/odd_rounds.h), with the facts that
// moved by more than a tenth (or, for the others' share, by more than 5 points) beside the other
// rounds' medians; its estimate is unchanged.
std::vector<std::string> odd_round_notes(const ComparisonTable& table);
// One line per run a busy machine disturbed (ComparisonCell::disturbed): column, threads,
// round, what others took and the limit; "left out" when repeats: auto treated it as missing.
std::vector<std::string> interference_warnings(const ComparisonTable& table);

// Width of text on a terminal: UTF-8 code points ("±" is one column, two bytes).
std::size_t display_width(const std::string& text);
// `text` right-aligned in `width` columns (never truncated).
std::string align_right(const std::string& text, std::size_t width);

// " (p 0.012 alone, 0.084 adjusted)" after the verdict of a comparison the family's error
// control held back (results::held_back: its interval alone lies beyond +-min_difference),
// else "": an "undecided" beside such an interval needs its reason.
std::string held_back_suffix(const results::RatioEstimate& estimate);

// The note printed under a table that has partial cells.
inline constexpr const char* kPartialNote =
    "* some runs of this cell failed, crashed or were unresponsive; the mean is over the ok runs";

// The explanation after a table's title: "TPS, QPS in parentheses; ratio to <first column>".
std::string legend(const ComparisonTable& table);

}  // namespace versus::report
