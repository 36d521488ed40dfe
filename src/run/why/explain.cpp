#include "run/why/explain.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "config/plan/plan_time.h"
#include "results/evidence/why_split.h"

namespace versus::run {
namespace {
using Clock = std::chrono::steady_clock;

// A column to split, with its widest gap.
struct ExplainColumn {
  std::string server;
  double widest = 0;
};

// "12 min 30 s" of whole seconds.
std::string explain_time_text(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  return s >= 60 ? fmt::format("{} min {:02} s", s / 60, s % 60) : fmt::format("{} s", s);
}

// The columns whose gap is decided in some row, widest first; the others into `skipped`.
std::vector<ExplainColumn> columns_to_split(const config::Plan& plan, const RunOutcome& run,
                                            std::vector<results::ExplainSkip>& skipped) {
  std::vector<ExplainColumn> columns;
  const auto& baseline = plan.servers.at(0).name;
  const double min_difference = run.results.info.min_difference_pct / 100;
  for (std::size_t s = 1; s < plan.servers.size(); ++s) {
    const auto& name = plan.servers[s].name;
    const auto gap =
        results::column_gap(run.results, baseline, name, plan.profiles.at(0).name, min_difference);
    if (gap.decided)
      columns.push_back({name, gap.widest});
    else
      skipped.push_back({name, fmt::format("no row's gap to {} is decided in the run: nothing "
                                           "to split",
                                           baseline)});
  }
  std::stable_sort(columns.begin(), columns.end(),
                   [](const auto& a, const auto& b) { return a.widest > b.widest; });
  return columns;
}

// The experiment for `column` (within `group`, by variable, when not ""), with as many parts
// as `left` seconds allow (no limit when `left` is none); the skip when not even one part
// fits, or when it cannot be planned.
Expected<WhyExperiment> fit_experiment(const config::Plan& plan, const RunOutcome& run,
                                       const std::string& column, const std::string& group,
                                       std::optional<double> left) {
  WhyRunRequest request{run.dir, column, "", {}, {}, nullptr, SIZE_MAX, group};
  auto experiment = plan_why_run(request);
  if (!experiment || !left) return experiment;
  const std::size_t groups = experiment->design.groups.size();
  // As `versus plan` estimates it, with the variants that copy the column's instance known.
  const auto& servers = experiment->plan.servers;
  const auto own_loads = static_cast<std::size_t>(std::count_if(
      servers.begin() + 2, servers.end(), [](const auto& s) { return s.data_from.empty(); }));
  const double whole = config::explain_column_seconds(plan, groups, own_loads);
  if (whole <= *left) return experiment;
  const double per_server = whole / static_cast<double>(groups + 3);
  const double fits = std::floor(*left / per_server) - 3;
  if (fits < 1)
    return fail(
        fmt::format("over explain_budget: its experiment needs about {} with one part, "
                    "{} is left",
                    explain_time_text(4 * per_server), explain_time_text(*left)));
  request.max_groups = static_cast<std::size_t>(fits);
  return plan_why_run(request);
}

// The groups of a split to split again by variable: a decided share in some row and more
// than one setting made alike.
std::vector<std::string> groups_to_split(const WhyOutcome& split) {
  std::vector<std::string> groups;
  for (std::size_t g = 0; g < split.design.groups.size(); ++g) {
    if (split.design.groups[g].alike.size() < 2) continue;
    for (const auto& row : split.rows)
      if (g < row.split.groups.size() &&
          row.split.groups[g].status == results::ShareStatus::decided) {
        groups.push_back(split.design.groups[g].group);
        break;
      }
  }
  return groups;
}

// One experiment of the phase: planned to fit the budget, run, recorded in `out`. False when
// the phase must stop (a signal, a second run that had to stop).
struct ExplainStep {
  const config::Plan& plan;
  const RunOutcome& run;
  const std::atomic<bool>* cancel;
  results::ProgressSink& progress;
  Clock::time_point start;
  ExplainOutcome& out;

  bool operator()(const std::string& column, const std::string& group) {
    const double budget = std::chrono::duration<double>(plan.explain_budget).count();
    std::optional<double> left;
    if (budget > 0) left = budget - std::chrono::duration<double>(Clock::now() - start).count();
    const std::string who = group.empty() ? column : column + " (" + group + ")";
    auto experiment = fit_experiment(plan, run, column, group, left);
    if (!experiment) {
      out.skipped.push_back({who, experiment.error().message});
      return true;
    }
    progress.note(fmt::format(
        "explain: splitting {}'s gap to {} by {} in {}", column, plan.servers[0].name,
        group.empty() ? "settings group" : group + " setting", experiment->output.string()));
    auto split = run_why_experiment(*experiment, cancel, progress);
    if (!split) {
      out.skipped.push_back({who, split.error().message});
      return true;
    }
    const bool stop = split->run.interrupted || split->run.stop_error;
    out.interrupted = split->run.interrupted;
    out.stop_error = split->run.stop_error;
    out.splits.push_back(std::move(*split));
    return !stop;
  }
};
}  // namespace

ExplainOutcome run_explain(const config::Plan& plan, const RunOutcome& run,
                           const std::atomic<bool>* cancel, results::ProgressSink& progress) {
  ExplainOutcome out;
  if (!plan.explain_settings || run.interrupted || run.stop_error) return out;
  ExplainStep step{plan, run, cancel, progress, Clock::now(), out};
  bool go_on = true;
  for (const ExplainColumn& c : columns_to_split(plan, run, out.skipped)) {
    if (!(go_on = step(c.server, ""))) break;
    const bool split = !out.splits.empty() && out.splits.back().design.column == c.server;
    if (!plan.explain_variables || !split) continue;
    for (const auto& g : groups_to_split(out.splits.back()))
      if (!(go_on = step(c.server, g))) break;
    if (!go_on) break;
  }
  if (auto ok = results::save_explain_skips(run.dir, out.skipped); !ok && !out.stop_error)
    out.stop_error = ok.error();
  return out;
}

}  // namespace versus::run
