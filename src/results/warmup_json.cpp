#include "results/warmup_json.h"

#include <type_traits>

namespace versus::results {
namespace {
using Json = nlohmann::ordered_json;

// The first problem as "<path>.<key>: expected ...", or "" when `key` holds the right type.
template <typename T>
std::string read(const Json& j, const std::string& path, const char* key, T& out) {
  auto it = j.find(key);
  if (it == j.end()) return path + "." + key + ": missing";
  const bool fits = std::is_same_v<T, bool> ? it->is_boolean() : it->is_number();
  if (!fits)
    return path + "." + key + ": expected " + (std::is_same_v<T, bool> ? "a boolean" : "a number") +
           ", got " + it->type_name();
  out = it->get<T>();
  return "";
}
}  // namespace

Json warmup_to_json(const measured::WarmupRecord& w) {
  return Json{{"prewarm", w.prewarm},
              {"prewarm_seconds", w.prewarm_seconds},
              {"seconds", w.seconds},
              {"rule", w.until_steady ? "steady" : "fixed"},
              {"steady", w.steady}};
}

Expected<measured::WarmupRecord> warmup_from_json(const Json& json, const std::string& path) {
  if (!json.is_object()) return fail(path + ": expected an object");
  measured::WarmupRecord w;
  for (auto problem :
       {read(json, path, "prewarm", w.prewarm),
        read(json, path, "prewarm_seconds", w.prewarm_seconds),
        read(json, path, "seconds", w.seconds), read(json, path, "steady", w.steady)})
    if (!problem.empty()) return fail(problem);
  auto rule = json.find("rule");
  if (rule == json.end() || !rule->is_string() || (*rule != "steady" && *rule != "fixed"))
    return fail(path + ".rule: expected \"fixed\" or \"steady\"");
  w.until_steady = *rule == "steady";
  w.recorded = true;
  return w;
}

}  // namespace versus::results
