#include "results/stats/group_sequential.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <utility>

namespace versus::results {

namespace {

constexpr double kCap = 8;         // |Z| beyond 8 holds under 1e-15 of the mass: the grid's edge
constexpr double kPerSd = 6;       // grid points per SD of the increments next to a look
constexpr double kWindow = 9;      // the kernel is summed over +-9 SDs
constexpr double kNegligible = 1e-14;  // an increment below this cannot decide: c = infinity

double upper_tail(double x) { return 0.5 * std::erfc(x / std::sqrt(2.0)); }

double normal_density(double x) {
  return std::exp(-0.5 * x * x) / std::sqrt(2 * 3.14159265358979323846);
}

// The continuation density of S = Z sqrt(t) at one look on [-b, b]: points s and their
// values times Simpson's weights (so that an integral against it is a plain sum).
struct Density {
  std::vector<double> s, weighted;
  double h = 0;  // spacing
};

// Simpson's grid over [-b, b] with spacing at most `h` (an odd count, endpoints included).
Density grid(double b, double h) {
  const auto half = static_cast<std::size_t>(std::ceil(b / h));
  Density d;
  d.h = b / static_cast<double>(half);
  for (std::size_t i = 0; i <= 2 * half; ++i) d.s.push_back(-b + d.h * static_cast<double>(i));
  d.weighted.assign(d.s.size(), 0);
  return d;
}

double simpson_weight(std::size_t i, std::size_t count, double h) {
  const double w = (i == 0 || i + 1 == count) ? 1 : (i % 2 ? 4 : 2);
  return w * h / 3;
}

// P(the next look's |S| >= b) from `d`, the increment's SD `sd`.
double exit_probability(const Density& d, double b, double sd) {
  double p = 0;
  for (std::size_t i = 0; i < d.s.size(); ++i)
    p += d.weighted[i] * (upper_tail((b - d.s[i]) / sd) + upper_tail((b + d.s[i]) / sd));
  return p;
}

// The next look's continuation density on [-b, b]: `d` convolved with N(0, sd^2).
Density advance(const Density& d, double b, double sd, double h) {
  Density next = grid(b, h);
  for (std::size_t j = 0; j < next.s.size(); ++j) {
    const double x = next.s[j];
    const double lo = (x - kWindow * sd - d.s.front()) / d.h;
    const auto first = static_cast<std::size_t>(std::max(0.0, std::ceil(lo)));
    double f = 0;
    for (std::size_t i = first; i < d.s.size() && d.s[i] <= x + kWindow * sd; ++i)
      f += d.weighted[i] * normal_density((x - d.s[i]) / sd) / sd;
    next.weighted[j] = f * simpson_weight(j, next.s.size(), next.h);
  }
  return next;
}

// The z boundary whose exit probability from `d` (at fraction t, increment SD sd) is
// `target`, by bisection: the exit probability falls as the boundary rises.
double boundary_for(const Density& d, double t, double sd, double target) {
  double lo = 0, hi = kCap;
  for (int i = 0; i < 40; ++i) {
    const double mid = (lo + hi) / 2;
    (exit_probability(d, mid * std::sqrt(t), sd) > target ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// The first look: S ~ N(0, t) on [-c sqrt(t), c sqrt(t)].
Density first_density(double t, double c, double h) {
  const double b = std::min(c, kCap) * std::sqrt(t);
  Density d = grid(b, h);
  for (std::size_t i = 0; i < d.s.size(); ++i)
    d.weighted[i] = normal_density(d.s[i] / std::sqrt(t)) / std::sqrt(t) *
                    simpson_weight(i, d.s.size(), d.h);
  return d;
}

double z_of_level(double level) {
  const boost::math::normal_distribution<double> normal;
  return boost::math::quantile(boost::math::complement(normal, level / 2));
}

}  // namespace

double obf_spent(double t, double alpha) {
  if (!(t > 0)) return 0;
  const boost::math::normal_distribution<double> normal;
  const double z = boost::math::quantile(boost::math::complement(normal, alpha / 2));
  return 2 * boost::math::cdf(boost::math::complement(normal, z / std::sqrt(std::min(t, 1.0))));
}

std::vector<double> obf_boundaries(const std::vector<double>& t, double alpha) {
  return spending_boundaries(t, [alpha](double x) { return obf_spent(x, alpha); });
}

std::vector<double> spending_boundaries(const std::vector<double>& t, const Spending& spent) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  std::vector<double> c;
  if (t.empty()) return c;
  // Spacing: a sixth of the smaller SD next to a look (the first look's own, or the step).
  const auto spacing = [&](std::size_t k) {
    double sd = k == 0 ? std::sqrt(t[0]) : std::sqrt(t[k] - t[k - 1]);
    if (k + 1 < t.size()) sd = std::min(sd, std::sqrt(t[k + 1] - t[k]));
    return sd / kPerSd;
  };
  const double first = spent(t[0]);
  c.push_back(first < kNegligible ? kInfinity : z_of_level(first));
  Density d = first_density(t[0], c[0], spacing(0));
  for (std::size_t k = 1; k < t.size(); ++k) {
    const double sd = std::sqrt(t[k] - t[k - 1]);
    const double target = spent(t[k]) - spent(t[k - 1]);
    c.push_back(target < kNegligible ? kInfinity : boundary_for(d, t[k], sd, target));
    if (k + 1 < t.size()) d = advance(d, std::min(c[k], kCap) * std::sqrt(t[k]), sd, spacing(k));
  }
  return c;
}

const std::vector<double>& design_levels(int max_repeats, double alpha) {
  static std::mutex mutex;
  static std::map<std::pair<int, double>, std::vector<double>> kept;
  const std::lock_guard<std::mutex> lock(mutex);  // not on a hot path: once per look
  auto [it, fresh] = kept.try_emplace({max_repeats, alpha});
  if (!fresh) return it->second;
  std::vector<double> t;
  for (int n = 2; n <= max_repeats; ++n) t.push_back(n / static_cast<double>(max_repeats));
  for (double c : obf_boundaries(t, alpha))
    it->second.push_back(std::isinf(c) ? 0 : 2 * upper_tail(c));
  return it->second;
}

}  // namespace versus::results
