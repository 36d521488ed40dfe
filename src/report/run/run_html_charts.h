#pragma once
// The charts of a run's HTML report, built from the comparison model and the records
// (reporters never measure: every value is one the run recorded). Per table:
//  - TPS against threads, one line per column, 95% CI whiskers with repeats, faster/slower
//    points marked (triangles up/down);
//  - the TPS ratio to the first column with its 95% CI, the min_difference band shaded
//    (tables with two or more columns);
//  - server CPU us per transaction against threads, one line per column (when the cells
//    have usage figures; report/html/html_efficiency.h);
//  - p95 (solid) and p99 (dashed) latency against threads;
//  - per thread count, each statement class's time per transaction side by side per column
//    (when the cells timed statements: CellRecord::statements);
//  - per thread count, TPS per second of each run (the measured interval: warmup excluded),
//    and retried errors per second of each run when any run of it retried one.
// A size table (rows = table sizes) gets the first three against the table size, no series.
// Per run: the CPU probe of every cell in run order (when recorded), so host drift shows.
#include <vector>

#include "report/html/html_chart.h"
#include "report/shared/comparison.h"
#include "results/record/record.h"

namespace versus::report {

// The charts of one table (index `n` makes their ids unique), in page order.
std::vector<ChartSpec> table_charts(const ComparisonTable& table, std::size_t n,
                                    const results::RunResults& results, ColourIndex& colours);

// The CPU probe across the run; none when no cell carries one.
std::optional<ChartSpec> probe_chart(const results::RunResults& results);

// "faster" / "slower" when the cell claims that difference against the first column (a
// significant verdict and a ratio at least min_difference away from 1), else "".
std::string verdict_mark(const ComparisonCell& cell, double min_difference);

}  // namespace versus::report
