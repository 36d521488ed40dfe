#pragma once
// Number and cell formatting shared by the text writers (terminal, Markdown, CSV).
// The rules are documented in docs/output.md; golden files pin them down.
#include <string>

#include "report/comparison.h"

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
std::string qps_text(const ComparisonCell& cell);  // "(24690)"
std::string ratio_text(const ComparisonCell& cell, bool with_ratio);  // "x1.03" or ""
// The parts on one line: "1234.5 (24690) x1.03".
std::string cell_line(const ComparisonCell& cell, bool with_ratio);

// The note printed under a table that has partial cells.
inline constexpr const char* kPartialNote =
    "* some runs of this cell failed or crashed; the mean is over the ok runs only";

// The explanation after a table's title: "TPS, QPS in parentheses; ratio to <first column>".
std::string legend(const ComparisonTable& table);

}  // namespace versus::report
