#pragma once
// The efficiency table under each throughput table: per row (thread count, or table size in a
// size table) and column, what one transaction cost (server CPU us, client CPU us, context
// switches, KB read, KB written) with its ratio to the first column's cell. Pure: text cells that
// every writer lays out its way.
#include <optional>
#include <string>
#include <vector>

#include "report/run/text_table.h"
#include "report/shared/comparison.h"

namespace versus::report {

// Title "Cost per transaction (ratio to a/b)"; header threads (rows in a size table), server,
// then the five costs; one row per (row, column), its label once; the server column (1)
// aligned left.
using EfficiencyTable = TextTable;

// None when no cell of the table has usage figures (results without them read as before).
std::optional<EfficiencyTable> efficiency_table(const ComparisonTable& table);

// "812", "12.3": whole numbers from 100 on, one decimal below.
std::string cost_text(double value);
// "861 x1.06" (the ratio when the baseline has a nonzero value of its own), or "812".
std::string cost_cell(double value, std::optional<double> ratio);

// The kernel's counts (results::Efficiency::task_clock_us, cycles, instructions) as columns
// after the five, in thousands for cycles and instructions: a column appears when some cell of
// the table has its count ("n/a" in a cell without it), and the table's notes say why an event
// is not counted ("not counted: cycles: the host exposes no hardware PMU ...").
const std::vector<std::string>& counted_names();  // "task-clock us", "k cycles", "k instructions"
std::vector<std::optional<double>> counted_values(const results::Efficiency& e);

// The five costs of an efficiency and their names, in table order.
std::vector<double> cost_values(const results::Efficiency& e);
const std::vector<std::string>& cost_names();  // "server CPU us", ..., "write KB"

}  // namespace versus::report
