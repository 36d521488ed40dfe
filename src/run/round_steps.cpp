#include "run/round_steps.h"

#include <algorithm>
#include <optional>

#include <map>
#include <utility>

#include "run/schedule.h"
#include "sysbench/suite.h"

namespace versus::run {
namespace {
using sysbench::Workload;

// The plan's entry of `w` in the pass asked for (before or after the writes), or none.
std::optional<std::size_t> entry_of(const config::Plan& plan, Workload w, bool after_writes) {
  for (std::size_t i = 0; i < plan.workloads.size(); ++i)
    if (plan.workloads[i] == w && config::runs_after_writes(plan, i) == after_writes) return i;
  return std::nullopt;
}

// Whether `next` is the first cell of test `w` after the writes.
bool is_after_writes(const config::Plan& plan, const config::Cell& next, Workload w) {
  return plan.workloads[next.workload] == w && config::runs_after_writes(plan, next.workload);
}

// A warm-up pass `name` of `w` (in whichever pass the plan has it), unless it ran already.
void add_warm(const config::Plan& plan, Workload w, const std::string& name,
              RoundProgress& progress, std::vector<RoundStep>& out) {
  if (plan.warm_duration.count() == 0 || progress.warmed.count(name)) return;
  auto entry = entry_of(plan, w, false);
  if (!entry) entry = entry_of(plan, w, true);
  if (!entry) return;
  progress.warmed.insert(name);
  out.push_back({RoundStep::Kind::warm, name, *entry});
}
}  // namespace

std::vector<RoundStep> steps_before(const config::Plan& plan, const config::Cell& next,
                                    RoundProgress& progress) {
  std::vector<RoundStep> out;
  if (!plan.suite) return out;
  if (!progress.started) {
    progress.started = true;
    add_warm(plan, Workload::point_query, "point_query.warm", progress, out);
    add_warm(plan, Workload::scan, "scan.warmpre", progress, out);
  }
  const bool write = config::writes_before_second_pass(plan, next.workload);
  if (progress.wrote && !progress.settled && !write) {
    progress.settled = true;
    out.push_back({RoundStep::Kind::postwrite, "postwrite", 0});
  }
  if (is_after_writes(plan, next, Workload::scan))
    add_warm(plan, Workload::scan, "scan.warm", progress, out);
  if (is_after_writes(plan, next, Workload::points_covered_si))
    add_warm(plan, Workload::points_covered_si, "points_covered_si.warm", progress, out);
  progress.wrote = progress.wrote || write;
  return out;
}

config::Cell warm_cell(const config::Plan& plan, const RoundStep& step, const config::Cell& like) {
  config::Cell c = like;
  c.workload = step.workload;
  c.threads = *std::max_element(plan.threads.begin(), plan.threads.end());
  return c;
}

std::set<std::size_t> round_replays(const config::Plan& plan,
                                    const std::vector<std::size_t>& missing) {
  const auto all = schedule_cells(plan);
  std::map<std::pair<int, InstanceKey>, std::size_t> first_missing;
  for (std::size_t index : missing) {
    const auto key = std::pair{all.at(index).repeat, instance_of(all.at(index))};
    if (!first_missing.count(key) || index < first_missing[key]) first_missing[key] = index;
  }
  std::set<std::size_t> replays;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto it = first_missing.find({all[i].repeat, instance_of(all[i])});
    if (it != first_missing.end() && i < it->second) replays.insert(i);
  }
  return replays;
}

}  // namespace versus::run
