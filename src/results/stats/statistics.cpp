#include "results/stats/statistics.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <numeric>

namespace versus::results {

namespace {

// Boost.Math reports errors by returning NaN/inf instead of throwing: no exception escapes.
namespace bp = boost::math::policies;
using NoThrow =
    bp::policy<bp::domain_error<bp::ignore_error>, bp::pole_error<bp::ignore_error>,
               bp::overflow_error<bp::ignore_error>, bp::evaluation_error<bp::ignore_error>>;
using StudentT = boost::math::students_t_distribution<double, NoThrow>;
using Normal = boost::math::normal_distribution<double, NoThrow>;

double mean_of(const std::vector<double>& values) {
  if (values.empty()) return 0;
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

double median_of(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

// Sample variance (divisor n - 1); 0 when there are fewer than 2 values.
double variance_of(const std::vector<double>& values, double mean) {
  if (values.size() < 2) return 0;
  double squares = 0;
  for (double v : values) squares += (v - mean) * (v - mean);
  return squares / static_cast<double>(values.size() - 1);
}

// The t quantile leaving (1 - confidence) / 2 in the upper tail, for `df` degrees of freedom.
double t_critical(double df, double confidence) {
  return boost::math::quantile(boost::math::complement(StudentT(df), (1 - confidence) / 2));
}

// Two-sided p-value of a t statistic.
double two_sided_p(double t, double df) {
  return 2 * boost::math::cdf(boost::math::complement(StudentT(df), std::fabs(t)));
}

// The pieces of Welch's test on `other` - `base`: squared standard errors of each mean,
// the t statistic and the Welch-Satterthwaite degrees of freedom.
struct Welch {
  double a = 0, b = 0;    // means of other, base
  double va = 0, vb = 0;  // s^2 / n of other, base
  double t = 0, df = 0;
};

Welch welch(const std::vector<double>& base, const std::vector<double>& other) {
  Welch w;
  w.a = mean_of(other);
  w.b = mean_of(base);
  const auto na = static_cast<double>(other.size()), nb = static_cast<double>(base.size());
  w.va = variance_of(other, w.a) / na;
  w.vb = variance_of(base, w.b) / nb;
  const double se2 = w.va + w.vb;
  w.t = (w.a - w.b) / std::sqrt(se2);
  w.df = se2 * se2 / (w.va * w.va / (na - 1) + w.vb * w.vb / (nb - 1));
  return w;
}

// Fieller's confidence interval for a / b from independent means (Fieller 1954; e.g.
// Franz, "Ratios: a short guide to confidence limits and proper use", 2007, eq. 4):
// the set of rho with (a - rho b)^2 <= t^2 (va + rho^2 vb), i.e. the roots of
//   rho^2 (b^2 - t^2 vb) - 2 a b rho + (a^2 - t^2 va) = 0:
//   rho = (a b +- t sqrt(a^2 vb + b^2 va - t^2 va vb)) / (b^2 - t^2 vb).
// Bounded only when b^2 > t^2 vb (g = t^2 vb / b^2 < 1); otherwise none.
std::optional<Interval> fieller(const Welch& w, double t) {
  const double denominator = w.b * w.b - t * t * w.vb;
  if (!(denominator > 0)) return std::nullopt;
  const double root = t * std::sqrt(w.a * w.a * w.vb + w.va * denominator);
  return Interval{(w.a * w.b - root) / denominator, (w.a * w.b + root) / denominator};
}

// Faster or slower: significant, and at least min_difference away from equal. Equivalent: the
// interval inside the band. Else undecided.
Verdict verdict_of(double p, double alpha, double ratio, double min_difference,
                   const std::optional<Interval>& ci) {
  if (p < alpha && std::fabs(ratio - 1) >= min_difference)
    return ratio > 1 ? Verdict::faster : Verdict::slower;
  if (ci && ci->low >= 1 - min_difference && ci->high <= 1 + min_difference)
    return Verdict::equivalent;
  return Verdict::undecided;
}

// Both samples without spread: the means are either equal or different beyond doubt.
RatioEstimate exact(RatioEstimate estimate, double min_difference) {
  estimate.ci = Interval{estimate.ratio, estimate.ratio};
  estimate.p_value = estimate.ratio == 1 ? 1.0 : 0.0;
  estimate.verdict = verdict_of(*estimate.p_value, 1 - estimate.confidence, estimate.ratio,
                                min_difference, estimate.ci);
  return estimate;
}

}  // namespace

Summary summarize(const std::vector<double>& values, double confidence) {
  Summary s;
  s.n = static_cast<int>(values.size());
  s.mean = mean_of(values);
  s.median = median_of(values);
  s.confidence = confidence;
  if (s.n < 2) return s;
  s.sd = std::sqrt(variance_of(values, s.mean));
  s.cv = s.mean != 0 ? s.sd / s.mean : 0;
  const double half = t_critical(s.n - 1, confidence) * s.sd / std::sqrt(s.n);
  s.ci = Interval{s.mean - half, s.mean + half};
  return s;
}

std::optional<double> relative_half_width(const Summary& summary) {
  if (!summary.ci || summary.mean == 0) return std::nullopt;
  return (summary.ci->high - summary.ci->low) / 2 / std::fabs(summary.mean);
}

std::string_view verdict_name(Verdict verdict, VerdictForm form) {
  struct Names {
    Verdict verdict;
    std::string_view id, words, symbol;
  };
  static constexpr Names kNames[] = {
      {Verdict::faster, "faster", "faster", "faster"},
      {Verdict::slower, "slower", "slower", "slower"},
      {Verdict::equivalent, "equivalent", "same speed", "="},
      {Verdict::undecided, "undecided", "undecided", "undecided"},
      {Verdict::insufficient_data, "insufficient_data", "insufficient data", "?"},
  };
  for (const Names& n : kNames)
    if (n.verdict == verdict)
      return form == VerdictForm::id ? n.id : form == VerdictForm::words ? n.words : n.symbol;
  return "?";
}

// Fieller's interval (not a Welch interval on log values) because it is an interval for
// the ratio of the arithmetic means we report, needs no positivity, and, with the Welch
// degrees of freedom, contains 1 exactly when Welch's test on the raw values is not
// significant: the CI, the p-value and the verdict never disagree.
RatioEstimate compare_means(const std::vector<double>& base, const std::vector<double>& other,
                            double confidence, double min_difference) {
  RatioEstimate estimate;
  estimate.confidence = confidence;
  estimate.min_difference = min_difference;
  const double base_mean = mean_of(base);
  if (!(base_mean > 0)) return estimate;
  estimate.ratio = mean_of(other) / base_mean;
  estimate.rounds = static_cast<int>(std::min(base.size(), other.size()));
  if (base.size() < 2 || other.size() < 2) return estimate;
  const Welch w = welch(base, other);
  if (w.va + w.vb == 0) return exact(estimate, min_difference);
  estimate.p_value = two_sided_p(w.t, w.df);
  estimate.ci = fieller(w, t_critical(w.df, confidence));
  estimate.verdict =
      verdict_of(*estimate.p_value, 1 - confidence, estimate.ratio, min_difference, estimate.ci);
  return estimate;
}

std::string_view estimate_name(Estimate estimate) {
  return estimate == Estimate::paired ? "paired" : "independent";
}

std::optional<Estimate> estimate_from_name(std::string_view name) {
  if (name == "paired") return Estimate::paired;
  if (name == "independent" || name.empty()) return Estimate::independent;
  return std::nullopt;
}

namespace {

// ln(other / base) of every round with a value > 0 on both sides, in base's order.
std::vector<double> paired_logs(const std::vector<RoundValue>& base,
                                const std::vector<RoundValue>& other) {
  std::vector<double> logs;
  std::vector<int> seen;
  for (const RoundValue& b : base) {
    if (std::find(seen.begin(), seen.end(), b.round) != seen.end()) continue;
    seen.push_back(b.round);
    const auto o = std::find_if(other.begin(), other.end(),
                                [&](const RoundValue& v) { return v.round == b.round; });
    if (o != other.end() && b.value > 0 && o->value > 0)
      logs.push_back(std::log(o->value / b.value));
  }
  return logs;
}

}  // namespace

RatioEstimate compare_paired(const std::vector<RoundValue>& base,
                             const std::vector<RoundValue>& other, double confidence,
                             double min_difference) {
  RatioEstimate estimate;
  estimate.confidence = confidence;
  estimate.min_difference = min_difference;
  const std::vector<double> logs = paired_logs(base, other);
  estimate.pairs = static_cast<int>(logs.size());
  estimate.rounds = estimate.pairs;
  if (logs.empty()) return estimate;
  const double mean = mean_of(logs);
  estimate.ratio = std::exp(mean);
  if (logs.size() < 2) return estimate;
  const double n = static_cast<double>(logs.size());
  const double se = std::sqrt(variance_of(logs, mean) / n);
  if (se == 0) return exact(estimate, min_difference);
  estimate.p_value = two_sided_p(mean / se, n - 1);
  const double half = t_critical(n - 1, confidence) * se;
  estimate.ci = Interval{std::exp(mean - half), std::exp(mean + half)};
  estimate.verdict =
      verdict_of(*estimate.p_value, 1 - confidence, estimate.ratio, min_difference, estimate.ci);
  return estimate;
}

Verdict verdict_for(const RatioEstimate& estimate, double p) {
  if (estimate.verdict == Verdict::insufficient_data) return estimate.verdict;
  return verdict_of(p, 1 - estimate.confidence, estimate.ratio, estimate.min_difference,
                    estimate.ci);
}

bool held_back(const RatioEstimate& e) {
  if (e.verdict != Verdict::undecided || !e.adjusted_p_value || !e.p_value) return false;
  const Verdict alone = verdict_for(e, *e.p_value);
  return alone == Verdict::faster || alone == Verdict::slower;
}

double difference_to_decide(const RatioEstimate& e) {
  return std::max(e.min_difference, std::fabs(e.ratio - 1));
}

std::optional<int> rounds_to_decide(const RatioEstimate& e) {
  if (!e.ci || e.rounds < 2 || !(e.ci->low > 0) || !(e.ci->high > e.ci->low)) return std::nullopt;
  const double n = e.rounds;
  const double half = (std::log(e.ci->high) - std::log(e.ci->low)) / 2;
  const double spread = half * std::sqrt(n) / t_critical(n - 1, e.confidence);
  const double d = std::log(1 + difference_to_decide(e));
  if (!(d > 0)) return std::nullopt;
  const Normal normal;
  const double z = boost::math::quantile(normal, 0.975) + boost::math::quantile(normal, 0.8);
  const double needed = std::ceil(std::clamp(std::pow(z * spread / d, 2), n + 1, 1e6));
  return static_cast<int>(needed);
}

int suggested_repeats(double cv, double detectable_difference) {
  if (!(cv > 0) || !(detectable_difference > 0)) return 2;
  const Normal normal;
  const double z = boost::math::quantile(normal, 0.975) + boost::math::quantile(normal, 0.8);
  const double n = 2 * std::pow(z * cv / detectable_difference, 2);
  return static_cast<int>(std::ceil(std::clamp(n, 2.0, 1e6)));
}

}  // namespace versus::results
