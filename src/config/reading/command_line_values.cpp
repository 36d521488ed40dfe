#include "config/reading/command_line_values.h"

#include <utility>

namespace versus::config {
namespace {

// "KEY=VALUE" split at the first '='; nullopt without one or with an empty KEY.
std::optional<std::pair<std::string, std::string>> split(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) return std::nullopt;
  return std::pair{text.substr(0, eq), text.substr(eq + 1)};
}

// A const node's missing key is an invalid node, on which IsSequence() etc. throw: each
// lookup is checked with IsDefined() first.
std::vector<std::string> names_of(const YAML::Node& servers) {
  std::vector<std::string> out;
  if (!servers.IsDefined() || !servers.IsSequence()) return out;
  for (const YAML::Node& s : servers) {
    if (!s.IsMap()) continue;
    const YAML::Node name = s["name"];
    if (name.IsDefined() && name.IsScalar()) out.push_back(name.Scalar());
  }
  return out;
}

}  // namespace

CommandLineValues::CommandLineValues(const MatrixOverrides& o, Problems& problems) {
  for (const std::string& s : o.servers) add_server(s, problems);
  for (const std::string& s : o.sets) add_set(s, problems);
}

void CommandLineValues::add_set(const std::string& text, Problems& problems) {
  auto kv = split(text);
  if (!kv) return problems.add(0, "--set", "expected KEY=VALUE, got " + quote(text));
  const std::string origin = "--set " + kv->first;
  const OptionSpec* spec = find_option(Level::top, kv->first);
  if (spec == nullptr)
    return problems.add(
        0, origin,
        "unknown key " + quote(kv->first) + suggestion(kv->first, option_names(Level::top)));
  if (line_.top.count(spec->key)) return problems.add(0, origin, "given twice");
  YAML::Node value;
  try {
    value = YAML::Load(kv->second);
  } catch (const YAML::Exception& e) {
    return problems.add(0, origin, "YAML syntax error in " + quote(kv->second) + ": " + e.msg);
  }
  problems_.emplace_back(origin);
  line_.top.emplace(spec->key, CommandLineValue{value, &problems_.back()});
}

void CommandLineValues::add_server(const std::string& text, Problems& problems) {
  auto kv = split(text);
  if (!kv) return problems.add(0, "--server", "expected NAME=BASEDIR, got " + quote(text));
  const std::string origin = "--server " + kv->first;
  if (line_.basedirs.count(kv->first)) return problems.add(0, origin, "given twice");
  problems_.emplace_back(origin);
  line_.basedirs.emplace(kv->first, CommandLineValue{YAML::Node(kv->second), &problems_.back()});
}

void CommandLineValues::check_server_names(const YAML::Node& root, Problems& problems) const {
  auto set = line_.top.find(Key::servers);
  const std::vector<std::string> names =
      names_of(set != line_.top.end() ? set->second.value : root["servers"]);
  std::vector<std::string_view> candidates(names.begin(), names.end());
  for (const auto& [name, value] : line_.basedirs)
    if (std::find(names.begin(), names.end(), name) == names.end())
      problems.add(
          0, "--server " + name,
          "no server named " + quote(name) + " in the matrix" + suggestion(name, candidates));
}

void CommandLineValues::report_into(Problems& problems) const {
  for (const Problems& p : problems_) problems.absorb(p);
}

}  // namespace versus::config
