#pragma once
// The cost evidence in the HTML reports, rendered from the report model (reporters never
// measure, nor recompute: every figure is one the model already holds):
//  - a run's efficiency table (report/run/efficiency_table.h: what one transaction cost, with
//    ratios to the first column) as an HTML table under its throughput table;
//  - a chart of server CPU us per transaction against the matrix's threads (connections), one
//    line per column;
//  - the ranked per-transaction counters behind a significant difference
//    (results/evidence/counter_ranking.h, as CellChange::counters and ThreadVerdict::counters hold
//    them) as an HTML table, for `compare --html` and `upgrade-report --html`.
#include <optional>
#include <string>
#include <vector>

#include "report/html/html_chart.h"
#include "report/shared/comparison.h"
#include "results/evidence/counter_ranking.h"

namespace versus::report {

// The efficiency table with its title and a note on where the figures come from; "" when no
// cell of the table has usage figures (older results, `efficiency: false`).
std::string efficiency_html(const ComparisonTable& table);

// Server CPU us per transaction against threads, one series per column (colours by column
// label); none when no cell of the table has usage figures. Its id is "cost-<n>".
std::optional<ChartSpec> server_cpu_chart(const ComparisonTable& table, std::size_t n,
                                          ColourIndex& colours);

// One difference's ranked counters: `caption` (escaped here) over a table of counter, its
// value per transaction on side `from` and on side `to`, and the ratio to / from; "" for none.
std::string counters_html(const std::string& caption,
                          const std::vector<results::CounterChange>& counters,
                          const std::string& from, const std::string& to);

}  // namespace versus::report
