#include "results/record/statement_plan.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace versus::results {
namespace {
using nlohmann::json;

PlanTable plan_table(const json& j) {
  PlanTable t;
  t.table = j.value("table_name", "");
  // MySQL names the table an INSERT writes with access "ALL" ("insert": true); MariaDB names
  // none. Neither reads it.
  const auto insert = j.find("insert");
  const bool inserted = insert != j.end() && insert->is_boolean() && insert->get<bool>();
  t.access_type = inserted ? "" : j.value("access_type", "");
  t.key = j.value("key", "");
  for (const char* name : {"rows", "rows_examined_per_scan"})
    if (auto it = j.find(name); it != j.end() && it->is_number()) t.rows = it->get<double>();
  return t;
}

// Depth first, in document order: tables as they appear, the flags wherever they are.
void walk_plan(const json& j, PlanShape& shape) {
  if (j.is_array()) {
    for (const json& e : j) walk_plan(e, shape);
    return;
  }
  if (!j.is_object()) return;
  if (auto it = j.find("table_name"); it != j.end() && it->is_string())
    shape.tables.push_back(plan_table(j));
  for (const auto& [name, value] : j.items()) {
    if (name == "filesort" && value.is_object()) shape.filesort = true;
    if (name == "using_filesort" && value.is_boolean() && value.get<bool>()) shape.filesort = true;
    if (name == "temporary_table" && value.is_object()) shape.temporary = true;
    if (name == "using_temporary_table" && value.is_boolean() && value.get<bool>())
      shape.temporary = true;
    walk_plan(value, shape);
  }
}

std::vector<std::string> split_fields(std::string_view line, char by) {
  std::vector<std::string> out;
  std::size_t from = 0;
  for (;;) {
    const std::size_t at = line.find(by, from);
    out.emplace_back(line.substr(from, at == std::string_view::npos ? at : at - from));
    if (at == std::string_view::npos) return out;
    from = at + 1;
  }
}

std::string cell_of(const std::vector<std::string>& header, const std::vector<std::string>& row,
                    std::string_view column) {
  for (std::size_t i = 0; i < header.size() && i < row.size(); ++i)
    if (header[i] == column) return row[i] == "NULL" ? "" : row[i];
  return "";
}

PlanTable tabular_table(const std::vector<std::string>& header,
                        const std::vector<std::string>& row) {
  PlanTable t{cell_of(header, row, "table"), cell_of(header, row, "type"),
              cell_of(header, row, "key"), 0};
  const std::string rows = cell_of(header, row, "rows");
  if (!rows.empty()) t.rows = std::strtod(rows.c_str(), nullptr);
  return t;
}
}  // namespace

Expected<PlanShape> json_plan_shape(std::string_view text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return fail("EXPLAIN's JSON does not parse");
  if (!j.is_object() || !j.contains("query_block"))
    return fail("EXPLAIN's JSON has no query_block");
  PlanShape shape;
  walk_plan(j, shape);
  return shape;
}

Expected<PlanShape> tabular_plan_shape(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string line;
  if (!std::getline(in, line)) return fail("tabular EXPLAIN has no header line");
  const auto header = split_fields(line, '\t');
  PlanShape shape;
  while (std::getline(in, line)) {
    const auto row = split_fields(line, '\t');
    if (!cell_of(header, row, "table").empty()) shape.tables.push_back(tabular_table(header, row));
    const std::string extra = cell_of(header, row, "Extra");
    if (extra.find("Using filesort") != std::string::npos) shape.filesort = true;
    if (extra.find("Using temporary") != std::string::npos) shape.temporary = true;
  }
  return shape;
}

Expected<PlanShape> plan_shape(std::string_view format, std::string_view raw) {
  if (format == kJsonFormat) return json_plan_shape(raw);
  if (format == kTabularFormat) return tabular_plan_shape(raw);
  return fail("unknown EXPLAIN format \"" + std::string(format) + "\"");
}

}  // namespace versus::results
