#include "results/record/errors_json.h"

#include "results/record/record_fields.h"

namespace versus::results {
namespace {
using Json = nlohmann::ordered_json;
}  // namespace

Json errors_to_json(const measured::ErrorCounts& errors) {
  return write_json(errors);
}

Expected<measured::ErrorCounts> errors_from_json(const Json& json, const std::string& path) {
  return read_json<measured::ErrorCounts>(json, path);
}

}  // namespace versus::results
