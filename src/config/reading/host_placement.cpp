#include "config/reading/host_placement.h"

#include <fmt/format.h>

#include "config/reading/did_you_mean.h"

namespace versus::config {
namespace {

std::string where_text(const ServerSpec& s) {
  return s.host.empty() ? "this machine" : "host " + s.host;
}

void check_names(const Plan& p, Problems& problems) {
  std::vector<std::string_view> names;
  for (const HostSpec& h : p.hosts) names.push_back(h.name);
  for (std::size_t i = 0; i < p.servers.size(); ++i) {
    const ServerSpec& s = p.servers[i];
    if (s.host.empty() || host_of(p, i) != nullptr) continue;
    std::string text = fmt::format("no hosts[] entry is named \"{}\"", s.host);
    if (auto near = did_you_mean(s.host, names)) text += fmt::format(" (did you mean \"{}\"?)", *near);
    if (names.empty()) text += " (the file has no hosts: list)";
    problems.add(s.host_line, fmt::format("servers[{}].host", i), text);
  }
}

void check_same_machine(const Plan& p, Problems& problems) {
  for (std::size_t i = 1; i < p.servers.size(); ++i) {
    const ServerSpec &first = p.servers.front(), &s = p.servers[i];
    if (s.host == first.host) continue;
    problems.add(s.host_line ? s.host_line : s.line, fmt::format("servers[{}].host", i),
                 fmt::format("server {} runs on {} but server {} on {}: a comparison across "
                             "machines measures the machines, not the releases; put every "
                             "server on one machine",
                             s.name, where_text(s), first.name, where_text(first)));
  }
}

// What the agent on another host does not do yet (docs/remote.md).
void check_remote_keys(const Plan& p, int transport_line, Problems& problems) {
  for (std::size_t i = 0; i < p.servers.size(); ++i) {
    const ServerSpec& s = p.servers[i];
    if (s.host.empty() && !s.host_basedir.empty())
      problems.add(s.line, fmt::format("servers[{}].host_basedir", i),
                   "names a path on a host, but server " + s.name + " has no host");
    if (s.host.empty()) continue;
    const std::string path = fmt::format("servers[{}].host", i);
    auto refuse = [&](std::string_view key, std::string_view why) {
      problems.add(s.host_line, path,
                   fmt::format("server {} runs on host {}, where {} {}", s.name, s.host, key, why));
    };
    if (p.lifecycle == Lifecycle::server) refuse("lifecycle: server", "is not supported yet");
    if (p.lifecycle == Lifecycle::round) refuse("lifecycle: round", "is not supported yet");
    if (!p.server_cpus.empty()) refuse("server_cpus", "is not supported yet");
    if (s.cpu_quota_pct < 100) refuse("cpu_quota", "is not supported yet");
    if (transport_line > 0 && p.transport == Transport::socket)
      refuse("transport: socket (line " + std::to_string(transport_line) + ")",
             "cannot reach it: the load connects over TCP");
  }
}

}  // namespace

void check_thread_placement(const Plan& p, int line, Problems& problems) {
  if (!p.colocate) return;
  auto refuse = [&](const std::string& why) {
    problems.add(line, "thread_placement", "colocate " + why);
  };
  for (const ServerSpec& s : p.servers)
    if (!s.host.empty())
      return refuse("pins threads of servers on this machine, but server " + s.name +
                    " runs on host " + s.host);
  if (!p.client_cpus.empty() || !p.server_cpus.empty())
    refuse("places the client's and the server's threads itself: leave out client_cpus and "
           "server_cpus");
}

void check_hosts(const Plan& p, int transport_line, Problems& problems) {
  check_names(p, problems);
  if (!problems.empty()) return;
  check_same_machine(p, problems);
  check_remote_keys(p, transport_line, problems);
}

}  // namespace versus::config
