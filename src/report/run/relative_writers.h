#pragma once
// The relative table (report/run/relative_table.h) in the formats a program or a page reads:
// CSV (relative.csv, one line per test and column, then the groups' geometric means), JSON
// (comparison.json's "relative") and the HTML report's heat map (each ratio cell coloured by
// how far it is from 1, paler where the verdict is no significant difference). The terminal
// and Markdown forms are relative_text_table's.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>

#include "report/run/relative_table.h"

namespace versus::report {

void write_relative_csv(std::ostream& out, const RelativeTable& t);
nlohmann::json relative_table_json(const RelativeTable& t);
std::string relative_table_html(const RelativeTable& t);

// The heat map's CSS class for a ratio: "heat-n3" (<= 0.8), "heat-n2" (<= 0.9), "heat-n1"
// (<= 0.97), "heat-0" (between), "heat-p1" (>= 1.03), "heat-p2" (>= 1.11), "heat-p3" (>= 1.25):
// bands about symmetric in log scale.
std::string_view heat_class(double ratio);

}  // namespace versus::report
