#include "run/why_run.h"

#include <algorithm>
#include <set>

#include "config/reading/matrix_parser.h"
#include "results/record/store.h"
#include "run/preflight.h"
#include "run/why_plan.h"

namespace versus::run {
namespace fs = std::filesystem;

namespace {
// The index of `name` in `names`, or none.
std::optional<std::size_t> index_of(const std::vector<std::string>& names,
                                    const std::string& name) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<std::size_t>(it - names.begin());
}

template <typename Spec>
std::vector<std::string> names_of(const std::vector<Spec>& specs) {
  std::vector<std::string> names;
  for (const auto& s : specs) names.push_back(s.name);
  return names;
}

results::WhyDesign design_of(const WhyPlan& plan) {
  results::WhyDesign d{plan.baseline, plan.column, plan.profile, {}, {}, plan.cannot};
  for (const WhyVariant& v : plan.variants) {
    if (v.group.empty()) {
      d.all_alike = v.server;
      continue;
    }
    d.groups.push_back({v.group, v.server, v.alike});
    for (const auto& c : v.cannot) d.cannot.push_back(v.group + ": " + c);
  }
  return d;
}

// "KEY" of "KEY=VALUE".
std::string key_of(const std::string& set) {
  return set.substr(0, set.find('='));
}

// The parent's plan as it ran (its matrix copy and overrides), `more`'s keys replacing its
// own (a key may be set once); with `more`'s servers, no --server NAME=BASEDIR of its own.
Expected<config::Plan> parent_plan(const fs::path& parent, const config::MatrixOverrides& more) {
  auto overrides = config::read_overrides_file(parent / "matrix.overrides");
  if (!overrides) return fail(overrides.error());
  std::set<std::string> keys;
  for (const auto& set : more.sets) keys.insert(key_of(set));
  std::erase_if(overrides->sets, [&](const std::string& set) { return keys.count(key_of(set)); });
  if (keys.count("servers")) overrides->servers.clear();
  overrides->sets.insert(overrides->sets.end(), more.sets.begin(), more.sets.end());
  return config::parse_matrix_file(parent / "matrix.yaml", *overrides);
}

// The experiment's plan and the second run's matrix overrides.
Expected<std::pair<WhyPlan, config::Plan>> plan_experiment(const WhyRunRequest& r,
                                                           const fs::path& output) {
  auto parent = parent_plan(r.parent, {});
  if (!parent) return fail(parent.error().context(r.parent.string()));
  auto results = results::load_results(r.parent / "results.json");
  if (!results) return fail(results.error());
  const auto server = index_of(names_of(parent->servers), r.server);
  if (!server) return fail("no server " + r.server + " in " + r.parent.string());
  const auto profile =
      r.profile.empty() ? std::optional<std::size_t>(0) : index_of(names_of(parent->profiles), r.profile);
  if (!profile) return fail("no profile " + r.profile + " in " + r.parent.string());
  auto pf = run_preflight(*parent);
  if (!pf) return fail(pf.error());
  fs::path fragments = output;
  fragments += ".variants";
  auto why = plan_why({*parent, *pf, *results, *server, *profile, fragments});
  if (!why) return fail(why.error());
  config::MatrixOverrides more = why->overrides;
  // At least kWhyRounds rounds (a share's interval needs them; repeats: auto would stop at the
  // release verdicts, not the shares), unless the caller sets repeats.
  const int rounds = parent->auto_repeats ? kWhyRounds : std::max(parent->repeats, kWhyRounds);
  const bool own_repeats = std::any_of(r.sets.begin(), r.sets.end(),
                                       [](const std::string& s) { return key_of(s) == "repeats"; });
  if (!own_repeats) more.sets.push_back("repeats=" + std::to_string(rounds));
  more.sets.insert(more.sets.end(), r.sets.begin(), r.sets.end());
  auto derived = parent_plan(r.parent, more);
  if (!derived) return fail(derived.error().context("the why run's matrix"));
  return std::pair{std::move(*why), std::move(*derived)};
}
}  // namespace

Expected<WhyOutcome> run_why(const WhyRunRequest& r, results::ProgressSink& progress) {
  const fs::path output = r.output.empty() ? r.parent / ("why-" + r.server) : r.output;
  auto planned = plan_experiment(r, output);
  if (!planned) return fail(planned.error());
  RunOptions options;
  options.output = output;
  options.cancel = r.cancel;
  auto ran = run_matrix(planned->second, options, progress);
  if (!ran) return fail(ran.error());
  WhyOutcome out{std::move(*ran), design_of(planned->first), {}};
  out.rows = results::why_rows(out.run.results, out.design,
                               out.run.results.info.min_difference_pct / 100);
  return out;
}

}  // namespace versus::run
