#include "remote/agent_protocol.h"

#include <optional>

#include "results/record/host_json.h"

namespace versus::remote::agent {
namespace {

// The flavour flavour_name() names; nullopt for any other text.
std::optional<server::Flavour> flavour_from(const std::string& name) {
  for (auto f : {server::Flavour::mysql, server::Flavour::percona, server::Flavour::mariadb})
    if (server::flavour_name(f) == name) return f;
  return std::nullopt;
}

template <class T>
T value_or(const Json& j, const char* key, T fallback) {
  auto it = j.find(key);
  return it == j.end() || it->is_null() ? fallback : it->get<T>();
}

}  // namespace

Json release_json(const server::Release& r) {
  const server::Version& v = r.info.version;
  return {{"basedir", r.basedir.string()},
          {"server_binary", r.server_binary.string()},
          {"mysqld_safe", r.mysqld_safe.string()},
          {"flavour", std::string(server::flavour_name(r.info.flavour))},
          {"version", {v.major, v.minor, v.patch}},
          {"version_text", r.info.text},
          {"messages_dir", r.messages_dir.string()},
          {"plugin_dir", r.plugin_dir.string()}};
}

Expected<server::Release> release_from(const Json& j) {
  try {
    server::Release r;
    r.basedir = j.at("basedir").get<std::string>();
    r.server_binary = j.at("server_binary").get<std::string>();
    r.mysqld_safe = j.at("mysqld_safe").get<std::string>();
    const auto flavour = flavour_from(j.at("flavour").get<std::string>());
    if (!flavour) return fail("a release of an unknown flavour: " + j.at("flavour").dump());
    r.info.flavour = *flavour;
    const auto& v = j.at("version");
    r.info.version = {v.at(0).get<int>(), v.at(1).get<int>(), v.at(2).get<int>()};
    r.info.text = j.at("version_text").get<std::string>();
    r.messages_dir = j.at("messages_dir").get<std::string>();
    r.plugin_dir = j.at("plugin_dir").get<std::string>();
    return r;
  } catch (const Json::exception& e) {
    return fail(std::string("a release the agent cannot read: ") + e.what());
  }
}

Json tree_json(const TreeSample& tree) {
  Json procs = Json::array(), threads = Json::array();
  for (const auto& [pid, p] : tree.processes)
    procs.push_back({pid, p.user_s, p.system_s, p.rchar, p.wchar, p.read_bytes, p.write_bytes,
                     p.peak_rss_bytes});
  for (const auto& [tid, t] : tree.threads) threads.push_back({tid, t.voluntary, t.involuntary});
  return {{"processes", procs}, {"threads", threads}};
}

TreeSample tree_from(const Json& j) {
  TreeSample tree;
  for (const auto& p : j.at("processes"))
    tree.processes[p.at(0).get<pid_t>()] = {
        p.at(1).get<double>(),        p.at(2).get<double>(),        p.at(3).get<std::uint64_t>(),
        p.at(4).get<std::uint64_t>(), p.at(5).get<std::uint64_t>(), p.at(6).get<std::uint64_t>(),
        p.at(7).get<std::uint64_t>()};
  for (const auto& t : j.at("threads"))
    tree.threads[t.at(0).get<pid_t>()] = {t.at(1).get<std::uint64_t>(),
                                          t.at(2).get<std::uint64_t>()};
  return tree;
}

Json host_times_json(const HostTimes& t) {
  return {t.ticked_busy_s, t.idle_s, t.iowait_s, t.steal_s};
}

HostTimes host_times_from(const Json& j) {
  return {j.at(0).get<double>(), j.at(1).get<double>(), j.at(2).get<double>(),
          j.at(3).get<double>()};
}

Json facts_json(const results::MachineFacts& f) {
  return Json(results::write_json(f));
}

Expected<results::MachineFacts> facts_from(const Json& j) {
  return results::read_json<results::MachineFacts>(nlohmann::ordered_json(j), "facts");
}

Json ok_reply(Json results) {
  results["ok"] = true;
  return results;
}

Json error_reply(const std::string& message) {
  return {{"ok", false}, {"error", message}};
}

Expected<Json> reply_results(const std::string& line) {
  Json j = Json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("ok") || !j["ok"].is_boolean())
    return fail("the agent answered something that is not a reply: \"" + line.substr(0, 120) +
                "\"");
  if (!j["ok"].get<bool>()) return fail(value_or<std::string>(j, "error", "(no reason given)"));
  j.erase("ok");
  return j;
}

std::string client_address(const char* ssh_connection) {
  if (ssh_connection == nullptr) return "";
  const std::string text(ssh_connection);
  return text.substr(0, text.find(' '));
}

}  // namespace versus::remote::agent
