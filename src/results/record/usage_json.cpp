#include "results/record/usage_json.h"

#include "results/record/record_fields.h"

namespace versus::results {

nlohmann::ordered_json usage_to_json(const measured::UsageRecord& usage) {
  return write_json(usage);
}

Expected<measured::UsageRecord> usage_from_json(const nlohmann::ordered_json& json,
                                                const std::string& path) {
  return read_json<measured::UsageRecord>(json, path);
}

}  // namespace versus::results
