#include "config/reading/data_from.h"

#include <fmt/format.h>

#include "config/reading/did_you_mean.h"

namespace versus::config {
namespace {

// The index of the server named `name`, or servers.size().
std::size_t server_index(const Plan& p, const std::string& name) {
  for (std::size_t i = 0; i < p.servers.size(); ++i)
    if (p.servers[i].name == name) return i;
  return p.servers.size();
}

// Why server `i` cannot start from server `from`'s instances, or "" when it can.
std::string refusal(const Plan& p, std::size_t i, std::size_t from) {
  const ServerSpec &s = p.servers[i], &source = p.servers[from];
  if (from == i) return "names the server itself: an instance cannot be a copy of itself";
  if (from > i)
    return fmt::format("names server {}, which comes after {} in servers: list it earlier, so "
                       "its instances are prepared first",
                       source.name, s.name);
  if (source.basedir.lexically_normal() != s.basedir.lexically_normal())
    return fmt::format("names server {}, whose basedir {} is not {}'s ({}): a datadir is its "
                       "release's own",
                       source.name, source.basedir.string(), s.name, s.basedir.string());
  if (!s.host.empty())
    return "is not supported yet for a server on another host (" + s.host + ")";
  if (p.lifecycle == Lifecycle::server)
    return "needs instances to copy, but lifecycle: server loads one datadir per server and "
           "profile in place";
  return "";
}

}  // namespace

void check_data_from(const Plan& p, Problems& problems) {
  std::vector<std::string_view> names;
  for (const ServerSpec& s : p.servers) names.push_back(s.name);
  for (std::size_t i = 0; i < p.servers.size(); ++i) {
    const ServerSpec& s = p.servers[i];
    if (s.data_from.empty()) continue;
    const std::string key = fmt::format("servers[{}].data_from", i);
    const int line = s.data_from_line ? s.data_from_line : s.line;
    const std::size_t from = server_index(p, s.data_from);
    if (from == p.servers.size()) {
      std::string text = fmt::format("no server is named \"{}\"", s.data_from);
      if (auto near = did_you_mean(s.data_from, names))
        text += fmt::format(" (did you mean \"{}\"?)", *near);
      problems.add(line, key, text + "; expected the name of an earlier server of the same "
                                     "basedir");
      continue;
    }
    if (auto why = refusal(p, i, from); !why.empty()) problems.add(line, key, why);
  }
}

}  // namespace versus::config
