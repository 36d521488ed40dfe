#include "report/run/efficiency_table.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "report/shared/cell_text.h"

namespace versus::report {

std::string cost_text(double value) {
  return std::fabs(value) >= 100 ? fmt::format("{:.0f}", value) : fmt::format("{:.1f}", value);
}

std::string cost_cell(double value, std::optional<double> ratio) {
  return ratio ? cost_text(value) + " " + format_ratio(*ratio) : cost_text(value);
}

std::vector<double> cost_values(const results::Efficiency& e) {
  return {e.server_cpu_us, e.client_cpu_us, e.switches, e.read_kb, e.write_kb};
}

const std::vector<std::string>& cost_names() {
  static const std::vector<std::string> names = {"server CPU us", "client CPU us", "ctx switches",
                                                 "read KB", "write KB"};
  return names;
}

const std::vector<std::string>& counted_names() {
  static const std::vector<std::string> names = {"task-clock us", "k cycles", "k instructions"};
  return names;
}

std::vector<std::optional<double>> counted_values(const results::Efficiency& e) {
  auto thousands = [](std::optional<double> v) { return v ? std::optional(*v / 1000) : v; };
  return {e.task_clock_us, thousands(e.cycles), thousands(e.instructions)};
}

namespace {
// Which counted columns some cell of `table` has, in counted_names() order.
std::vector<bool> counted_columns(const ComparisonTable& table) {
  std::vector<bool> any(counted_names().size(), false);
  for (const ComparisonRow& row : table.rows)
    for (const ComparisonCell& c : row.cells)
      if (c.efficiency) {
        const auto values = counted_values(*c.efficiency);
        for (std::size_t i = 0; i < values.size(); ++i) any[i] = any[i] || values[i].has_value();
      }
  return any;
}

// "not counted: cycles, instructions: the host exposes no hardware PMU (...)": the cells'
// reasons ("event: why"), events with the same reason on one line, in the order first seen.
std::vector<std::string> not_counted_notes(const ComparisonTable& table) {
  std::vector<std::pair<std::string, std::vector<std::string>>> by_reason;  // why, its events
  auto add = [&](const std::string& line) {
    const auto colon = line.find(": ");
    const std::string event = line.substr(0, colon);
    const std::string why = colon == std::string::npos ? "" : line.substr(colon + 2);
    auto it = std::find_if(by_reason.begin(), by_reason.end(),
                           [&](const auto& r) { return r.first == why; });
    if (it == by_reason.end()) it = by_reason.insert(by_reason.end(), {why, {}});
    if (std::find(it->second.begin(), it->second.end(), event) == it->second.end())
      it->second.push_back(event);
  };
  for (const ComparisonRow& row : table.rows)
    for (const ComparisonCell& c : row.cells)
      if (c.efficiency)
        for (const std::string& line : c.efficiency->not_counted) add(line);
  std::vector<std::string> notes;
  for (const auto& [why, events] : by_reason)
    notes.push_back(fmt::format("not counted: {}{}", fmt::join(events, ", "),
                                why.empty() ? "" : ": " + why));
  return notes;
}

// The counted cells of `cell` for the columns `shown`, with ratios to `base` as the costs'.
void add_counted_cells(std::vector<std::string>& line, const ComparisonCell& cell,
                       const ComparisonCell& base, const std::vector<bool>& shown,
                       bool with_ratio) {
  const auto values = cell.efficiency ? counted_values(*cell.efficiency)
                                      : std::vector<std::optional<double>>(shown.size());
  const auto bases = base.efficiency ? counted_values(*base.efficiency)
                                     : std::vector<std::optional<double>>(shown.size());
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if (!shown[i]) continue;
    if (!values[i]) {
      line.push_back(cell.efficiency ? "n/a" : "-");
      continue;
    }
    const bool ratio = with_ratio && bases[i] && *bases[i] > 0;
    line.push_back(cost_cell(*values[i], ratio ? results::cost_ratio(*values[i], *bases[i])
                                               : std::nullopt));
  }
}

bool any_efficiency(const ComparisonTable& table) {
  return std::any_of(table.rows.begin(), table.rows.end(), [](const ComparisonRow& row) {
    return std::any_of(row.cells.begin(), row.cells.end(),
                       [](const ComparisonCell& c) { return c.efficiency.has_value(); });
  });
}

std::vector<std::string> cost_cells(const ComparisonCell& cell, const ComparisonCell& base,
                                    bool with_ratio) {
  if (!cell.efficiency) return std::vector<std::string>(cost_names().size(), "-");
  const auto values = cost_values(*cell.efficiency);
  const auto bases = base.efficiency ? cost_values(*base.efficiency) : std::vector<double>{};
  std::vector<std::string> out;
  // A ratio of figures too small to print (read KB of a cached table: "0.0 x0.50") is noise.
  auto printable = [](double v) { return std::fabs(v) >= 0.05; };
  for (std::size_t i = 0; i < values.size(); ++i) {
    const bool ratio = with_ratio && !bases.empty() && printable(values[i]) && printable(bases[i]);
    out.push_back(
        cost_cell(values[i], ratio ? results::cost_ratio(values[i], bases[i]) : std::nullopt));
  }
  return out;
}
}  // namespace

std::optional<EfficiencyTable> efficiency_table(const ComparisonTable& table) {
  if (!any_efficiency(table)) return std::nullopt;
  EfficiencyTable t;
  const std::string baseline = table.columns.empty() ? "-" : column_label(table.columns.front());
  t.title = "Cost per transaction (ratio to " + baseline + ")";
  // Rows as the throughput table's: thread counts, or table sizes in a size table.
  const bool by_size = table.rows_by == RowAxis::table_size;
  t.header = {by_size ? "rows" : "threads", "server"};
  t.left_column = 1;
  t.header.insert(t.header.end(), cost_names().begin(), cost_names().end());
  const std::vector<bool> counted = counted_columns(table);
  for (std::size_t i = 0; i < counted.size(); ++i)
    if (counted[i]) t.header.push_back(counted_names()[i]);
  t.notes = not_counted_notes(table);
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 0; i < row.cells.size(); ++i) {
      const std::string label =
          by_size ? std::to_string(row.table_size) : std::to_string(row.threads);
      std::vector<std::string> line{i == 0 ? label : "", column_label(table.columns[i])};
      for (std::string& c : cost_cells(row.cells[i], row.cells.front(), i > 0))
        line.push_back(std::move(c));
      add_counted_cells(line, row.cells[i], row.cells.front(), counted, i > 0);
      t.rows.push_back(std::move(line));
    }
  return t;
}

}  // namespace versus::report
