#pragma once
// WhySplit: a why run's gaps split by settings group (results/stats/gap_split.h), one per row
// of its tables (workload, engine, table size, threads). Which server of the run is the
// baseline, the column as shipped, each group's variant and the all-alike variant is the
// design's (run/why_plan.h made them); each server's TPS per round is its ok cells'
// (disturbed cells too: the rounds pair every column, so a host's drift lands on all). Pure.
#include <cstdint>
#include <string>
#include <vector>

#include "results/record/record.h"
#include "results/stats/gap_split.h"

namespace versus::results {

struct WhyDesign {
  std::string baseline, column, profile;  // server names, the profile's
  struct Part {
    std::string group, server;       // a settings group and its variant's server
    std::vector<std::string> alike;  // what it changes: "sync_binlog 1 -> 0", ...
  };
  std::vector<Part> groups;
  std::string all_alike;            // the variant with every group alike
  std::vector<std::string> cannot;  // settings no variant changes: "schema: ...: why"
};

struct WhyRow {
  std::string workload, engine;
  std::int64_t table_size = 0;
  int threads = 0;
  GapSplit split;
};

// Every row that has cells of the baseline, in results order; `min_difference` as the run's
// (RunInfo::min_difference_pct / 100).
std::vector<WhyRow> why_rows(const RunResults& results, const WhyDesign& design,
                             double min_difference);

}  // namespace versus::results
