#include "results/record/warmup_json.h"

#include "results/record/record_fields.h"

namespace versus::results {

nlohmann::ordered_json warmup_to_json(const measured::WarmupRecord& warmup) {
  return write_json(warmup);
}

Expected<measured::WarmupRecord> warmup_from_json(const nlohmann::ordered_json& json,
                                                  const std::string& path) {
  return read_json<measured::WarmupRecord>(json, path);
}

}  // namespace versus::results
