#pragma once
// Small comparison tables the run report's writers are tested on (report/run/): built by hand,
// not from results, so each writer's test says exactly what its table holds.
#include <optional>
#include <string>

#include "report/shared/comparison.h"

namespace versus::testing {

// One ok run of `tps` (QPS 20 times that) with the given ratio to the first column.
inline report::ComparisonCell ok_comparison_cell(double tps, std::optional<double> ratio) {
  report::ComparisonCell c;
  c.runs = 1;
  c.tps = tps;
  c.qps = tps * 20;
  c.tps_runs = {tps};
  c.tps_summary = results::summarize(c.tps_runs);
  c.ratio = ratio;
  return c;
}

// One row (threads 8): baseline ok, second partial (1 ok + 1 failed), third crashed.
inline report::ComparisonTable small_comparison_table(const std::string& profile = "default") {
  report::ComparisonCell partial = ok_comparison_cell(1100.04, 1.1);
  partial.failed = 1;
  report::ComparisonCell crashed;
  crashed.crashed = 2;
  return {"oltp_read_only",
          "innodb",
          {{"a", profile}, {"b", profile}, {"c", profile}},
          {{8, {ok_comparison_cell(1000, 1.0), partial, crashed}, std::nullopt}},
          {},
          {}};
}

// small_comparison_table() run with 7 point selects per transaction and pareto ids (h 0.3).
inline report::ComparisonTable shaped_comparison_table() {
  report::ComparisonTable table = small_comparison_table();
  table.mix.point_selects = 7;
  table.distribution.type = sysbench::RandType::pareto;
  table.distribution.pareto_h = 0.3;
  return table;
}

}  // namespace versus::testing
