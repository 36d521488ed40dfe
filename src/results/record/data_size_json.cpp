#include "results/record/data_size_json.h"

#include "results/record/record_fields.h"

namespace versus::results {

nlohmann::ordered_json data_size_to_json(const DataSizeRecord& record) {
  return write_json(record);
}

nlohmann::ordered_json data_sizes_to_json(const std::vector<DataSizeRecord>& records) {
  return write_json(records);
}

Expected<std::vector<DataSizeRecord>> data_sizes_from_json(const nlohmann::ordered_json& results) {
  const auto it = results.find("data_sizes");
  if (it == results.end()) return std::vector<DataSizeRecord>{};
  return read_json<std::vector<DataSizeRecord>>(*it, "data_sizes");
}

}  // namespace versus::results
