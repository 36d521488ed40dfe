#include "report/csv_writer.h"

#include <fmt/format.h>

namespace versus::report {

namespace {

constexpr const char* kHeader =
    "workload,engine,threads,server,profile,runs,failed,crashed,tps,qps,p95_ms,ratio\n";

std::string measured(const ComparisonCell& cell, double value) {
  return cell.runs > 0 ? fmt::format("{:.2f}", value) : "";
}

std::string ratio_field(const ComparisonCell& cell) {
  return cell.ratio ? fmt::format("{:.4f}", *cell.ratio) : "";
}

void write_line(std::ostream& out, const ComparisonTable& table, int threads, const Column& column,
                const ComparisonCell& cell) {
  out << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_field(table.workload),
                     csv_field(table.engine), threads, csv_field(column.server),
                     csv_field(column.profile), cell.runs, cell.failed, cell.crashed,
                     measured(cell, cell.tps), measured(cell, cell.qps),
                     measured(cell, cell.p95_ms), ratio_field(cell));
}

}  // namespace

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

void write_csv(std::ostream& out, const std::vector<ComparisonTable>& tables) {
  out << kHeader;
  for (const ComparisonTable& table : tables)
    for (const ComparisonRow& row : table.rows)
      for (std::size_t i = 0; i < row.cells.size(); ++i)
        write_line(out, table, row.threads, table.columns[i], row.cells[i]);
}

}  // namespace versus::report
