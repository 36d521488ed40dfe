#pragma once
// The comparison model as JSON (format "versus-comparison/1"), with the run's identity,
// for tools that want the grouped numbers without re-reading results.json.
// Numbers are full precision; values of a cell without an ok run are null.
#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "report/comparison.h"
#include "results/record.h"

namespace versus::report {

inline constexpr const char* kComparisonFormat = "versus-comparison/1";

nlohmann::ordered_json comparison_to_json(const std::vector<ComparisonTable>& tables,
                                          const results::RunInfo& info);

// Pretty-printed (indent 2), ending in a newline.
void write_json(std::ostream& out, const std::vector<ComparisonTable>& tables,
                const results::RunInfo& info);

}  // namespace versus::report
