#pragma once
// Per-class verdicts: for a workload whose statement classes are the user's own queries (a
// replayed log), each class's executions and latency on two sides of a comparison, the ratio of
// its mean latency with an interval over the run's rounds and a verdict, the classes ordered by
// their share of the time that moved, and the class's plan change named. Pure.
//
// The estimate is the run's (statistics.h): paired by round (compare_paired) or independent
// samples (compare_means), over each run's mean latency of the class, taken as a speed (1 /
// mean latency) so that faster and slower read as everywhere else; the latency ratio shown is
// its reciprocal. A workload's classes against one column are one family (docs/output.md: "a
// family per workload and column"), adjusted by Benjamini-Hochberg (kClassAdjustment): with
// hundreds of classes Holm's bound would leave every verdict undecided, while BH keeps the
// expected share of false verdicts among the verdicts at 5% and, when nothing changed, the
// chance of any false verdict at 5%.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "measured/statement_time.h"
#include "results/evidence/plan_diff.h"
#include "results/record/record.h"
#include "results/record/statement_plan.h"
#include "results/stats/multiplicity.h"
#include "results/stats/statistics.h"

namespace versus::results {

inline constexpr Adjustment kClassAdjustment = Adjustment::bh;

// One ok run's statement classes: what a class verdict is computed from.
struct ClassRound {
  int round = 0;                   // CellRecord::repeat: the pairing key
  double seconds = 0;              // the measured interval
  std::uint64_t transactions = 0;  // committed in it
  measured::StatementTimes statements{};
};

// The runs' rounds, in the order given.
std::vector<ClassRound> class_rounds(const std::vector<const CellRecord*>& ok_runs);

// One side's figures of a class, each the mean over the runs that timed it.
struct ClassSide {
  double executions = 0;  // per run
  double per_second = 0;  // executions / the measured interval's seconds
  double mean_ms = 0, p95_ms = 0;
  double ms_per_transaction = 0;  // total / committed transactions (statement_ranking.h)
};

struct ClassVerdict {
  std::string statement_class;
  ClassSide base, other;
  // Speed (1 / the run's mean latency of the class) other / base, with its interval, p-values
  // and verdict (faster: the class's latency fell); latency_ratio and latency_interval read it.
  RatioEstimate speed;
  // |other - base| ms per transaction over the sum of every compared class's, in [0, 1].
  double share = 0;
  // name_plan_changes: what differs between the class's plans, or the server's error where a
  // side's EXPLAIN of it failed (then no changes).
  std::vector<PlanChange> plan_changes{};
  std::string base_plan_error{}, other_plan_error{};
  bool explained = false;  // both sides have a plan of it (alike or not, or failed)
};

// mean latency other / base: 1 / speed.ratio (0 when there is no ratio).
double latency_ratio(const ClassVerdict& verdict);
// Its interval: the speed interval's reciprocals, swapped; none when the speed has none.
std::optional<Interval> latency_interval(const ClassVerdict& verdict);

struct ClassTimings {
  std::vector<ClassVerdict> classes;               // largest share first, ties by name
  std::vector<std::string> only_base, only_other;  // classes one side ran, in its order
  double moved_ms = 0;  // the sum of every compared class's |other - base| ms per transaction
};

struct ClassOptions {
  Estimate estimate = Estimate::paired;
  double confidence = 0.95;
  double min_difference = 0;  // as the run's: smaller changes are never called
};

// The classes both sides ran (a class a run did not time is missing from that run, not 0),
// unadjusted: decide_classes adjusts a family of them.
ClassTimings compare_classes(const std::vector<ClassRound>& base,
                                const std::vector<ClassRound>& other, const ClassOptions& options);

// Adjusts the speed estimates of every class of `family` together by kClassAdjustment and
// re-derives their verdicts from the adjusted p-values.
void decide_classes(const std::vector<ClassTimings*>& family);

// The plans of each class on both sides (StatementPlan::statement_class matched by name):
// plan_diff where both explained it, each side's error where either failed; nothing where either
// has no plan of it.
void name_plan_changes(ClassTimings& comparison, const std::vector<StatementPlan>& base,
                       const std::vector<StatementPlan>& other);

}  // namespace versus::results
