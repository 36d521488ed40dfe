#pragma once
// The comparison model as JSON (format "versus-comparison/1"), with the run's identity,
// for tools that want the grouped numbers without re-reading results.json.
// Each table has "load_shape" (report/run/load_shape_text.h), "mix" and "distribution" (as in
// results.json's cells). Numbers are full precision; values of a cell without an ok run are
// null. Each cell has "tps_stats" (n, mean, median, sd, cv, ci_low, ci_high) and
// "vs_baseline" (ratio, ratio_ci_low, ratio_ci_high, verdict, p_value; null for the first
// column).
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <vector>

#include "report/shared/comparison.h"
#include "results/record/record.h"

namespace versus::report {

inline constexpr const char* kComparisonFormat = "versus-comparison/1";

nlohmann::ordered_json comparison_to_json(const std::vector<ComparisonTable>& tables,
                                          const results::RunInfo& info);

// The TPS statistics of a cell ("tps_stats") and its comparison with another ("vs_baseline",
// null when there is none); also used by the regression report.
nlohmann::ordered_json summary_to_json(const results::Summary& summary);
nlohmann::ordered_json estimate_to_json(const std::optional<results::RatioEstimate>& estimate);

// Pretty-printed (indent 2), ending in a newline.
void write_json(std::ostream& out, const std::vector<ComparisonTable>& tables,
                const results::RunInfo& info);

}  // namespace versus::report
