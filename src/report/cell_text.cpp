#include "report/cell_text.h"

#include <fmt/format.h>

#include <algorithm>

namespace versus::report {

std::string format_tps(double tps) {
  return fmt::format("{:.1f}", tps);
}

std::string format_qps(double qps) {
  return fmt::format("{:.0f}", qps);
}

std::string format_ratio(double ratio) {
  return fmt::format("x{:.2f}", ratio);
}

bool is_partial(const ComparisonCell& cell) {
  return cell.runs > 0 && (cell.failed > 0 || cell.crashed > 0);
}

bool has_partial(const ComparisonTable& table) {
  return std::any_of(table.rows.begin(), table.rows.end(), [](const ComparisonRow& row) {
    return std::any_of(row.cells.begin(), row.cells.end(), is_partial);
  });
}

std::string missing_text(const ComparisonCell& cell) {
  if (cell.runs > 0) return "";
  if (cell.crashed > 0) return "crashed";
  if (cell.failed > 0) return "failed";
  return "-";
}

std::string tps_text(const ComparisonCell& cell) {
  return format_tps(cell.tps) + (is_partial(cell) ? "*" : "");
}

std::string qps_text(const ComparisonCell& cell) {
  return "(" + format_qps(cell.qps) + ")";
}

std::string ratio_text(const ComparisonCell& cell, bool with_ratio) {
  return with_ratio && cell.ratio ? format_ratio(*cell.ratio) : "";
}

std::string cell_line(const ComparisonCell& cell, bool with_ratio) {
  std::string line = tps_text(cell) + " " + qps_text(cell);
  if (std::string ratio = ratio_text(cell, with_ratio); !ratio.empty()) line += " " + ratio;
  return line;
}

std::string legend(const ComparisonTable& table) {
  const std::string baseline = table.columns.empty() ? "-" : column_label(table.columns.front());
  return "TPS, QPS in parentheses; ratio to " + baseline;
}

}  // namespace versus::report
