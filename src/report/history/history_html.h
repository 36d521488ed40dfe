#pragma once
// The history page as one self-contained HTML file, in report.html's frame (html_page.h: the
// same CSP, style, Chart.js and report.js, no network): on top what changed in the last N
// runs (a table, then per change the counters that moved most), then per series a TPS chart
// across runs (x: the runs, drawn by date; whiskers: the 95% CI of a run's repeats; vertical
// lines at change points and where server_version changed; hover: run id and values; a click
// opens the run's report), grouped by workload and engine and filterable in the page, then
// every run with a link to its report.html. Every point of every series is in the data:
// nothing is dropped for size (docs/output.md gives the size and drawing time at 365 x 200).
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "report/history/history_page.h"

namespace versus::report {

// The embedded data: {"format": kHtmlDataFormat, "charts": [...], "runs": [...]}; each chart
// as chart_to_json writes it with empty categories, plus "runs" (indices into the top-level
// "runs": {"id", "date", "time" (HH:MM UTC), "href"}) and "markers" ({"index", "kind":
// "change"|"version", "label"}). TPS values and intervals are rounded to 0.1 (0.001 below 100).
nlohmann::ordered_json history_html_data(const HistoryPage& page);

void write_history_html(std::ostream& out, const HistoryPage& page,
                        const std::string& versus_version);

}  // namespace versus::report
