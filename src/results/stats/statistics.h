#pragma once
// Statistics over repeated measurements (TPS of the repeats of one cell): summaries with
// a confidence interval of the mean, and the comparison of two cells as a ratio of means
// with its confidence interval, Welch's t-test and a verdict. Pure functions; nothing
// here throws (Boost.Math is called only with arguments inside its domains).
#include <optional>
#include <string_view>
#include <vector>

namespace versus::results {

// Coefficient of variation above which a cell's repeats are called noisy (3%).
inline constexpr double kNoisyCv = 0.03;
// The relative difference between two cells a benchmark should be able to detect (3%).
inline constexpr double kDetectableDifference = 0.03;

struct Interval {
  double low = 0, high = 0;
};

struct Summary {
  int n = 0;
  double mean = 0;    // 0 when n == 0
  double median = 0;  // 0 when n == 0
  double sd = 0;      // sample standard deviation (n - 1); 0 when n < 2 (no spread estimate)
  double cv = 0;      // sd / mean; 0 when n < 2 or mean == 0
  // Student-t confidence interval of the mean; none when n < 2.
  std::optional<Interval> ci;
  double confidence = 0.95;
};

// Summary of `values` with a `confidence` (0 < c < 1) interval of the mean.
Summary summarize(const std::vector<double>& values, double confidence = 0.95);

// Half-width of the summary's CI relative to its mean (0.012 for "±1.2%"); none when the
// summary has no CI or its mean is 0.
std::optional<double> relative_half_width(const Summary& summary);

// The four outcomes of a comparison (docs/output.md, "Verdicts"):
//   faster / slower     significant (p below alpha, adjusted over the family where it is) and
//                       at least min_difference apart;
//   equivalent          the ratio's interval lies inside [1 - min_difference, 1 + min_difference]:
//                       the only outcome that says "the same speed";
//   undecided           neither: the data do not tell a difference of min_difference from none
//                       (rounds_to_decide says how many more rounds would);
//   insufficient_data   fewer than 2 ok runs (pairs) on a side.
enum class Verdict { faster, slower, equivalent, undecided, insufficient_data };

// How a verdict reads: `id` in CSV and JSON ("faster", "slower", "equivalent", "undecided",
// "insufficient_data"), `words` in report tables and prose ("same speed", "undecided",
// "insufficient data"), `symbol` in the terminal's compact cells ("=", "undecided", "?"). The
// one place verdicts get names.
enum class VerdictForm { id, words, symbol };
std::string_view verdict_name(Verdict verdict, VerdictForm form = VerdictForm::id);

// mean(other) / mean(base) with Fieller's confidence interval and Welch's t-test.
struct RatioEstimate {
  double ratio = 0;  // 0 when base is empty or its mean is not > 0
  // None when there is too little data, or the Fieller set is unbounded (the base mean
  // itself is not significantly different from 0 at this confidence: too noisy).
  std::optional<Interval> ci;
  std::optional<double> p_value;  // two-sided Welch t-test of equal means; none if n < 2
  // p_value adjusted over the run's family of comparisons (results/stats/multiplicity.h); none
  // until adjust_family ran. When set, the verdict needs it, not p_value, below alpha.
  std::optional<double> adjusted_p_value;
  Verdict verdict = Verdict::insufficient_data;
  double confidence = 0.95;
  double min_difference = 0;  // as passed to compare_means, to re-derive the verdict
  // compare_paired: the rounds paired (and ratio, ci and p_value are the paired ones);
  // 0 for compare_means' independent samples.
  int pairs = 0;
  // The rounds the interval is over: the pairs, or the smaller side's values.
  int rounds = 0;
};

// How many rounds in all would decide an undecided comparison at the spread its interval
// shows: with s = the per-round spread in log space (the interval's half-width x sqrt(rounds)
// / t), the rounds at which a true difference D = max(min_difference, |ratio - 1|) comes out
// significant with 80% power at two-sided 5%: ((z_0.975 + z_0.8) s / ln(1 + D))^2, at least
// rounds + 1. None without an interval (too few rounds, or an unbounded one).
std::optional<int> rounds_to_decide(const RatioEstimate& estimate);
// The D of rounds_to_decide: the difference those rounds would decide.
double difference_to_decide(const RatioEstimate& estimate);

// Compares two samples. Insufficient data when either has fewer than 2 values or the base
// mean is not > 0. Otherwise faster or slower (by the sign of ratio - 1) when p < 1 -
// confidence (exactly when Fieller's confidence set excludes 1) and |ratio - 1| is at least
// `min_difference` (0.02 for 2%); equivalent when the interval lies inside +-min_difference;
// else undecided.
RatioEstimate compare_means(const std::vector<double>& base, const std::vector<double>& other,
                            double confidence = 0.95, double min_difference = 0);

// How two cells of one run are compared (config key estimate, RunInfo::estimate): paired by
// round (compare_paired: the rounds are interleaved, so both cells of a round share the host's
// drift, which then cancels in their ratio) or as independent samples (compare_means).
enum class Estimate { paired, independent };
std::string_view estimate_name(Estimate estimate);  // "paired", "independent"
// None for any other name; "" (results written before the choice was recorded) is independent.
std::optional<Estimate> estimate_from_name(std::string_view name);

// One ok measurement of a cell and the round it ran in (CellRecord::repeat): the pairing key.
struct RoundValue {
  int round = 0;
  double value = 0;
};

// Compares two cells of one run paired by round. The pairs: every round with a value on both
// sides (a side's first value of that round if it has several). Dropped: rounds with a value
// on one side only (a failed or not yet run cell) and pairs with a value not > 0 (no
// logarithm). Over the n pairs, d_i = ln(other_i / base_i):
//   ratio    = exp(mean d), the geometric mean of the rounds' ratios;
//   ci       = exp(mean d -+ t_{n-1} sd(d) / sqrt(n)), Student t with n - 1 df at
//              `confidence`;
//   p_value  = the two-sided paired t test of mean d = 0 (n - 1 df), so the interval
//              excludes 1 exactly when p < 1 - confidence;
//   verdict  = as compare_means': faster/slower when p < 1 - confidence and |ratio - 1| >=
//              min_difference, equivalent when the interval lies inside +-min_difference,
//              else undecided.
// Fewer than 2 pairs: insufficient data (ratio exp(d) of the one pair, 0 without any). All d
// equal (sd 0): the interval is the ratio itself, p is 1 when it is 1, else 0.
RatioEstimate compare_paired(const std::vector<RoundValue>& base,
                             const std::vector<RoundValue>& other, double confidence = 0.95,
                             double min_difference = 0);

// Repeats per cell needed to detect a relative difference `detectable_difference` (0.03 =
// 3%) between two cells whose coefficient of variation is `cv`, with a two-sided test at
// alpha 0.05 and power 0.8: n = ceil(2 * ((z_0.975 + z_0.8) * cv / d)^2), at least 2.
// (Normal approximation of the two-sample t-test, e.g. Lehr's rule n = 16 (cv/d)^2 for
// these alpha and power: 2 * 2.8016^2 = 15.7.)
int suggested_repeats(double cv, double detectable_difference = kDetectableDifference);

// The verdict of an estimate whose (raw or adjusted) p-value is `p`: faster or slower when
// p < 1 - confidence and |ratio - 1| >= min_difference, equivalent when its interval lies
// inside +-min_difference, else undecided.
Verdict verdict_for(const RatioEstimate& estimate, double p);

// Whether the family's error control held a verdict back: undecided after adjust_family,
// though its raw p-value alone would call it faster or slower (its 95% interval then lies
// beyond +-min_difference, which a reader would take for a verdict unless told).
bool held_back(const RatioEstimate& estimate);

}  // namespace versus::results
