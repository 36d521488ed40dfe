#include "run/preflight.h"

#include <sstream>

#include "host/cpu_quota.h"
#include "load/family/registry.h"
#include "server/engines.h"
#include "server/equalize.h"
#include "util/subprocess.h"
#include "util/whole_file.h"

namespace versus::run {
namespace {
std::string where(const config::Plan& plan, int line) {
  return plan.source.string() + ":" + std::to_string(line);
}

Expected<server::CnfFragment> read_fragment(const std::filesystem::path& file) {
  auto text = read_whole_file(file);
  if (!text) return fail("cannot read " + file.string());
  return server::CnfFragment{file.string(), std::move(*text)};
}

// Renders with placeholder paths so a bad fragment fails now, not at the first start.
Expected<void> check_settings(const std::vector<server::CnfFragment>& fragments,
                              const std::vector<std::pair<std::string, std::string>>& options) {
  server::MyCnfInput in;
  in.paths = server::InstancePaths::under("/nonexistent", 1);
  in.fragments = fragments;
  in.options = options;
  auto cnf = server::render_my_cnf(in);
  if (!cnf) return fail(cnf.error());
  return {};
}
// servers[].cpu_quota below 100%: the cgroup must be writable here, before anything starts.
std::string check_quotas(const config::Plan& plan) {
  for (std::size_t i = 0; i < plan.servers.size(); ++i) {
    const auto& s = plan.servers[i];
    if (s.cpu_quota_pct >= 100) continue;
    if (auto ok = host::check_cpu_quota(); !ok)
      return where(plan, s.line) + ": servers[" + std::to_string(i) +
             "].cpu_quota: " + ok.error().message + "\n";
  }
  return "";
}

// The fragments of `files`, each unreadable or refused one added to `errors` after `prefix`.
std::vector<server::CnfFragment> read_settings(
    const std::vector<std::filesystem::path>& files,
    const std::vector<std::pair<std::string, std::string>>& options, const std::string& prefix,
    std::string& errors) {
  std::vector<server::CnfFragment> frags;
  for (const auto& f : files) {
    auto frag = read_fragment(f);
    if (!frag)
      errors += prefix + frag.error().message + "\n";
    else
      frags.push_back(*frag);
  }
  if (auto ok = check_settings(frags, options); !ok) errors += prefix + ok.error().message + "\n";
  return frags;
}
// The engines the plan's cells (excludes applied) ask server `i` for that its release lacks,
// one error line each.
std::string check_engines(const config::Plan& plan, std::size_t i, const server::Release& r) {
  std::vector<bool> used(plan.engines.size(), false);
  for (const auto& c : config::expand_cells(plan))
    if (c.server == i) used[c.engine] = true;
  std::string errors;
  for (std::size_t e = 0; e < plan.engines.size(); ++e) {
    auto why = used[e] ? server::engine_absence(r.info, plan.engines[e]) : "";
    if (!why.empty())
      errors += where(plan, plan.servers[i].line) + ": engines: " + plan.engines[e] + ": servers[" +
                std::to_string(i) + "] (" + plan.servers[i].name + "): " + why +
                "; leave it out with exclude: [{ server: " + plan.servers[i].name +
                ", engine: " + plan.engines[e] + " }]\n";
  }
  return errors;
}
}  // namespace

// table_charset / table_collation that server `i`'s release cannot create tables in, and
// equalize groups it cannot render, one error line each.
std::string table_settings_problems(const config::Plan& plan, std::size_t i,
                                    const server::VersionInfo& release) {
  std::string errors;
  const auto why = server::table_charset_absence(release, plan.table_charset, plan.table_collation);
  if (!why.empty()) {
    const bool charset = !plan.table_charset.empty() && plan.table_collation.empty();
    errors += where(plan, charset ? plan.table_charset_line : plan.table_collation_line) +
              (charset ? ": table_charset: " + plan.table_charset
                       : ": table_collation: " + plan.table_collation) +
              ": servers[" + std::to_string(i) + "] (" + plan.servers[i].name + "): " + why + "\n";
  }
  for (std::size_t p = 0; p < plan.profiles.size(); ++p)
    for (const std::string& group : plan.profiles[p].equalize)
      if (auto lines = server::equalize_lines(release, group); !lines)
        errors += where(plan, plan.profiles[p].equalize_line) + ": profiles[" + std::to_string(p) +
                  "].equalize: " + group + ": servers[" + std::to_string(i) + "] (" +
                  plan.servers[i].name + "): " + lines.error().message + "\n";
  return errors;
}

// What each workload's family checks without a server (a replayed log read through).
std::string check_workloads(const config::Plan& plan) {
  std::string errors;
  for (std::size_t i = 0; i < plan.workloads.size(); ++i) {
    load::WorkloadMix mix = load::mix_for(plan.workloads[i], plan.counts);
    if (i < plan.workload_files.size()) mix.custom = plan.workload_files[i];
    if (auto ok = load::family_of(mix).check(mix); !ok)
      errors += "workload " + config::workload_label(plan, i) + ": " + ok.error().message + "\n";
  }
  return errors;
}

Expected<Preflight> run_preflight(const config::Plan& plan) {
  Preflight pf;
  std::string errors = check_workloads(plan);
  for (std::size_t i = 0; i < plan.servers.size(); ++i) {
    const auto& s = plan.servers[i];
    std::string where_basedir =
        where(plan, s.line) + ": servers[" + std::to_string(i) + "].basedir: ";
    if (auto hazard = shell_script_hazard(s.basedir); !hazard.empty()) {
      errors += where_basedir + hazard + "\n";
      continue;
    }
    pf.server_fragments.push_back(read_settings(
        s.files, s.options,
        where(plan, s.line) + ": servers[" + std::to_string(i) + "] (" + s.name + "): ", errors));
    auto r = server::detect_release(s.basedir);
    if (!r)
      errors += where(plan, s.line) + ": servers[" + std::to_string(i) +
                "].basedir: " + r.error().message + "\n";
    else {
      errors += check_engines(plan, i, *r);
      errors += table_settings_problems(plan, i, r->info);
      pf.releases.push_back(*r);
    }
  }
  errors += check_quotas(plan);
  for (std::size_t i = 0; i < plan.profiles.size(); ++i) {
    const auto& p = plan.profiles[i];
    std::string prefix =
        where(plan, p.line) + ": profiles[" + std::to_string(i) + "] (" + p.name + "): ";
    pf.fragments.push_back(read_settings(p.files, p.options, prefix, errors));
  }
  if (!errors.empty()) return fail(errors.substr(0, errors.size() - 1));
  return pf;
}

}  // namespace versus::run
