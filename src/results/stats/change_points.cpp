#include "results/stats/change_points.h"

#include <cmath>
#include <optional>

#include "results/stats/statistics.h"

namespace versus::results {

namespace {

// The window test at index i; none without a p-value or a positive ratio.
std::optional<ChangePoint> test_at(const std::vector<double>& series, std::size_t i,
                                   const ChangePointOptions& o) {
  const auto first = series.begin() + static_cast<std::ptrdiff_t>(i);
  const auto w = static_cast<std::ptrdiff_t>(o.window);
  const std::vector<double> before(first - w, first), after(first, first + w);
  const RatioEstimate e = compare_means(before, after);
  if (!e.p_value || e.ratio <= 0) return std::nullopt;
  const Summary b = summarize(before), a = summarize(after);
  return ChangePoint{i, b.mean, a.mean, e.ratio - 1, *e.p_value, *e.p_value};
}

}  // namespace

std::vector<ChangePoint> window_tests(const std::vector<double>& series,
                                      const ChangePointOptions& o) {
  std::vector<ChangePoint> tests;
  if (o.window < 2 || series.size() < 2 * o.window) return tests;
  for (std::size_t i = o.window; i + o.window <= series.size(); ++i)
    if (auto t = test_at(series, i, o)) tests.push_back(*t);
  return tests;
}

std::vector<ChangePoint> pick_change_points(const std::vector<ChangePoint>& tests,
                                            const ChangePointOptions& o) {
  std::vector<ChangePoint> found;
  std::optional<std::size_t> previous;  // index of the previous candidate
  for (const ChangePoint& t : tests) {
    if (!(t.adjusted_p_value < o.max_p) || std::abs(t.change) < o.min_change) continue;
    const bool in_run = previous && *previous + 1 == t.index;
    if (!in_run)
      found.push_back(t);
    else if (t.adjusted_p_value < found.back().adjusted_p_value)
      found.back() = t;
    previous = t.index;
  }
  return found;
}

std::vector<ChangePoint> find_change_points(const std::vector<double>& series,
                                            const ChangePointOptions& o) {
  std::vector<ChangePoint> tests = window_tests(series, o);
  std::vector<double> p;
  for (const ChangePoint& t : tests) p.push_back(t.p_value);
  const std::vector<double> adjusted = adjust_p_values(p, o.adjustment);
  for (std::size_t i = 0; i < tests.size(); ++i) tests[i].adjusted_p_value = adjusted[i];
  return pick_change_points(tests, o);
}

}  // namespace versus::results
