#include "run/why/why_run.h"

#include <algorithm>
#include <set>

#include "config/plan/plan_time.h"
#include "config/reading/matrix_parser.h"
#include "results/record/store.h"
#include "run/preflight.h"
#include "run/why/why_plan.h"

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
  results::WhyDesign d{plan.baseline, plan.column, plan.profile, {}, {}, plan.cannot,
                       plan.left_out, plan.within};
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
  auto why = plan_why(
      {*parent, *pf, *results, *server, *profile, fragments, r.max_groups, r.within});
  if (!why) return fail(why.error());
  config::MatrixOverrides more = why->overrides;
  // config::why_rounds rounds (a share's interval needs them; repeats: auto would stop at the
  // release verdicts, not the shares), unless the caller sets repeats.
  const int rounds = config::why_rounds(*parent);
  const bool own_repeats = std::any_of(r.sets.begin(), r.sets.end(),
                                       [](const std::string& s) { return key_of(s) == "repeats"; });
  if (!own_repeats) more.sets.push_back("repeats=" + std::to_string(rounds));
  // The second run splits; it does not explain itself again.
  more.sets.insert(more.sets.end(), {"explain=none", "explain_budget=0s"});
  more.sets.insert(more.sets.end(), r.sets.begin(), r.sets.end());
  auto derived = parent_plan(r.parent, more);
  if (!derived) return fail(derived.error().context("the why run's matrix"));
  return std::pair{std::move(*why), std::move(*derived)};
}
}  // namespace

std::string why_dir_name(const std::string& server, const std::string& within) {
  std::string name = "why-" + server;
  if (!within.empty()) name += "-" + within;
  for (char& c : name)
    if (c == ' ') c = '-';
  return name;
}

Expected<WhyExperiment> plan_why_run(const WhyRunRequest& r) {
  const fs::path output = r.output.empty() ? r.parent / why_dir_name(r.server, r.within) : r.output;
  auto planned = plan_experiment(r, output);
  if (!planned) return fail(planned.error());
  return WhyExperiment{design_of(planned->first), std::move(planned->second), output};
}

Expected<WhyOutcome> run_why_experiment(const WhyExperiment& e, const std::atomic<bool>* cancel,
                                        results::ProgressSink& progress) {
  RunOptions options;
  options.output = e.output;
  options.cancel = cancel;
  options.resume = fs::exists(e.output / results::kResultsFileName);
  if (auto ok = results::save_why_design(e.output, e.design); !ok) return fail(ok.error());
  auto ran = run_matrix(e.plan, options, progress);
  if (!ran) return fail(ran.error());
  WhyOutcome out{std::move(*ran), e.design, {}};
  const auto& info = out.run.results.info;
  out.rows = results::why_rows(
      out.run.results, out.design, info.min_difference_pct / 100,
      results::adjustment_from_name(info.multiple_comparisons).value_or(results::Adjustment::holm));
  return out;
}

Expected<WhyOutcome> run_why(const WhyRunRequest& r, results::ProgressSink& progress) {
  auto experiment = plan_why_run(r);
  if (!experiment) return fail(experiment.error());
  return run_why_experiment(*experiment, r.cancel, progress);
}

}  // namespace versus::run
