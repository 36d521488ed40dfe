#include "results/change_points.h"

#include <cmath>
#include <optional>

#include "results/statistics.h"

namespace versus::results {

namespace {

// The window test at index i, or none when it is not a candidate.
std::optional<ChangePoint> test_at(const std::vector<double>& series, std::size_t i,
                                   const ChangePointOptions& o) {
  const auto first = series.begin() + static_cast<std::ptrdiff_t>(i);
  const auto w = static_cast<std::ptrdiff_t>(o.window);
  const std::vector<double> before(first - w, first), after(first, first + w);
  const RatioEstimate e = compare_means(before, after);
  if (!e.p_value || *e.p_value >= o.max_p || e.ratio <= 0) return std::nullopt;
  if (std::abs(e.ratio - 1) < o.min_change) return std::nullopt;
  const Summary b = summarize(before), a = summarize(after);
  return ChangePoint{i, b.mean, a.mean, e.ratio - 1, *e.p_value};
}

}  // namespace

std::vector<ChangePoint> find_change_points(const std::vector<double>& series,
                                            const ChangePointOptions& o) {
  std::vector<ChangePoint> found;
  if (o.window < 2 || series.size() < 2 * o.window) return found;
  bool in_run = false;  // the previous index was a candidate too
  for (std::size_t i = o.window; i + o.window <= series.size(); ++i) {
    const auto candidate = test_at(series, i, o);
    if (!candidate) {
      in_run = false;
      continue;
    }
    if (!in_run)
      found.push_back(*candidate);
    else if (candidate->p_value < found.back().p_value)
      found.back() = *candidate;
    in_run = true;
  }
  return found;
}

}  // namespace versus::results
