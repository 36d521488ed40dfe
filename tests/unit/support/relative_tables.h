#pragma once
// Test fixture: comparison tables of microbenchmark suite workloads (and one that is not), for
// the relative table's model and writers.
#include <string>
#include <vector>

#include "report/shared/comparison.h"
#include "support/comparison_tables.h"
#include "support/efficiency_costs.h"

namespace versus::testing {

inline results::RatioEstimate relative_estimate(double ratio, double low, double high,
                                                results::Verdict v) {
  results::RatioEstimate e;
  e.ratio = ratio;
  e.ci = results::Interval{low, high};
  e.verdict = v;
  return e;
}

inline results::Efficiency relative_cost(double server_us) {
  return costs(server_us, server_us / 4, 1.5, 0.25, 2.0, server_us);
}

// A table of `workload`: columns a (baseline), b, c at 1 thread; b's ratio `rb`, c's `rc`.
inline report::ComparisonTable relative_suite_table(const std::string& workload, double rb,
                                                    double rc) {
  report::ComparisonTable t = small_comparison_table();
  t.workload = workload;
  auto& cells = t.rows.front().cells;
  t.rows.front().threads = 1;
  cells[0] = ok_comparison_cell(1000, 1.0);
  cells[0].efficiency = relative_cost(40);
  cells[1] = ok_comparison_cell(1000 * rb, rb);
  cells[1].vs_baseline = relative_estimate(
      rb, rb - 0.02, rb + 0.02, rb < 1 ? results::Verdict::slower : results::Verdict::faster);
  cells[1].efficiency = relative_cost(40 / rb);
  cells[2] = ok_comparison_cell(1000 * rc, rc);
  cells[2].vs_baseline =
      relative_estimate(rc, rc - 0.1, rc + 0.1, results::Verdict::undecided);
  return t;
}

inline std::vector<report::ComparisonTable> relative_suite_tables() {
  return {relative_suite_table("oltp_read_only", 2, 2),  // not of the suite: left out
          relative_suite_table("update_one", 0.5, 1.0),
          relative_suite_table("scan", 1.1, 1.0),
          relative_suite_table("point_query", 0.8, 1.02),
          relative_suite_table("points_covered_pk", 0.9, 0.98),
          relative_suite_table("point_query.after_writes", 0.7, 1.0),  // the second pass
          relative_suite_table("read_only_range_10", 1.0, 0.99)};
}

}  // namespace versus::testing
