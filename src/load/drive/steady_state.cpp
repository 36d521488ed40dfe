#include "load/drive/steady_state.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace versus::load {

namespace {
double median(std::vector<double> v) {
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  if (v.size() % 2 == 1) return *mid;
  return (*mid + *std::max_element(v.begin(), mid)) / 2;
}

// Theil-Sen: the median of (y_j - y_i) / (j - i) over every pair i < j, in rate per second.
double theil_sen_slope(std::span<const double> y) {
  std::vector<double> slopes;
  slopes.reserve(y.size() * (y.size() - 1) / 2);
  for (std::size_t i = 0; i < y.size(); ++i)
    for (std::size_t j = i + 1; j < y.size(); ++j)
      slopes.push_back((y[j] - y[i]) / static_cast<double>(j - i));
  return median(std::move(slopes));
}
}  // namespace

double window_drift(std::span<const double> rates, const SteadyRule& rule) {
  constexpr double kNever = std::numeric_limits<double>::infinity();
  const auto n = static_cast<std::size_t>(std::max(2, rule.window));
  if (rates.size() < n) return kNever;
  const auto last = rates.subspan(rates.size() - n);
  const double level = median(std::vector<double>(last.begin(), last.end()));
  if (!(level > 0)) return kNever;
  return theil_sen_slope(last) * static_cast<double>(n - 1) / level;
}

bool is_steady(std::span<const double> rates, const SteadyRule& rule) {
  return std::abs(window_drift(rates, rule)) <= rule.tolerance;
}

}  // namespace versus::load
