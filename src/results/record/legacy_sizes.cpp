#include "results/record/legacy_sizes.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>

namespace versus::results {
namespace {

// The defaults of `tables` and `table_size` before they were recorded per cell: historical
// facts, kept here so a later change of the option table's defaults cannot reinterpret them.
constexpr int kOldTables = 1;
constexpr std::int64_t kOldTableSize = 10000;

std::optional<std::int64_t> scalar_of(const YAML::Node& root, const char* key,
                                      std::int64_t fallback) {
  const YAML::Node node = root[key];
  if (!node.IsDefined() || node.IsNull()) return fallback;
  if (!node.IsScalar()) return std::nullopt;
  try {
    return node.as<std::int64_t>();
  } catch (const YAML::Exception&) {
    return std::nullopt;
  }
}

}  // namespace

void fill_legacy_sizes(RunResults& results, const std::filesystem::path& matrix_copy) {
  const auto lacks = [](const CellRecord& c) { return c.tables == 0 || c.table_size == 0; };
  if (std::none_of(results.cells.begin(), results.cells.end(), lacks)) return;
  YAML::Node root;
  try {
    root = YAML::LoadFile(matrix_copy.string());
  } catch (const YAML::Exception&) {
    return;  // no copy (a results.json on its own): the sizes stay unknown
  }
  if (!root.IsMap()) return;
  const auto tables = scalar_of(root, "tables", kOldTables);
  const auto size = scalar_of(root, "table_size", kOldTableSize);
  for (CellRecord& c : results.cells) {
    if (c.tables == 0 && tables) c.tables = static_cast<int>(*tables);
    if (c.table_size == 0 && size) c.table_size = *size;
  }
}

}  // namespace versus::results
