#include "report/run_report.h"

#include <sstream>

#include "report/comparison.h"
#include "report/csv_writer.h"
#include "report/html_writer.h"
#include "report/json_writer.h"
#include "report/markdown_writer.h"
#include "util/whole_file.h"

namespace versus::report {

HtmlContext read_html_context(const std::filesystem::path& dir) {
  auto text = read_whole_file(dir / "matrix.yaml");
  return {text ? *text : std::string()};
}

Expected<void> write_run_reports(const std::filesystem::path& dir, const results::RunResults& r) {
  auto tables = build_comparison(r);
  std::ostringstream md, csv, json, html;
  write_markdown(md, tables, r.info);
  write_csv(csv, tables);
  write_json(json, tables, r.info);
  write_html_report(html, tables, r, read_html_context(dir));
  for (const auto& [name, text] :
       {std::pair{"comparison.md", md.str()}, std::pair{"comparison.csv", csv.str()},
        std::pair{"comparison.json", json.str()}, std::pair{kHtmlReportName, html.str()}})
    if (auto ok = write_file_atomically(dir / name, text); !ok) return ok;
  return {};
}

}  // namespace versus::report
