#pragma once
// WhySplit: a why run's gaps split by settings group (results/stats/gap_split.h), one per row
// of its tables (workload, engine, table size, threads). Which server of the run is the
// baseline, the column as shipped, each group's variant and the all-alike variant is the
// design's (run/why/why_plan.h made them); each server's TPS per round is its ok cells'
// (disturbed cells too: the rounds pair every column, so a host's drift lands on all). Pure.
#include <cstdint>
#include <string>
#include <vector>

#include "results/record/record.h"
#include "results/record/why_record.h"
#include "results/stats/gap_split.h"
#include "results/stats/multiplicity.h"

namespace versus::results {

struct WhyRow {
  std::string workload, engine;
  std::int64_t table_size = 0;
  int threads = 0;
  GapSplit split;
};

// Every row that has cells of the baseline, in results order; `min_difference` as the run's
// (RunInfo::min_difference_pct / 100). The parts' ratios (each group's, the release's, the
// interaction's, over every row) are one family: their verdicts are adjusted together by
// `adjustment` (the why run's multiple_comparisons), apart from the run's release comparisons;
// each row's whole is not a member (it is the release comparison the run reports).
std::vector<WhyRow> why_rows(const RunResults& results, const WhyDesign& design,
                             double min_difference, Adjustment adjustment);

// A why run's design with its rows: what the reports show of it.
struct Explanation {
  WhyDesign design;
  std::vector<WhyRow> rows;
};

// How `column` compares with `baseline` under `profile` over a run's rows: whether some row's
// paired verdict (without the run's multiple-comparison adjustment: a screen, not a verdict)
// is faster or slower, and the widest gap of those, as |ln ratio| (0 without one).
struct ColumnGap {
  bool decided = false;
  double widest = 0;
};
ColumnGap column_gap(const RunResults& results, const std::string& baseline,
                     const std::string& column, const std::string& profile,
                     double min_difference);

}  // namespace versus::results
