#pragma once
// RelativeTable: a run's microbenchmarks as the published release comparisons show them: one
// row per test (workload, engine, thread count) in its group (point, range, range with
// aggregation, writes: sysbench/suite.h), one column per compared column after the baseline,
// each cell the throughput relative to the baseline with its 95% interval and verdict (the
// comparison tables' own vs_baseline: paired or independent as the run says, adjusted over
// the run's family), the geometric mean of each group's ratios per column, and every cell's
// cost per transaction (one statement for a microbenchmark) beside it. Pure data built from
// the comparison tables; writers turn it into text.
#include <optional>
#include <string>
#include <vector>

#include "report/run/text_table.h"
#include "report/shared/comparison.h"
#include "sysbench/suite.h"

namespace versus::report {

// A column's cost per operation as a ratio to the baseline's, as the published summaries'
// cpu/o, cs/o, r/o, rKB/o and wKB/o: server CPU, server context switches, the storage
// engine's read requests (the published r/o counts the device's, iostat's r/s), KB the server
// read and wrote. Two releases run the same statements per transaction, so the ratio per transaction is
// the ratio per statement. None where the baseline's cost was below 0.01 (0.00 as its column
// shows it: nothing to divide by).
struct CostRatios {
  std::optional<double> cpu, switches, reads, read_kb, write_kb;
};

struct RelativeCell {
  std::optional<results::RatioEstimate> vs_baseline;  // none: a side without an ok run
  std::optional<results::Efficiency> cost;            // per transaction; none without usage
  std::optional<CostRatios> cost_vs_baseline;         // none unless both sides have usage
};

struct RelativeRow {
  std::string workload, engine;
  int threads = 0;
  std::optional<results::Efficiency> base_cost;  // the baseline's, per transaction
  std::vector<RelativeCell> cells;               // parallel to RelativeTable::columns
};

struct RelativeGroup {
  sysbench::SuiteGroup group = sysbench::SuiteGroup::point;
  bool after_writes = false;      // the read tests' second pass (sysbench::kAfterWritesSuffix)
  std::vector<RelativeRow> rows;  // in the suite's order, all of one engine and thread count
  // That engine and thread count, when the run has several (a group is never pooled across
  // them); "" and 0 when it has one.
  std::string engine;
  int threads = 0;
  // Per column: the geometric mean of the rows' ratios; none when no row has one.
  std::vector<std::optional<double>> geomean;
  // Per column: how many of the rows have a ratio (the tests the geometric mean holds).
  std::vector<int> geomean_tests;
};

struct RelativeTable {
  Column baseline;
  std::vector<Column> columns;  // the compared ones, in the comparison's order
  // In suite order, then the read groups' second pass after the writes; a group without a row
  // left out.
  std::vector<RelativeGroup> groups;
};

// "point", "range with aggregation", "point, after writes", "writes, innodb, 8 threads".
std::string relative_group_name(const RelativeGroup& g);

// None unless a table is of a microbenchmark (sysbench::is_micro) and a suite table has at
// least two columns.
// The columns are the first such table's; a table whose columns differ from them is left
// out (every table of one run has the run's columns unless a column lacks cells).
std::optional<RelativeTable> relative_table(const std::vector<ComparisonTable>& tables);

// The table as text, for every writer (Markdown: write_markdown_text_table): one line per
// row, then its group's geometric mean; cells "0.93 [0.91, 0.95] slower", the baseline's cost
// "41.2 / 12.0 / 0.95 / 0.00 / 0.00" (server CPU us / client CPU us / switches / KB read / KB
// written per transaction) and each other column's as ratios "1.08 / 1.00 / - / 1.12"
// (cpu/o / cs/o / rKB/o / wKB/o: relative_ratios_text).
TextTable relative_text_table(const RelativeTable& t);

// A column as the table names it: "server", or "server/profile" unless the profile is the
// default one.
std::string relative_column_name(const Column& c);
// "41.2 / 12.0 / 1.00 / 0.00 / 0.00": server CPU us, client CPU us, context switches, KB read,
// KB written, per transaction; "" without usage figures.
std::string relative_cost_text(const std::optional<results::Efficiency>& e);

// "1.08 / 1.00 / - / 1.12": cpu/o, cs/o, rKB/o, wKB/o as ratios to the baseline ("-" where
// the baseline's was 0); "" without usage figures on both sides.
std::string relative_ratios_text(const std::optional<CostRatios>& r);
// The ratios of `cost` to `base`; none unless both are there.
std::optional<CostRatios> cost_ratios(const std::optional<results::Efficiency>& cost,
                                      const std::optional<results::Efficiency>& base);

// "14 of 15 tests": what column `c`'s geometric mean of `g` holds.
std::string relative_tests_text(const RelativeGroup& g, std::size_t c);

// exp(mean(log r)); none for an empty list or a ratio that is not > 0.
std::optional<double> geometric_mean(const std::vector<double>& ratios);

}  // namespace versus::report
