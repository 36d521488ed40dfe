#pragma once
// report.html of a run (`versus report DIR --format html`, and beside comparison.md after
// every run): the run's facts and warnings, per table the comparison as an HTML table, its
// efficiency table when the cells have usage figures (report/html/html_efficiency.h) and its
// charts (report/run/run_html_charts.h), the CPU probe across the run, then the context: the
// matrix file, each column's my.cnf and server version. One self-contained page
// (report/html/html_page.h). Pure: the caller reads the files; the writer takes a stream.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "report/html/html_page.h"
#include "report/run/text_table.h"
#include "report/shared/comparison.h"
#include "report/why/explanation_table.h"
#include "results/record/record.h"

namespace versus::report {

// What a run's reports show beside its records, read by the caller from the run directory.
struct ReportContext {
  std::string matrix_text;  // the run's matrix.yaml; empty when it could not be read
  Explanations explanations;  // its why runs' splits (explain: settings, versus why)
};

// The data the page's script draws from (golden-tested): {"format", "charts": [...]}.
nlohmann::ordered_json run_report_data(const std::vector<ComparisonTable>& tables,
                                       const results::RunResults& results,
                                       const Explanations& explanations = {});

void write_html_report(std::ostream& out, const std::vector<ComparisonTable>& tables,
                       const results::RunResults& results, const ReportContext& context);

// A text table's lines as HTML cells: the first `text_columns` as text, the rest as numbers.
std::vector<std::vector<HtmlCell>> html_rows(const TextTable& table, std::size_t text_columns);

// Machine facts as one line ("" when none were recorded), as comparison.md shows them.
std::string machine_text(const results::MachineFacts& machine);

}  // namespace versus::report
