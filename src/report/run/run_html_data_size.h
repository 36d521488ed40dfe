#pragma once
// The data-size section of a run's HTML report (seed 004's third experiment): per (engine,
// tables) the table of report/run/data_size_table.h as an HTML table, and a chart of the MiB
// the tables take in their files against the table size, one line per column (server x
// profile), coloured as in every other chart of the page. Nothing without data sizes.
#include <string>
#include <vector>

#include "report/html/html_chart.h"
#include "results/record/record.h"

namespace versus::report {

std::vector<ChartSpec> data_size_charts(const results::RunResults& results, ColourIndex& colours);

// The section: its tables and a slot for each of `charts`; "" without data sizes.
std::string data_size_html(const results::RunResults& results,
                           const std::vector<ChartSpec>& charts);

}  // namespace versus::report
