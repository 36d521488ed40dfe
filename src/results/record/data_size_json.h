#pragma once
// JSON form of the data-size records: results.json's top-level "data_sizes" array
// (docs/output.md). Reading checks every field; errors name "data_sizes[i].<field>".
#include <nlohmann/json.hpp>
#include <vector>

#include "results/record/record.h"
#include "util/expected.h"

namespace versus::results {

nlohmann::ordered_json data_size_to_json(const DataSizeRecord& record);
nlohmann::ordered_json data_sizes_to_json(const std::vector<DataSizeRecord>& records);

// The "data_sizes" member of a results.json object; none (empty) when absent.
Expected<std::vector<DataSizeRecord>> data_sizes_from_json(const nlohmann::ordered_json& results);

}  // namespace versus::results
