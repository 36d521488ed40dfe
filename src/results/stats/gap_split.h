#pragma once
// gap_split: how much of a column's throughput gap to the baseline each settings group
// explains, measured by experiment in the same interleaved rounds. Per round r:
//   B_r      the baseline column;
//   C_r      the column as shipped;
//   G_{g,r}  the column with only settings group g made alike (set to the baseline's values),
//            one group at a time;
//   A_r      the column with every listed group made alike: the release itself.
// In natural logs per round:
//   gap_r         = ln(C_r / B_r)         the whole gap (negative when the column is slower);
//   effect_{g,r}  = ln(C_r / G_{g,r})     how much of the gap disappears when g is made alike
//                 = gap_r - ln(G_{g,r} / B_r);
//   release_r     = ln(A_r / B_r)         what remains with every listed setting alike;
//   interaction_r = gap_r - sum_g effect_{g,r} - release_r
//                                         what the one-at-a-time effects do not add up to.
// So gap = sum_g effect_g + release + interaction exactly, round by round and in the means.
// A part's share is its mean log over the gap's mean log (share_g = mean effect_g / mean gap):
// 1 is the whole gap, 0 none of it, a negative share works against the gap (then the other
// parts explain more than the whole). The shares of the groups, the release and the
// interaction add up to 1. Pure.
#include <optional>
#include <string>
#include <vector>

#include "results/stats/statistics.h"

namespace versus::results {

// The widest share interval that still splits the gap: 0.5 of the gap. A wider one cannot
// tell a part that explains most of the gap from one that explains little of it.
inline constexpr double kMaxShareWidth = 0.5;

// One variant's measurements: the column with settings group `group` made alike.
struct GroupRounds {
  std::string group;  // the settings group's name, e.g. "durability"
  std::vector<RoundValue> values;
};

struct GapSplitInput {
  std::vector<RoundValue> baseline;   // B
  std::vector<RoundValue> shipped;    // C
  std::vector<RoundValue> all_alike;  // A
  // G, in the order the report names them. A group whose variant could not be built is not
  // here: the caller names it ("cannot be made alike") and its part stays in the release's.
  std::vector<GroupRounds> groups;
  double confidence = 0.95;
  double min_difference = 0.02;  // as compare_paired's: the smallest gap called a gap
};

// split: the whole gap's verdict is faster or slower. no_gap: it is the same speed,
// undecided or has too few rounds: there is no gap to split, and no part has a share.
enum class GapStatus { split, no_gap };
// decided: the share's interval is bounded and at most kMaxShareWidth wide. undecided: not
// (too few rounds for this spread), or there is no gap to split.
enum class ShareStatus { decided, undecided };

struct GapPart {
  std::string name;  // the group's, or "release" / "interaction"
  // exp(mean of the part's per-round logs), with compare_paired's paired t interval, p-value
  // and verdict at the input's confidence and min_difference: C/G_g for a group (0.8: the
  // group as the column ships it leaves it at 0.8 of what it does with the baseline's values),
  // A/B for the release, exp(mean interaction_r) for the interaction.
  RatioEstimate ratio;
  std::optional<double> share;       // none when there is no gap to split
  std::optional<Interval> share_ci;  // Fieller's (paired_share_interval); none when unbounded
  ShareStatus status = ShareStatus::undecided;
};

struct GapSplit {
  // The complete rounds, ascending: those with a value > 0 in every series (a round's first
  // value of a series if it has several). Every estimate is over these, so the parts add up
  // to the whole exactly; a round that misses one value (a failed cell) is left out of all.
  std::vector<int> rounds;
  RatioEstimate whole;  // C/B over the complete rounds
  GapStatus status = GapStatus::no_gap;
  std::vector<GapPart> groups;  // in the input's order
  GapPart release, interaction;
};

GapSplit split_gap(const GapSplitInput& input);

// Fieller's interval at `confidence` for mean(x) / mean(y) of paired per-round values (x_r and
// y_r measured in the same round, so correlated): the set of rho for which the paired t test of
// mean(x - rho y) = 0 (n - 1 df) does not reject,
//   (mean x - rho mean y)^2 <= t^2 / n * (s_xx - 2 rho s_xy + rho^2 s_yy),
// i.e. between the roots of a rho^2 - 2 b rho + c = 0 with q = t^2 / n, a = (mean y)^2 - q s_yy,
// b = mean x mean y - q s_xy, c = (mean x)^2 - q s_xx: (b -+ sqrt(b^2 - a c)) / a. Bounded
// only when a > 0, exactly when mean y differs from 0 at this confidence; otherwise none (the
// set is the whole line or two rays). Fewer than 2 pairs, or x and y of different sizes: none.
std::optional<Interval> paired_share_interval(const std::vector<double>& x,
                                              const std::vector<double>& y,
                                              double confidence = 0.95);

}  // namespace versus::results
