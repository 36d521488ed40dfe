#include "results/data_size_json.h"

#include <string>

namespace versus::results {
namespace {
using Json = nlohmann::ordered_json;

Expected<void> check(const Json& j, const char* key, bool (Json::*is)() const, const char* what,
                     const std::string& path) {
  auto it = j.find(key);
  if (it == j.end()) return fail(path + "." + key + ": missing");
  if (!((*it).*is)())
    return fail(path + "." + key + ": expected " + what + ", got " + it->type_name());
  return {};
}

// The optional charset, collation and settings (older results have none).
Expected<DataSizeRecord> read_table_settings(const Json& j, const std::string& path,
                                             DataSizeRecord r) {
  for (const char* k : {"table_charset", "table_collation"})
    if (auto it = j.find(k); it != j.end()) {
      if (!it->is_string()) return fail(path + "." + k + ": expected a string");
      (std::string(k) == "table_charset" ? r.table_charset : r.table_collation) =
          it->get<std::string>();
    }
  auto it = j.find("settings");
  if (it == j.end()) return r;
  if (!it->is_object()) return fail(path + ".settings: expected an object");
  for (const auto& [name, value] : it->items()) {
    if (!value.is_string()) return fail(path + ".settings." + name + ": expected a string");
    r.settings[name] = value.get<std::string>();
  }
  return r;
}

Expected<DataSizeRecord> data_size_from_json(const Json& j, const std::string& path) {
  if (!j.is_object()) return fail(path + ": expected an object");
  for (const char* k : {"server", "profile", "engine", "file_source"})
    if (auto ok = check(j, k, &Json::is_string, "a string", path); !ok) return fail(ok.error());
  for (const char* k : {"tables", "table_size", "data_file_bytes", "index_file_bytes",
                        "data_length", "index_length"})
    if (auto ok = check(j, k, &Json::is_number_unsigned, "an unsigned integer", path); !ok)
      return fail(ok.error());
  DataSizeRecord r;
  r.server = j["server"].get<std::string>();
  r.profile = j["profile"].get<std::string>();
  r.engine = j["engine"].get<std::string>();
  r.file_source = j["file_source"].get<std::string>();
  r.tables = static_cast<int>(j["tables"].get<std::uint32_t>());
  r.table_size = static_cast<std::int64_t>(j["table_size"].get<std::uint64_t>());
  r.data_file_bytes = j["data_file_bytes"].get<std::uint64_t>();
  r.index_file_bytes = j["index_file_bytes"].get<std::uint64_t>();
  r.data_length = j["data_length"].get<std::uint64_t>();
  r.index_length = j["index_length"].get<std::uint64_t>();
  if (auto it = j.find("statistics"); it != j.end() && it->is_string())
    r.statistics = it->get<std::string>();
  if (auto it = j.find("from_cache"); it != j.end() && it->is_boolean())
    r.from_cache = it->get<bool>();
  return read_table_settings(j, path, r);
}
}  // namespace

Json data_size_to_json(const DataSizeRecord& r) {
  Json j{{"server", r.server},
              {"profile", r.profile},
              {"engine", r.engine},
              {"tables", r.tables},
              {"table_size", r.table_size},
              {"file_source", r.file_source},
              {"data_file_bytes", r.data_file_bytes},
              {"index_file_bytes", r.index_file_bytes},
              {"data_length", r.data_length},
              {"index_length", r.index_length},
              {"statistics", r.statistics},
              {"from_cache", r.from_cache}};
  if (!r.table_collation.empty() || !r.table_charset.empty()) {
    j["table_charset"] = r.table_charset;
    j["table_collation"] = r.table_collation;
  }
  if (!r.settings.empty()) j["settings"] = Json(r.settings);
  return j;
}

Json data_sizes_to_json(const std::vector<DataSizeRecord>& records) {
  Json out = Json::array();
  for (const auto& r : records) out.push_back(data_size_to_json(r));
  return out;
}

Expected<std::vector<DataSizeRecord>> data_sizes_from_json(const Json& results) {
  std::vector<DataSizeRecord> out;
  auto it = results.find("data_sizes");
  if (it == results.end()) return out;
  if (!it->is_array()) return fail(std::string("data_sizes: expected an array"));
  for (std::size_t i = 0; i < it->size(); ++i) {
    auto r = data_size_from_json((*it)[i], "data_sizes[" + std::to_string(i) + "]");
    if (!r) return fail(r.error());
    out.push_back(std::move(*r));
  }
  return out;
}

}  // namespace versus::results
