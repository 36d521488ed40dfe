#include "run/auto_repeats.h"

#include <algorithm>

#include "config/plan/matrix_walk.h"
#include "results/evidence/interference.h"
#include "results/stats/sequential.h"

namespace versus::run {

namespace {

constexpr double kAlpha = 0.05;  // 1 - the reports' 95% confidence

// A row of the tables: one comparison per column but the baseline (report/shared/comparison.h
// matches cells on the same coordinates, tables and table size included).
struct RowKey {
  std::string workload, engine;
  int threads = 0;
  int tables = 0;
  std::int64_t table_size = 0;
  config::Cell at;  // the row's axes as plan indices (server, profile and repeat unset)
};

// TPS of the ok records of one column in one row, with their rounds, in run order. A cell a
// busy machine disturbed counts as missing (results/evidence/interference.h): its row stays open.
std::vector<results::RoundValue> ok_tps(const results::RunResults& done, const RowKey& row,
                                        const std::string& server, const std::string& profile,
                                        double interference_limit_pct) {
  std::vector<results::RoundValue> tps;
  for (const auto& c : done.cells)
    if (c.status == results::CellStatus::ok && !results::disturbed(c, interference_limit_pct) &&
        c.workload == row.workload && c.engine == row.engine && c.threads == row.threads &&
        c.tables == row.tables && c.table_size == row.table_size && c.server == server &&
        c.profile == profile)
      tps.push_back({c.repeat, c.tps});
  return tps;
}

// The open comparisons of one row, appended to `open`: one per column (server, profile) but the
// baseline that the plan measures in the row (exclude[] may drop a column, and a column without
// cells is no comparison).
void open_in_row(const config::Plan& plan, const results::RunResults& done, const RowKey& row,
                 std::vector<results::CellCoordinates>& open) {
  const double alpha = sequential_alpha(plan), d = plan.min_difference_pct / 100.0;
  const auto estimate =
      results::estimate_from_name(config::run_estimate(plan)).value_or(results::Estimate::paired);
  const std::string& base_server = plan.servers.front().name;
  const std::string& base_profile = plan.profiles.front().name;
  const double limit = plan.interference_limit_pct;
  if (config::excluded(plan, row.at)) return;  // no baseline in this row: nothing to compare
  const auto base = ok_tps(done, row, base_server, base_profile, limit);
  constexpr config::Axis kColumns[] = {config::Axis::server, config::Axis::profile};
  const auto compare = [&](const config::Cell& c) {
    if ((c.server == 0 && c.profile == 0) || config::excluded(plan, c)) return;
    const auto& s = plan.servers[c.server];
    const auto& p = plan.profiles[c.profile];
    const auto other = ok_tps(done, row, s.name, p.name, limit);
    const auto decision =
        results::sequential_decision(base, other, plan.max_repeats, alpha, d, estimate);
    if (decision.state == results::SequentialState::open)
      open.push_back({0, 0, s.name, p.name, row.engine, row.workload, row.threads, 0, row.tables,
                      row.table_size});
  };
  config::walk_matrix(plan, kColumns, compare, row.at);
}

}  // namespace

int comparisons_of(const config::Plan& plan) {
  // Every planned first-round cell of a column but the baseline, in a row whose baseline is
  // planned too: one comparison each (exclude[] leaves some out).
  int n = 0;
  for (const config::Cell& c : config::expand_cells(plan)) {
    if (c.repeat != 0 || (c.server == 0 && c.profile == 0)) continue;
    config::Cell base = c;
    base.server = base.profile = 0;
    n += !config::excluded(plan, base);
  }
  return n;
}

double sequential_alpha(const config::Plan& plan) {
  if (plan.multiple_comparisons == "none") return kAlpha;
  return kAlpha / std::max(1, comparisons_of(plan));
}

std::vector<results::CellCoordinates> open_comparisons(const config::Plan& plan,
                                                       const results::RunResults& done) {
  std::vector<results::CellCoordinates> open;
  // The rows, the baseline's first-round cells: for workload, for engine, for table size, for
  // threads.
  constexpr config::Axis kRows[] = {config::Axis::workload, config::Axis::engine,
                                    config::Axis::size, config::Axis::threads};
  config::walk_matrix(plan, kRows, [&](const config::Cell& at) {
    open_in_row(plan, done,
                {config::workload_label(plan, at.workload), plan.engines[at.engine], at.threads,
                 plan.tables, plan.table_sizes[at.size], at},
                open);
  });
  return open;
}

bool in_open_row(const config::Plan& plan, const config::Cell& cell,
                 const std::vector<results::CellCoordinates>& open) {
  const std::string workload = config::workload_label(plan, cell.workload);
  return std::any_of(open.begin(), open.end(), [&](const results::CellCoordinates& c) {
    return c.workload == workload && c.engine == plan.engines[cell.engine] &&
           c.threads == cell.threads && c.tables == plan.tables &&
           c.table_size == plan.table_sizes[cell.size];
  });
}

std::vector<results::CellCoordinates> open_among(const config::Plan& plan,
                                                 const std::vector<config::Cell>& cells,
                                                 std::vector<results::CellCoordinates> open) {
  std::erase_if(open, [&](const results::CellCoordinates& c) {
    return std::none_of(cells.begin(), cells.end(),
                        [&](const config::Cell& cell) { return in_open_row(plan, cell, {c}); });
  });
  return open;
}

}  // namespace versus::run
