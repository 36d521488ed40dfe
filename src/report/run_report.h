#pragma once
// RunReport: every report file of a run, written next to its results.json:
// comparison.md, comparison.csv, comparison.json and report.html.
#include <filesystem>

#include "report/html_writer.h"
#include "results/record.h"
#include "util/expected.h"

namespace versus::report {

inline constexpr const char* kHtmlReportName = "report.html";

// What report.html shows beside the records: the run directory's matrix.yaml (empty when
// it cannot be read).
HtmlContext read_html_context(const std::filesystem::path& run_dir);

Expected<void> write_run_reports(const std::filesystem::path& run_dir,
                                 const results::RunResults& results);

}  // namespace versus::report
