#include "run/why/why_plan.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "results/evidence/settings_list.h"
#include "server/alike.h"
#include "server/my_cnf.h"
#include "util/whole_file.h"

namespace versus::run {
namespace fs = std::filesystem;

namespace {
// The listed settings the instances of (server, profile) ran with: the first recorded.
Expected<results::VariableMap> settings_of(const results::RunResults& results,
                                           const std::string& server, const std::string& profile) {
  for (const auto& d : results.data_sizes)
    if (d.server == server && d.profile == profile && !d.settings.empty())
      return results::VariableMap(d.settings.begin(), d.settings.end());
  return fail(fmt::format("{} / {}: no settings recorded (results written before versus "
                          "recorded them, or no instance of it was prepared)",
                          server, profile));
}

// The option names a my.cnf fragment sets, normalized.
std::set<std::string> names_in(const std::vector<server::CnfFragment>& fragments) {
  std::set<std::string> names;
  for (const auto& f : fragments) {
    std::istringstream in(f.text);
    for (std::string line; std::getline(in, line);) {
      line = line.substr(0, line.find_first_of("#;"));
      const auto start = line.find_first_not_of(" \t");
      if (start == std::string::npos || line[start] == '[') continue;
      std::string name = line.substr(start, line.find('=') - start);
      name.erase(name.find_last_not_of(" \t") + 1);
      names.insert(server::normalize_option_name(name));
    }
  }
  return names;
}

// "grp name" -> "alike-grp-name": the variant server's name part (a Kind::name).
std::string slug(std::string_view group) {
  std::string out = "alike-";
  for (char c : group) out += c == ' ' ? '-' : c;
  return out;
}

// What a variant cannot take out (normalized names): the options S's files or the profile
// (files or options) set.
std::set<std::string> fixed_names(const WhyRequest& r) {
  auto names = names_in(r.preflight.fragments.at(r.profile));
  for (const auto& n : names_in(r.preflight.server_fragments.at(r.server))) names.insert(n);
  for (const auto& [name, value] : r.plan.profiles.at(r.profile).options)
    names.insert(server::normalize_option_name(name));
  return names;
}

// One group's variant from its settings' outcomes; its cannot lines either way.
WhyVariant variant_of(std::string_view group, const std::vector<server::AlikeSetting>& settings,
                      const std::set<std::string>& fixed) {
  WhyVariant v;
  v.group = std::string(group);
  for (const auto& s : settings) {
    std::string why = s.cannot;
    for (const auto& r : s.remove)
      if (why.empty() && fixed.count(server::normalize_option_name(r)))
        why = fmt::format("{} is set by the profile or a server file, which a variant cannot "
                          "take out",
                          r);
    if (!why.empty()) {
      v.cannot.push_back(s.variable + ": " + why);
      continue;
    }
    v.lines.insert(v.lines.end(), s.lines.begin(), s.lines.end());
    v.alike.push_back(fmt::format("{} {} -> {}{}", s.variable, s.column_value, s.baseline_value,
                                  s.approximate.empty() ? "" : " (" + s.approximate + ")"));
    v.changes_data = v.changes_data || s.changes_data;
  }
  return v;
}

// The groups of the listed settings, in the list's order.
std::vector<std::string_view> groups_in_order() {
  std::vector<std::string_view> groups;
  for (const auto& spec : results::settings_list())
    if (std::find(groups.begin(), groups.end(), spec.group) == groups.end())
      groups.push_back(spec.group);
  return groups;
}

// The differences of `group`, as alike takes them.
std::vector<server::SettingSides> sides_of(const std::vector<results::SettingDifference>& diffs,
                                           std::string_view group) {
  std::vector<server::SettingSides> out;
  for (const auto& d : diffs)
    if (d.group == group) out.push_back({d.base.name, d.base.value, d.other.name, d.other.value});
  return out;
}

void set_drops(WhyVariant& v) {
  for (const auto& line : v.lines)
    v.drop.insert(server::normalize_option_name(line.substr(0, line.find('='))));
}

// Every group's variant at once: the release itself.
WhyVariant all_alike(const std::vector<WhyVariant>& groups, const std::string& server) {
  WhyVariant all;
  all.server = server + ".alike-all";
  for (const auto& g : groups) {
    all.lines.insert(all.lines.end(), g.lines.begin(), g.lines.end());
    all.alike.insert(all.alike.end(), g.alike.begin(), g.alike.end());
    all.cannot.insert(all.cannot.end(), g.cannot.begin(), g.cannot.end());
    all.drop.insert(g.drop.begin(), g.drop.end());
    all.changes_data = all.changes_data || g.changes_data;
  }
  return all;
}

// A server entry as the matrix spells it (flow YAML), with `name`, more files and fewer options.
// `data_from`: the server whose instances it copies ("" = its own).
void emit_server(YAML::Emitter& y, const config::ServerSpec& s, const std::string& name,
                 const std::vector<fs::path>& more_files, const std::set<std::string>& drop,
                 const std::string& data_from = "") {
  y << YAML::BeginMap << YAML::Key << "name" << YAML::Value << name << YAML::Key << "basedir"
    << YAML::Value << s.basedir.string() << YAML::Key << "files" << YAML::Value << YAML::BeginSeq;
  for (const auto& f : s.files) y << f.string();
  for (const auto& f : more_files) y << f.string();
  y << YAML::EndSeq << YAML::Key << "options" << YAML::Value << YAML::BeginMap;
  for (const auto& [k, v] : s.options)
    if (!drop.count(server::normalize_option_name(k))) y << YAML::Key << k << YAML::Value << v;
  y << YAML::EndMap;
  if (s.cpu_quota_pct < 100)
    y << YAML::Key << "cpu_quota" << YAML::Value << std::to_string(s.cpu_quota_pct) + "%";
  if (!data_from.empty()) y << YAML::Key << "data_from" << YAML::Value << data_from;
  y << YAML::EndMap;
}

std::string profile_yaml(const config::ProfileSpec& p) {
  YAML::Emitter y;
  y << YAML::Flow << YAML::BeginSeq << YAML::BeginMap << YAML::Key << "name" << YAML::Value
    << p.name << YAML::Key << "files" << YAML::Value << YAML::BeginSeq;
  for (const auto& f : p.files) y << f.string();
  y << YAML::EndSeq << YAML::Key << "options" << YAML::Value << YAML::BeginMap;
  for (const auto& [k, v] : p.options) y << YAML::Key << k << YAML::Value << v;
  y << YAML::EndMap;
  if (!p.equalize.empty()) {
    y << YAML::Key << "equalize" << YAML::Value << YAML::BeginSeq;
    for (const auto& g : p.equalize) y << g;
    y << YAML::EndSeq;
  }
  y << YAML::EndMap << YAML::EndSeq;
  return y.c_str();
}

// Writes each variant's fragment under `dir`; the second run's overrides.
Expected<config::MatrixOverrides> overrides_of(const WhyRequest& r,
                                               const std::vector<WhyVariant>& variants) {
  std::error_code ec;
  fs::create_directories(r.fragments, ec);
  if (ec) return fail("cannot create " + r.fragments.string() + ": " + ec.message());
  const auto& servers = r.plan.servers;
  YAML::Emitter y;
  y << YAML::Flow << YAML::BeginSeq;
  emit_server(y, servers.at(0), servers.at(0).name, {}, {});
  emit_server(y, servers.at(r.server), servers.at(r.server).name, {}, {});
  for (const WhyVariant& v : variants) {
    std::string text = "[mysqld]\n# " + servers.at(r.server).name + " with " +
                       (v.group.empty() ? "every listed setting" : v.group) + " as " +
                       servers.at(0).name + " runs it (versus why)\n";
    for (const auto& line : v.lines) text += line + "\n";
    const fs::path file = fs::absolute(r.fragments / (v.server + ".cnf"));
    if (auto ok = write_file_atomically(file, text); !ok) return fail(ok.error());
    // Options a restarted datadir takes: a copy of the column's instance, not a new load.
    emit_server(y, servers.at(r.server), v.server, {file}, v.drop,
                v.changes_data ? "" : servers.at(r.server).name);
  }
  y << YAML::EndSeq;
  config::MatrixOverrides o;
  o.sets = {std::string("servers=") + y.c_str(),
            "profiles=" + profile_yaml(r.plan.profiles.at(r.profile)), "exclude=[]",
            "include=[]"};
  return o;
}

// The rank of `group` in kExpectedEffectOrder (past its end when not there).
std::size_t expected_rank(std::string_view group) {
  const auto* end = std::end(kExpectedEffectOrder);
  return static_cast<std::size_t>(std::find(std::begin(kExpectedEffectOrder), end, group) -
                                  std::begin(kExpectedEffectOrder));
}

// Keeps the `max` variants of the largest expected effect, in their order; the others' groups.
std::vector<std::string> keep_expected_largest(std::vector<WhyVariant>& variants,
                                               std::size_t max) {
  if (variants.size() <= max) return {};
  std::vector<std::size_t> ranks;
  for (const auto& v : variants) ranks.push_back(expected_rank(v.group));
  std::vector<std::size_t> sorted = ranks;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t last_kept = max == 0 ? 0 : sorted[max - 1];
  std::vector<std::string> left;
  std::vector<WhyVariant> kept;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    if (max > 0 && ranks[i] <= last_kept && kept.size() < max)
      kept.push_back(std::move(variants[i]));
    else
      left.push_back(variants[i].group);
  }
  variants = std::move(kept);
  return left;
}

Expected<void> check_request(const WhyRequest& r) {
  if (r.server == 0 || r.server >= r.plan.servers.size())
    return fail("the column to explain must be one of servers[1..]: servers[0] is the baseline");
  if (r.profile >= r.plan.profiles.size()) return fail("no such profile");
  for (std::size_t s : {std::size_t{0}, r.server})
    if (!r.plan.servers[s].host.empty())
      return fail("server " + r.plan.servers[s].name + " runs on another host: not supported yet");
  return {};
}
}  // namespace

// The sides of one setting's difference as alike takes them, one at a time.
std::vector<std::vector<server::SettingSides>> one_by_one(std::vector<server::SettingSides> sides) {
  std::vector<std::vector<server::SettingSides>> out;
  for (auto& s : sides) out.push_back({std::move(s)});
  return out;
}

// The variants of the request's split: per group (each group's differences together), or
// per setting of r.within (each alone); what cannot be made alike into `cannot`.
Expected<std::vector<WhyVariant>> split_variants(const WhyRequest& r, const WhyPlan& out,
                                                 const std::vector<results::SettingDifference>& diffs,
                                                 std::vector<std::string>& cannot) {
  const auto fixed = fixed_names(r);
  const auto& column = r.preflight.releases.at(r.server).info;
  const auto& baseline = r.preflight.releases.at(0).info;
  std::vector<std::pair<std::string, std::vector<server::SettingSides>>> parts;
  for (std::string_view group : groups_in_order()) {
    auto sides = sides_of(diffs, group);
    if (sides.empty() || (!r.within.empty() && group != r.within)) continue;
    if (r.within.empty()) parts.emplace_back(std::string(group), std::move(sides));
    for (auto& one : r.within.empty() ? std::vector<std::vector<server::SettingSides>>{}
                                      : one_by_one(std::move(sides)))
      parts.emplace_back(one.front().column_name.empty() ? one.front().baseline_name
                                                         : one.front().column_name,
                         std::move(one));
  }
  std::vector<WhyVariant> variants;
  for (auto& [name, sides] : parts) {
    auto settings = server::alike_settings({column, baseline, std::move(sides)});
    if (!settings) return fail(settings.error().context(name));
    WhyVariant v = variant_of(name, *settings, fixed);
    if (v.alike.empty()) {
      for (const auto& c : v.cannot) cannot.push_back(name + ": " + c);
      continue;
    }
    v.server = out.column + "." + slug(name);
    set_drops(v);
    for (const auto& st : *settings)
      for (const auto& rm : st.remove) v.drop.insert(server::normalize_option_name(rm));
    variants.push_back(std::move(v));
  }
  return variants;
}

Expected<WhyPlan> plan_why(const WhyRequest& r) {
  if (auto ok = check_request(r); !ok) return fail(ok.error());
  WhyPlan out{r.plan.servers[0].name, r.plan.servers[r.server].name,
              r.plan.profiles[r.profile].name, {}, {}, {}, r.within, {}};
  auto base = settings_of(r.results, out.baseline, out.profile);
  auto col = settings_of(r.results, out.column, out.profile);
  if (!base) return fail(base.error());
  if (!col) return fail(col.error());
  const auto diffs = results::setting_differences(*base, *col);
  if (diffs.empty())
    return fail(fmt::format("{} and {} run every listed setting alike under {}: no gap to split "
                            "by setting (the release itself is the whole gap)",
                            out.column, out.baseline, out.profile));
  auto variants = split_variants(r, out, diffs, out.cannot);
  if (!variants) return fail(variants.error());
  out.variants = std::move(*variants);
  if (out.variants.empty())
    return fail("no listed setting that differs can be made alike: " +
                fmt::format("{}", fmt::join(out.cannot, "; ")));
  if (!r.within.empty() && out.variants.size() < 2)
    return fail(fmt::format("{} has {} setting that differs and can be made alike: its share is "
                            "the group's, nothing to split by variable",
                            r.within, out.variants.size()));
  WhyVariant all = all_alike(out.variants, out.column);
  if (!r.within.empty()) all.server = out.column + "." + slug(r.within);  // the group alike
  out.left_out = keep_expected_largest(out.variants, r.max_groups);
  out.variants.push_back(std::move(all));
  auto overrides = overrides_of(r, out.variants);
  if (!overrides) return fail(overrides.error());
  out.overrides = std::move(*overrides);
  return out;
}

}  // namespace versus::run
