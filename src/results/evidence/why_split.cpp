#include "results/evidence/why_split.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace versus::results {
namespace {
using RowKey = std::tuple<std::string, std::string, std::int64_t, int>;

RowKey key_of(const CellRecord& c) {
  return {c.workload, c.engine, c.table_size, c.threads};
}

// `server`'s ok cells of the row under the design's profile, as (round, TPS).
std::vector<RoundValue> rounds_of(const RunResults& results, const RowKey& row,
                                  const std::string& server, const std::string& profile) {
  std::vector<RoundValue> out;
  for (const CellRecord& c : results.cells)
    if (c.server == server && c.profile == profile && key_of(c) == row &&
        c.status == CellStatus::ok)
      out.push_back({c.repeat, c.tps});
  return out;
}
}  // namespace

std::vector<WhyRow> why_rows(const RunResults& results, const WhyDesign& design,
                             double min_difference, Adjustment adjustment) {
  std::vector<RowKey> rows;
  for (const CellRecord& c : results.cells)
    if (c.server == design.baseline && c.profile == design.profile &&
        std::find(rows.begin(), rows.end(), key_of(c)) == rows.end())
      rows.push_back(key_of(c));
  std::vector<WhyRow> out;
  for (const RowKey& row : rows) {
    GapSplitInput in;
    in.baseline = rounds_of(results, row, design.baseline, design.profile);
    in.shipped = rounds_of(results, row, design.column, design.profile);
    in.all_alike = rounds_of(results, row, design.all_alike, design.profile);
    for (const auto& part : design.groups)
      in.groups.push_back({part.group, rounds_of(results, row, part.server, design.profile)});
    in.min_difference = min_difference;
    out.push_back({std::get<0>(row), std::get<1>(row), std::get<2>(row), std::get<3>(row),
                   split_gap(in)});
  }
  std::vector<RatioEstimate*> family;
  for (WhyRow& row : out) {
    for (GapPart& part : row.split.groups) family.push_back(&part.ratio);
    family.push_back(&row.split.release.ratio);
    family.push_back(&row.split.interaction.ratio);
  }
  adjust_family(family, adjustment);
  return out;
}

ColumnGap column_gap(const RunResults& results, const std::string& baseline,
                     const std::string& column, const std::string& profile,
                     double min_difference) {
  // The column as its own all-alike variant and no group: each row's split is the whole gap.
  const WhyDesign design{baseline, column, profile, {}, column, {}, {}, {}};
  ColumnGap gap;
  for (const WhyRow& row : why_rows(results, design, min_difference, Adjustment::none)) {
    if (row.split.status != GapStatus::split) continue;
    gap.decided = true;
    gap.widest = std::max(gap.widest, std::abs(std::log(row.split.whole.ratio)));
  }
  return gap;
}

}  // namespace versus::results
