#pragma once
// JSON form of a cell's WarmupRecord: the "warmup" object of results.json (docs/output.md),
// written only when recorded, so results without it read and write as before.
#include <nlohmann/json.hpp>
#include <string>

#include "measured/warmup_record.h"
#include "util/expected.h"

namespace versus::results {

nlohmann::ordered_json warmup_to_json(const measured::WarmupRecord& warmup);
// `path` names the object in error messages ("cells[3].warmup"); sets warmup.recorded.
Expected<measured::WarmupRecord> warmup_from_json(const nlohmann::ordered_json& json,
                                                  const std::string& path);

}  // namespace versus::results
