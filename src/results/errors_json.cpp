#include "results/errors_json.h"

#include "measured/error_counts.h"

namespace versus::results {
namespace {
using Json = nlohmann::ordered_json;

std::optional<measured::ErrorKind> error_kind_from_name(const std::string& name) {
  for (auto k :
       {measured::ErrorKind::retried, measured::ErrorKind::reconnected, measured::ErrorKind::fatal})
    if (measured::error_kind_name(k) == name) return k;
  return std::nullopt;
}

// The first problem of one entry as "<at>.<key>: ...", or "" when it reads.
std::string read_error_entry(const Json& j, const std::string& at, measured::ErrorCount& out) {
  if (!j.is_object()) return at + ": expected an object";
  for (const char* key : {"code", "count"}) {
    auto it = j.find(key);
    if (it == j.end()) return at + "." + key + ": missing";
    if (!it->is_number_unsigned())
      return at + "." + key + ": expected an unsigned integer, got " + it->type_name();
  }
  out.code = j["code"].get<unsigned>();
  out.count = j["count"].get<std::uint64_t>();
  for (const char* key : {"kind", "message"}) {
    auto it = j.find(key);
    if (it == j.end()) return at + "." + key + ": missing";
    if (!it->is_string()) return at + "." + key + ": expected a string, got " + it->type_name();
  }
  out.message = j["message"].get<std::string>();
  const std::string kind = j["kind"].get<std::string>();
  const auto parsed = error_kind_from_name(kind);
  if (!parsed)
    return at + ".kind: expected \"retried\", \"reconnected\" or \"fatal\", got \"" + kind + "\"";
  out.kind = *parsed;
  return "";
}
}  // namespace

Json errors_to_json(const measured::ErrorCounts& errors) {
  Json out = Json::array();
  for (const measured::ErrorCount& e : errors)
    out.push_back(Json{{"code", e.code},
                       {"kind", std::string(measured::error_kind_name(e.kind))},
                       {"count", e.count},
                       {"message", e.message}});
  return out;
}

Json error_summary_to_json(const ErrorSummary& errors) {
  return Json{{"transactions", errors.transactions},
              {"retried", errors.retried},
              {"retried_share", errors.retried_share()},
              {"codes", errors_to_json(errors.codes)}};
}

Expected<measured::ErrorCounts> errors_from_json(const Json& json, const std::string& path) {
  if (!json.is_array()) return fail(path + ": expected an array, got " + json.type_name());
  measured::ErrorCounts out;
  for (std::size_t i = 0; i < json.size(); ++i) {
    measured::ErrorCount e;
    const std::string problem = read_error_entry(json[i], path + "[" + std::to_string(i) + "]", e);
    if (!problem.empty()) return fail(problem);
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace versus::results
