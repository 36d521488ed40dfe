#include "report/run/efficiency_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/run/cell_text.h"

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

namespace {
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
  for (const ComparisonRow& row : table.rows)
    for (std::size_t i = 0; i < row.cells.size(); ++i) {
      const std::string label =
          by_size ? std::to_string(row.table_size) : std::to_string(row.threads);
      std::vector<std::string> line{i == 0 ? label : "", column_label(table.columns[i])};
      for (std::string& c : cost_cells(row.cells[i], row.cells.front(), i > 0))
        line.push_back(std::move(c));
      t.rows.push_back(std::move(line));
    }
  return t;
}

}  // namespace versus::report
