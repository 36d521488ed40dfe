#pragma once
// RunReport: every report file of a run, written next to its results.json:
// comparison.md, comparison.csv, comparison.json and report.html.
#include <filesystem>
#include <optional>
#include <ostream>
#include <string_view>
#include <vector>

#include "report/run/run_html.h"
#include "report/run/run_terminal.h"
#include "report/shared/comparison.h"
#include "results/record/record.h"
#include "util/expected.h"

namespace versus::report {

inline constexpr const char* kHtmlReportName = "report.html";

// What report.html shows beside the records: the run directory's matrix.yaml (empty when
// it cannot be read).
ReportContext read_report_context(const std::filesystem::path& run_dir);

// The formats of `versus report --format`: terminal, markdown, csv, json, html.
enum class ReportFormat { terminal, markdown, csv, json, html };
std::optional<ReportFormat> report_format_from_name(std::string_view name);

// One report of a run on `out`: the comparison tables, then the data-size tables
// (report/run/data_size_table.h; JSON: the raw records as "data_sizes"; CSV: the comparison's
// lines only, the sizes are data_sizes.csv in the run directory).
void write_report(std::ostream& out, ReportFormat format,
                  const std::vector<ComparisonTable>& tables, const results::RunResults& results,
                  const ReportContext& context, const TerminalOptions& options = {});

// data_sizes.csv: one line per data-size record, bytes as recorded (docs/output.md).
void write_data_sizes_csv(std::ostream& out, const std::vector<results::DataSizeRecord>& sizes);
// tpcc.csv: one line per ok tpcc cell and transaction kind (warehouses, repeat 1-based, the
// kind's count, per minute, retried attempts, p50/p95/p99 ms).
void write_tpcc_csv(std::ostream& out, const std::vector<results::CellRecord>& cells);

// comparison.md, comparison.csv, comparison.json, report.html and, when the run measured
// data sizes, data_sizes.csv.
Expected<void> write_run_reports(const std::filesystem::path& run_dir,
                                 const results::RunResults& results);

}  // namespace versus::report
