#pragma once
// JSON form of a cell's UsageRecord: the "usage" object of results.json (docs/output.md).
#include <nlohmann/json.hpp>
#include <string>

#include "measured/usage_record.h"
#include "util/expected.h"

namespace versus::results {

nlohmann::ordered_json usage_to_json(const measured::UsageRecord& usage);
// `path` names the object in error messages ("cells[3].usage"); sets usage.measured.
Expected<measured::UsageRecord> usage_from_json(const nlohmann::ordered_json& json,
                                                const std::string& path);

}  // namespace versus::results
