#pragma once
// JSON form of a cell's errors by code (measured::ErrorCounts): the "errors" array of
// results.json and of `versus bench --format json` (docs/output.md). Results written before
// errors were kept by code have none; they read as an empty list (their total stays in
// counters.ignored_errors).
#include <nlohmann/json.hpp>
#include <string>

#include "measured/measurement.h"
#include "util/expected.h"

namespace versus::results {

// [{"code": 1020, "kind": "retried", "count": 1251, "message": "Record has changed ..."}]
nlohmann::ordered_json errors_to_json(const measured::ErrorCounts& errors);
// `path` names the array in error messages ("cells[3].errors").
Expected<measured::ErrorCounts> errors_from_json(const nlohmann::ordered_json& json,
                                                 const std::string& path);

}  // namespace versus::results
