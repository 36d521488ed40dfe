#pragma once
// repeats: auto: rounds are added until every comparison is decided, with error rates that
// hold however early the rounds stop (never "repeat until significant", whose false-verdict
// rate grows with every look: about 0.2 instead of 0.05 over nine looks).
//
// The method: a group-sequential design with alpha spending (Lan & DeMets 1983, "Discrete
// sequential boundaries for clinical trials", Biometrika 70(3)), with the O'Brien-Fleming-like
// spending function alpha(t) = 2 - 2 Phi(z_{1-alpha/2} / sqrt(t)) over the information
// fraction t = n / max_repeats. Look n (n repeats per side, n = 2..max_repeats; look 2 also
// spends the unused look 1's share) has the exact boundary c_n of that design
// (results/stats/group_sequential.h: the looks' correlation taken into account, so the chance that
// the true ratio is outside the interval at any look is alpha, not less). At each look the
// ratio's interval at confidence 1 - 2 (1 - Phi(c_n)) is computed: paired by round
// (compare_paired over the rounds before the look: a run's rounds are interleaved, so this
// is what a run uses unless estimate: independent), or Fieller's for independent samples
// (compare_means over each side's first n values), with Student's t for the estimated
// variance at that nominal level; the comparison is decided
//   - faster / slower when the interval lies entirely above 1 + min_difference / below
//     1 - min_difference: a difference of at least min_difference;
//   - equivalent ("=") when it lies entirely inside [1 - min_difference, 1 + min_difference];
//   - otherwise it stays open, and the next round is run.
// A wrong decision needs the true ratio outside the interval at the deciding look, which
// happens at some look with probability alpha whatever the stopping (for z; the paired
// estimate's t needs the correction below). A comparison's first
// decision is final: more rounds for other comparisons of its row do not change it. Over a
// run's m comparisons, alpha is split evenly (Bonferroni, alpha / m) when
// multiple_comparisons is holm or bh: the chance of any wrong decision in the run is at most
// alpha (holm and bh in their step-wise forms are not defined for sequential looks).
#include <optional>
#include <vector>

#include "results/stats/group_sequential.h"
#include "results/stats/statistics.h"

namespace versus::results {

// The nominal two-sided level of look n (2 <= n <= max_repeats) of the design over
// max_repeats looks: 2 (1 - Phi(c_n)) of its exact boundary; 0 outside 2..max_repeats or
// when the look cannot decide.
double look_alpha(int n, int max_repeats, double alpha);

// The paired estimate's t statistic (n - 1 degrees of freedom, its variance re-estimated at
// every look) crosses the z design's boundaries more often than z: at up to 1.17 alpha in
// simulations of 100,000-400,000 A/A paths (alpha 0.001-0.05, max_repeats 5-150), and at
// 0.97 alpha or less with the design spending alpha / 1.2 (sequential_test.cpp checks it).
// Fieller's estimate (2n - 2 degrees of freedom) stayed under alpha without this.
inline constexpr double kPairedStudentExcess = 1.2;

// look_alpha of the paired estimate: the design over alpha / kPairedStudentExcess.
double paired_look_alpha(int n, int max_repeats, double alpha);

enum class SequentialState { open, equivalent, faster, slower };

// The decision an interval of the ratio makes against +-min_difference (open when none).
SequentialState state_of(const std::optional<Interval>& ci, double min_difference);

struct SequentialDecision {
  int look = 0;  // repeats per side at the deciding look, or the last look when still open
  SequentialState state = SequentialState::open;
  // compare_paired or compare_means at look `look` at confidence 1 - look_alpha, its verdict
  // that of `state` (open and equivalent: no significant difference).
  RatioEstimate estimate;
};

// Walks the looks n = 2..min(base.size(), other.size(), max_repeats) over the first n values
// of both samples and stops at the first decided one. Fewer than 2 values on a side:
// insufficient data, open.
SequentialDecision sequential_decision(const std::vector<double>& base,
                                       const std::vector<double>& other, int max_repeats,
                                       double alpha, double min_difference);

// The same over values with their rounds. independent: the values in the given order, as
// above. paired: look n (n = 2..min(max_repeats, 1 + the last round with a value on both
// sides)) is compare_paired over the rounds 0..n-1; a look with fewer than 2 pairs is open.
// No look: insufficient data, open.
SequentialDecision sequential_decision(const std::vector<RoundValue>& base,
                                       const std::vector<RoundValue>& other, int max_repeats,
                                       double alpha, double min_difference, Estimate estimate);

}  // namespace versus::results
