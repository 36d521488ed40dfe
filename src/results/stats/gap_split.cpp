#include "results/stats/gap_split.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <map>
#include <numeric>

namespace versus::results {

namespace {

// Boost.Math reports errors by returning NaN/inf instead of throwing: no exception escapes.
namespace gap_policies = boost::math::policies;
using GapNoThrow = gap_policies::policy<gap_policies::domain_error<gap_policies::ignore_error>,
                                        gap_policies::pole_error<gap_policies::ignore_error>,
                                        gap_policies::overflow_error<gap_policies::ignore_error>,
                                        gap_policies::evaluation_error<gap_policies::ignore_error>>;
using GapStudentT = boost::math::students_t_distribution<double, GapNoThrow>;

// The t quantile leaving (1 - confidence) / 2 in the upper tail, for `df` degrees of freedom.
double gap_t_critical(double df, double confidence) {
  return boost::math::quantile(boost::math::complement(GapStudentT(df), (1 - confidence) / 2));
}

double gap_mean(const std::vector<double>& values) {
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

// Sample covariance of paired values (divisor n - 1); the caller ensures n >= 2.
double gap_covariance(const std::vector<double>& x, double mx, const std::vector<double>& y,
                      double my) {
  double sum = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sum += (x[i] - mx) * (y[i] - my);
  return sum / static_cast<double>(x.size() - 1);
}

// Each round's first value, as compare_paired pairs them.
using RoundMap = std::map<int, double>;
RoundMap first_per_round(const std::vector<RoundValue>& values) {
  RoundMap out;
  for (const RoundValue& v : values) out.emplace(v.round, v.value);
  return out;
}

// The series of one split, each a round -> value map: B, C, A, then every G.
struct SplitSeries {
  RoundMap baseline, shipped, all_alike;
  std::vector<RoundMap> groups;
};

SplitSeries series_of(const GapSplitInput& input) {
  SplitSeries s{first_per_round(input.baseline),
                first_per_round(input.shipped),
                first_per_round(input.all_alike),
                {}};
  for (const GroupRounds& g : input.groups) s.groups.push_back(first_per_round(g.values));
  return s;
}

bool has_positive(const RoundMap& series, int round) {
  const auto it = series.find(round);
  return it != series.end() && it->second > 0;
}

// The rounds (ascending, as the map is ordered) with a value > 0 in every series.
std::vector<int> complete_rounds(const SplitSeries& s) {
  std::vector<int> rounds;
  for (const auto& [round, value] : s.baseline) {
    bool complete = value > 0 && has_positive(s.shipped, round) && has_positive(s.all_alike, round);
    for (const RoundMap& g : s.groups) complete = complete && has_positive(g, round);
    if (complete) rounds.push_back(round);
  }
  return rounds;
}

// ln(top_r / bottom_r) over `rounds` (all present and > 0).
std::vector<double> log_ratios(const RoundMap& top, const RoundMap& bottom,
                               const std::vector<int>& rounds) {
  std::vector<double> logs;
  for (int r : rounds) logs.push_back(std::log(top.at(r) / bottom.at(r)));
  return logs;
}

// compare_paired over per-round logs: the base 1 and the other exp(log) in every round, so
// its pairs' logs are these logs and its ratio, interval, p-value and verdict theirs.
RatioEstimate estimate_of_logs(const std::vector<int>& rounds, const std::vector<double>& logs,
                               const GapSplitInput& input) {
  std::vector<RoundValue> ones, values;
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    ones.push_back({rounds[i], 1.0});
    values.push_back({rounds[i], std::exp(logs[i])});
  }
  return compare_paired(ones, values, input.confidence, input.min_difference);
}

bool decided_gap(const RatioEstimate& whole) {
  return whole.verdict == Verdict::faster || whole.verdict == Verdict::slower;
}

GapPart gap_part_of(std::string name, const std::vector<int>& rounds,
                    const std::vector<double>& logs, const std::vector<double>& gap_logs,
                    const GapSplitInput& input, bool split) {
  GapPart part;
  part.name = std::move(name);
  part.ratio = estimate_of_logs(rounds, logs, input);
  if (!split) return part;
  part.share = gap_mean(logs) / gap_mean(gap_logs);
  part.share_ci = paired_share_interval(logs, gap_logs, input.confidence);
  if (part.share_ci && part.share_ci->high - part.share_ci->low <= kMaxShareWidth)
    part.status = ShareStatus::decided;
  return part;
}

}  // namespace

// Fieller's interval rather than the delta method's mean(x)/mean(y) -+ t se: with x_r and
// y_r jointly normal, mean(x) - rho mean(y) at the true rho is exactly t-distributed, so
// Fieller's set covers the true share with exactly the stated confidence at any number of
// rounds, while the delta method's symmetric interval ignores the skew that a denominator
// known to only a few standard errors gives the ratio, and covers less (tests/unit/results/
// stats/gap_split_test.cpp measures Fieller's coverage). Its one cost is honest: no bounded
// interval when the gap itself is not significant, which is the no-gap case anyway.
std::optional<Interval> paired_share_interval(const std::vector<double>& x,
                                              const std::vector<double>& y, double confidence) {
  if (x.size() < 2 || x.size() != y.size()) return std::nullopt;
  const double n = static_cast<double>(x.size());
  const double mx = gap_mean(x), my = gap_mean(y);
  const double sxx = gap_covariance(x, mx, x, mx), syy = gap_covariance(y, my, y, my),
               sxy = gap_covariance(x, mx, y, my);
  const double t = gap_t_critical(n - 1, confidence);
  const double q = t * t / n;
  const double a = my * my - q * syy, b = mx * my - q * sxy, c = mx * mx - q * sxx;
  if (!(a > 0)) return std::nullopt;
  // b^2 - a c >= 0 whenever a > 0 (the quadratic is <= 0 at rho = mean x / mean y); the
  // clamp only absorbs rounding.
  const double root = std::sqrt(std::max(0.0, b * b - a * c));
  return Interval{(b - root) / a, (b + root) / a};
}

GapSplit split_gap(const GapSplitInput& input) {
  const SplitSeries s = series_of(input);
  GapSplit out;
  out.rounds = complete_rounds(s);
  const std::vector<double> gap = log_ratios(s.shipped, s.baseline, out.rounds);
  out.whole = estimate_of_logs(out.rounds, gap, input);
  const bool split = out.rounds.size() >= 2 && decided_gap(out.whole);
  out.status = split ? GapStatus::split : GapStatus::no_gap;
  std::vector<double> interaction = gap;
  for (std::size_t g = 0; g < input.groups.size(); ++g) {
    const std::vector<double> effect = log_ratios(s.shipped, s.groups[g], out.rounds);
    for (std::size_t i = 0; i < effect.size(); ++i) interaction[i] -= effect[i];
    out.groups.push_back(gap_part_of(input.groups[g].group, out.rounds, effect, gap, input, split));
  }
  const std::vector<double> release = log_ratios(s.all_alike, s.baseline, out.rounds);
  for (std::size_t i = 0; i < release.size(); ++i) interaction[i] -= release[i];
  out.release = gap_part_of("release", out.rounds, release, gap, input, split);
  out.interaction = gap_part_of("interaction", out.rounds, interaction, gap, input, split);
  return out;
}

}  // namespace versus::results
