#include "results/evidence/class_verdicts.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace versus::results {
namespace {

// One run's time of a class, with that run's round and interval.
struct ClassRun {
  int round = 0;
  double seconds = 0;
  std::uint64_t transactions = 0;
  measured::StatementTime time;
};

// A side's runs by class, and its classes in order of first appearance.
struct SideRuns {
  std::vector<std::string> order;
  std::map<std::string, std::vector<ClassRun>> by_class;
};

SideRuns side_runs(const std::vector<ClassRound>& rounds) {
  SideRuns side;
  for (const ClassRound& r : rounds)
    for (const measured::StatementTime& t : r.statements) {
      auto [it, added] = side.by_class.try_emplace(t.statement);
      if (added) side.order.push_back(t.statement);
      it->second.push_back({r.round, r.seconds, r.transactions, t});
    }
  return side;
}

ClassSide side_of(const std::vector<ClassRun>& runs) {
  ClassSide s;
  int timed = 0;
  for (const ClassRun& r : runs) {
    s.executions += static_cast<double>(r.time.count);
    if (r.seconds > 0) s.per_second += static_cast<double>(r.time.count) / r.seconds;
    s.mean_ms += r.time.mean_ms;
    s.p95_ms += r.time.p95_ms;
    if (r.transactions > 0) {
      s.ms_per_transaction += r.time.total_ms / static_cast<double>(r.transactions);
      ++timed;
    }
  }
  const auto n = static_cast<double>(runs.size());
  if (n > 0) {
    s.executions /= n;
    s.per_second /= n;
    s.mean_ms /= n;
    s.p95_ms /= n;
  }
  if (timed > 0) s.ms_per_transaction /= timed;
  return s;
}

// Each run's speed of the class, 1 / its mean latency; runs without executions are left out.
std::vector<RoundValue> speeds(const std::vector<ClassRun>& runs) {
  std::vector<RoundValue> out;
  for (const ClassRun& r : runs)
    if (r.time.count > 0 && r.time.mean_ms > 0) out.push_back({r.round, 1.0 / r.time.mean_ms});
  return out;
}

std::vector<double> values_of(const std::vector<RoundValue>& rounds) {
  std::vector<double> out;
  for (const RoundValue& r : rounds) out.push_back(r.value);
  return out;
}

RatioEstimate speed_estimate(const std::vector<ClassRun>& base, const std::vector<ClassRun>& other,
                             const ClassOptions& o) {
  const auto b = speeds(base), t = speeds(other);
  return o.estimate == Estimate::paired
             ? compare_paired(b, t, o.confidence, o.min_difference)
             : compare_means(values_of(b), values_of(t), o.confidence, o.min_difference);
}

const StatementPlan* plan_of(const std::vector<StatementPlan>& plans, const std::string& klass) {
  for (const StatementPlan& p : plans)
    if (p.statement_class == klass) return &p;
  return nullptr;
}

}  // namespace

std::vector<ClassRound> class_rounds(const std::vector<const CellRecord*>& ok_runs) {
  std::vector<ClassRound> out;
  for (const CellRecord* c : ok_runs)
    out.push_back({c->repeat, c->seconds, c->counters.transactions, c->statements});
  return out;
}

double latency_ratio(const ClassVerdict& v) {
  return v.speed.ratio > 0 ? 1.0 / v.speed.ratio : 0.0;
}

std::optional<Interval> latency_interval(const ClassVerdict& v) {
  if (!v.speed.ci || v.speed.ci->low <= 0 || v.speed.ci->high <= 0) return std::nullopt;
  return Interval{1.0 / v.speed.ci->high, 1.0 / v.speed.ci->low};
}

ClassTimings compare_classes(const std::vector<ClassRound>& base,
                                const std::vector<ClassRound>& other, const ClassOptions& options) {
  const SideRuns b = side_runs(base), t = side_runs(other);
  ClassTimings out;
  for (const std::string& name : b.order) {
    auto it = t.by_class.find(name);
    if (it == t.by_class.end()) {
      out.only_base.push_back(name);
      continue;
    }
    const auto& base_runs = b.by_class.at(name);
    ClassVerdict v{name, side_of(base_runs), side_of(it->second),
                   speed_estimate(base_runs, it->second, options)};
    out.moved_ms += std::fabs(v.other.ms_per_transaction - v.base.ms_per_transaction);
    out.classes.push_back(std::move(v));
  }
  for (const std::string& name : t.order)
    if (!b.by_class.contains(name)) out.only_other.push_back(name);
  for (ClassVerdict& v : out.classes)
    v.share = out.moved_ms > 0
                  ? std::fabs(v.other.ms_per_transaction - v.base.ms_per_transaction) / out.moved_ms
                  : 0.0;
  std::stable_sort(
      out.classes.begin(), out.classes.end(), [](const ClassVerdict& x, const ClassVerdict& y) {
        return x.share != y.share ? x.share > y.share : x.statement_class < y.statement_class;
      });
  return out;
}

void decide_classes(const std::vector<ClassTimings*>& family) {
  std::vector<RatioEstimate*> members;
  for (ClassTimings* c : family)
    for (ClassVerdict& v : c->classes) members.push_back(&v.speed);
  adjust_family(members, kClassAdjustment);
}

void name_plan_changes(ClassTimings& comparison, const std::vector<StatementPlan>& base,
                       const std::vector<StatementPlan>& other) {
  for (ClassVerdict& v : comparison.classes) {
    const StatementPlan* b = plan_of(base, v.statement_class);
    const StatementPlan* t = plan_of(other, v.statement_class);
    if (b == nullptr || t == nullptr) continue;
    v.explained = true;
    v.base_plan_error = b->error;
    v.other_plan_error = t->error;
    if (b->error.empty() && t->error.empty()) v.plan_changes = plan_diff(b->shape, t->shape);
  }
}

}  // namespace versus::results
