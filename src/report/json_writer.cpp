#include "report/json_writer.h"

#include "report/load_shape_text.h"
#include "results/record_json.h"

namespace versus::report {

namespace {

using Json = nlohmann::ordered_json;

// The mean when the cell has an ok run, else null (0 would read as a measurement).
Json measured(const ComparisonCell& cell, double value) {
  return cell.runs > 0 ? Json(value) : Json(nullptr);
}

Json optional_number(std::optional<double> value) {
  return value ? Json(*value) : Json(nullptr);
}

}  // namespace

// TPS statistics; sd, cv and the CI are null below 2 runs, mean and median with none.
Json summary_to_json(const results::Summary& s) {
  const bool any = s.n > 0, spread = s.n >= 2;
  return Json{{"n", s.n},
              {"mean", any ? Json(s.mean) : Json(nullptr)},
              {"median", any ? Json(s.median) : Json(nullptr)},
              {"sd", spread ? Json(s.sd) : Json(nullptr)},
              {"cv", spread ? Json(s.cv) : Json(nullptr)},
              {"ci_low", s.ci ? Json(s.ci->low) : Json(nullptr)},
              {"ci_high", s.ci ? Json(s.ci->high) : Json(nullptr)}};
}

Json estimate_to_json(const std::optional<results::RatioEstimate>& e) {
  if (!e) return Json(nullptr);
  return Json{{"ratio", e->ratio},
              {"ratio_ci_low", e->ci ? Json(e->ci->low) : Json(nullptr)},
              {"ratio_ci_high", e->ci ? Json(e->ci->high) : Json(nullptr)},
              {"verdict", std::string(results::verdict_name(e->verdict))},
              {"p_value", optional_number(e->p_value)}};
}

namespace {

Json cell_json(const ComparisonCell& cell) {
  return Json{{"runs", cell.runs},
              {"failed", cell.failed},
              {"crashed", cell.crashed},
              {"tps", measured(cell, cell.tps)},
              {"qps", measured(cell, cell.qps)},
              {"p95_ms", measured(cell, cell.p95_ms)},
              {"ratio", optional_number(cell.ratio)},
              {"tps_runs", cell.tps_runs},
              {"qps_runs", cell.qps_runs},
              {"p95_ms_runs", cell.p95_ms_runs},
              {"tps_stats", summary_to_json(cell.tps_summary)},
              {"vs_baseline", estimate_to_json(cell.vs_baseline)}};
}

Json row_json(const ComparisonRow& row) {
  Json cells = Json::array();
  for (const ComparisonCell& cell : row.cells) cells.push_back(cell_json(cell));
  return Json{
      {"threads", row.threads}, {"table_size", row.table_size}, {"cells", std::move(cells)}};
}

Json table_json(const ComparisonTable& table) {
  Json columns = Json::array();
  for (const Column& c : table.columns)
    columns.push_back(Json{{"server", c.server}, {"profile", c.profile}});
  Json rows = Json::array();
  for (const ComparisonRow& row : table.rows) rows.push_back(row_json(row));
  return Json{{"workload", table.workload},
              {"engine", table.engine},
              {"rows_by", table.rows_by == RowAxis::table_size ? "table_size" : "threads"},
              {"tables", table.tables},
              {"load_shape", load_shape_text(table.mix, table.distribution)},
              {"mix", results::mix_to_json(table.mix)},
              {"distribution", results::distribution_to_json(table.distribution)},
              {"columns", std::move(columns)},
              {"rows", std::move(rows)}};
}

}  // namespace

Json comparison_to_json(const std::vector<ComparisonTable>& tables, const results::RunInfo& info) {
  Json array = Json::array();
  for (const ComparisonTable& table : tables) array.push_back(table_json(table));
  return Json{{"format", kComparisonFormat},
              {"run", results::run_info_to_json(info)},
              {"tables", std::move(array)}};
}

void write_json(std::ostream& out, const std::vector<ComparisonTable>& tables,
                const results::RunInfo& info) {
  constexpr auto replace_invalid_utf8 = nlohmann::json::error_handler_t::replace;
  out << comparison_to_json(tables, info).dump(2, ' ', false, replace_invalid_utf8) << '\n';
}

}  // namespace versus::report
