#include "results/host_json.h"

namespace versus::results {
namespace {
using Json = nlohmann::ordered_json;

// "" when `key` of `j` holds a value of the type `out` has (string, or an unsigned or signed
// integer), else "<path>.<key>: ..."; an absent optional key leaves `out` as it is.
template <typename T>
std::string read(const Json& j, const std::string& path, const char* key, T& out,
                 bool optional = false) {
  auto it = j.find(key);
  if (it == j.end()) return optional ? "" : path + "." + key + ": missing";
  bool fits = false;
  if constexpr (std::is_same_v<T, std::string>)
    fits = it->is_string();
  else
    fits = it->is_number_integer() && (std::is_signed_v<T> || it->is_number_unsigned() ||
                                       it->template get<std::int64_t>() >= 0);
  if (!fits)
    return path + "." + key + ": expected " +
           (std::is_same_v<T, std::string> ? "a string" : "an integer") + ", got " +
           it->type_name();
  out = it->template get<T>();
  return "";
}

std::string first_problem(std::initializer_list<std::string> problems) {
  for (const auto& p : problems)
    if (!p.empty()) return p;
  return "";
}
}  // namespace

Json machine_to_json(const MachineFacts& m) {
  Json json{{"cpu_model", m.cpu_model},
            {"cores", m.cores},
            {"kernel", m.kernel},
            {"governor", m.governor},
            {"memory_bytes", m.memory_bytes}};
  if (!m.hostname.empty()) json["hostname"] = m.hostname;
  return json;
}

Expected<MachineFacts> machine_from_json(const Json& json, const std::string& path) {
  if (!json.is_object()) return fail(path + ": expected an object");
  MachineFacts m;
  auto problem =
      first_problem({read(json, path, "cpu_model", m.cpu_model), read(json, path, "cores", m.cores),
                     read(json, path, "kernel", m.kernel), read(json, path, "governor", m.governor),
                     read(json, path, "memory_bytes", m.memory_bytes),
                     read(json, path, "hostname", m.hostname, true)});
  if (!problem.empty()) return fail(problem);
  return m;
}

void add_shard_json(const RunInfo& info, Json& run) {
  if (info.shard.count > 0)
    run["shard"] = Json{
        {"plan_id", info.shard.plan_id}, {"index", info.shard.index}, {"count", info.shard.count}};
  if (info.hosts.empty()) return;
  Json hosts = Json::array();
  for (const ShardHost& h : info.hosts)
    hosts.push_back(
        Json{{"shard", h.shard}, {"run_id", h.run_id}, {"machine", machine_to_json(h.machine)}});
  run["hosts"] = std::move(hosts);
}

namespace {
Expected<ShardHost> host_from_json(const Json& json, const std::string& path) {
  if (!json.is_object() || !json.contains("machine"))
    return fail(path + ": expected an object with \"machine\"");
  ShardHost h;
  auto problem =
      first_problem({read(json, path, "shard", h.shard), read(json, path, "run_id", h.run_id)});
  if (!problem.empty()) return fail(problem);
  auto machine = machine_from_json(json.at("machine"), path + ".machine");
  if (!machine) return fail(machine.error());
  h.machine = std::move(*machine);
  return h;
}
}  // namespace

Expected<void> read_shard_json(const Json& run, const std::string& path, RunInfo& info) {
  if (auto it = run.find("shard"); it != run.end()) {
    const std::string at = path + ".shard";
    if (!it->is_object()) return fail(at + ": expected an object");
    auto problem = first_problem({read(*it, at, "plan_id", info.shard.plan_id),
                                  read(*it, at, "index", info.shard.index),
                                  read(*it, at, "count", info.shard.count)});
    if (!problem.empty()) return fail(problem);
  }
  auto it = run.find("hosts");
  if (it == run.end()) return {};
  if (!it->is_array()) return fail(path + ".hosts: expected an array");
  for (std::size_t i = 0; i < it->size(); ++i) {
    auto host = host_from_json((*it)[i], path + ".hosts[" + std::to_string(i) + "]");
    if (!host) return fail(host.error());
    info.hosts.push_back(std::move(*host));
  }
  return {};
}

}  // namespace versus::results
