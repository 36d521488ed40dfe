#include "report/run_report.h"

#include <sstream>

#include "report/comparison.h"
#include "report/csv_writer.h"
#include "report/json_writer.h"
#include "report/markdown_writer.h"
#include "util/whole_file.h"

namespace versus::report {

Expected<void> write_run_reports(const std::filesystem::path& dir, const results::RunResults& r) {
  auto tables = build_comparison(r);
  std::ostringstream md, csv, json;
  write_markdown(md, tables, r.info);
  write_csv(csv, tables);
  write_json(json, tables, r.info);
  for (const auto& [name, text] :
       {std::pair{"comparison.md", md.str()}, std::pair{"comparison.csv", csv.str()},
        std::pair{"comparison.json", json.str()}})
    if (auto ok = write_file_atomically(dir / name, text); !ok) return ok;
  return {};
}

}  // namespace versus::report
