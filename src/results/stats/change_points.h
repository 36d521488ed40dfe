#pragma once
// Change points in a series of measurements taken over time (the mean TPS of one cell,
// run after run): where the level of the series shifted, not just wobbled.
//
// The detector is a sliding two-sample test. At each index i with a full window on both
// sides, the `window` values before i are compared with the `window` values from i on
// by Welch's t-test (results::compare_means). i is a candidate when p < max_p and the
// means differ by at least min_change (relative to the mean before). Neighbouring
// candidates describe the same shift seen from windows that straddle it, so of each run
// of consecutive candidates only the one with the smallest p is reported.
//
// This is the spirit of Apache Otava (formerly Hunter), which uses E-divisive means;
// a windowed t-test is much simpler and good enough for step changes in nightly results.
// Its limits: no change is found in the first or last `window` points (there is no full
// window there); two shifts closer than `window` blur into one or none; a slow drift is
// (deliberately) not a change point as long as it moves less than min_change within a
// window; the t-test assumes roughly normal noise.
//
// Many indices are tested, so the p-values of every window test in the family are adjusted
// together (options.adjustment, results/stats/multiplicity.h: Holm by default) and max_p applies
// to the adjusted value: find_change_points takes the series as the family; `versus history
// show` takes every window test of every series it shows (one family, as a run's comparisons).
#include <cstddef>
#include <vector>

#include "results/stats/multiplicity.h"

namespace versus::results {

struct ChangePointOptions {
  std::size_t window = 5;    // values on each side of a candidate index
  double max_p = 0.01;       // Welch t-test p-value below which the shift is significant
  double min_change = 0.05;  // smallest |mean after / mean before - 1| worth reporting
  Adjustment adjustment = Adjustment::holm;  // over the family of window tests
};

struct ChangePoint {
  std::size_t index = 0;        // the first value of the new level
  double before = 0;            // mean of the window before index
  double after = 0;             // mean of the window from index on
  double change = 0;            // after / before - 1 (-0.10 for a 10% drop)
  double p_value = 1;           // of the window test, raw
  double adjusted_p_value = 1;  // over the family (ChangePointOptions::adjustment)
};

// The window test at every index with a full window on both sides (index, before, after,
// change, raw p-value; adjusted_p_value = p_value), in increasing index order; every test with
// a p-value and a positive ratio is a member of the family, whatever its change.
std::vector<ChangePoint> window_tests(const std::vector<double>& series,
                                      const ChangePointOptions& options = {});

// The change points among `tests` (one series' window_tests, their adjusted_p_value set):
// those with adjusted p < max_p and |change| >= min_change, of each run of consecutive
// indices the one with the smallest adjusted p.
std::vector<ChangePoint> pick_change_points(const std::vector<ChangePoint>& tests,
                                            const ChangePointOptions& options = {});

// Change points of `series` in increasing index order, its window tests adjusted as one
// family; none when the series has fewer than 2 * window values.
std::vector<ChangePoint> find_change_points(const std::vector<double>& series,
                                            const ChangePointOptions& options = {});

}  // namespace versus::results
