#pragma once
// `versus compare BASE NEW --html FILE`: the regression report as one self-contained page
// (report/html/html_page.h): the rule and the counts, per workload and engine the change of every
// matched column against threads (NEW / BASE TPS with its 95% CI, the threshold band shaded,
// regressions and improvements marked) beside both runs' TPS, the table of matched cells and
// the cells found in one run only. Pure: built from the model; the writer takes a stream.
#include <nlohmann/json.hpp>
#include <ostream>

#include "report/compare/regression.h"

namespace versus::report {

nlohmann::ordered_json regression_html_data(const RegressionReport& report);
void write_regression_html(std::ostream& out, const RegressionReport& report);

}  // namespace versus::report
