#pragma once
// The steady-state rule of `warmup: steady` (pure): is a per-second rate series done
// climbing? The last `window` one-second rates are fitted with the Theil-Sen line (the
// median of the slopes between every pair of points, so one outlying second moves it
// little); the series is steady when that line's rise over the window, |slope| x
// (window - 1) seconds, is at most `tolerance` of the window's median rate. A series still
// climbing (or falling) by more than that over the window is not steady; a flat one is,
// however noisy its single seconds, as long as the noise does not tilt the fit.
#include <span>

namespace versus::load {

struct SteadyRule {
  int window = 5;           // one-second rates judged, the most recent; at least 2
  double tolerance = 0.05;  // the fitted rise over the window, as a fraction of its median
};

// The fitted rise over the last rule.window rates as a fraction of their median (signed:
// negative when falling); +infinity when there are fewer rates than the window or the
// median is not above 0 (a stalled server is not steady).
double window_drift(std::span<const double> rates, const SteadyRule& rule);

// |window_drift| <= rule.tolerance.
bool is_steady(std::span<const double> rates, const SteadyRule& rule);

}  // namespace versus::load
