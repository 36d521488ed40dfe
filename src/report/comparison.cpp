#include "report/comparison.h"

#include <algorithm>
#include <numeric>

#include "results/multiplicity.h"

namespace versus::report {

namespace {

using results::CellRecord;
using results::CellStatus;
using results::RunResults;
using CellRefs = std::vector<const CellRecord*>;

bool in_column(const CellRecord& cell, const Column& column) {
  return cell.server == column.server && cell.profile == column.profile;
}

bool has_column(const std::vector<Column>& columns, const CellRecord& cell) {
  return std::any_of(columns.begin(), columns.end(),
                     [&](const Column& c) { return in_column(cell, c); });
}

bool any_in_column(const CellRefs& cells, const Column& column) {
  return std::any_of(cells.begin(), cells.end(),
                     [&](const CellRecord* c) { return in_column(*c, column); });
}

std::vector<Column> columns_of(const RunResults& results, const CellRefs& cells) {
  std::vector<Column> columns;
  for (const std::string& server : results.info.servers)
    for (const std::string& profile : results.info.profiles)
      if (Column c{server, profile}; any_in_column(cells, c)) columns.push_back(std::move(c));
  for (const CellRecord* cell : cells)
    if (!has_column(columns, *cell)) columns.push_back({cell->server, cell->profile});
  return columns;
}

std::vector<int> thread_counts(const CellRefs& cells) {
  std::vector<int> threads;
  for (const CellRecord* cell : cells) threads.push_back(cell->threads);
  std::sort(threads.begin(), threads.end());
  threads.erase(std::unique(threads.begin(), threads.end()), threads.end());
  return threads;
}

double mean(const std::vector<double>& values) {
  if (values.empty()) return 0;
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

void add_run(ComparisonCell& cell, std::vector<results::Efficiency>& efficiency,
             const CellRecord& record) {
  switch (record.status) {
    case CellStatus::ok:
      cell.tps_runs.push_back(record.tps);
      cell.qps_runs.push_back(record.qps);
      cell.p95_ms_runs.push_back(record.latency.p95);
      cell.rw_runs.push_back(
          record.seconds > 0
              ? static_cast<double>(record.counters.reads + record.counters.writes) / record.seconds
              : 0);
      if (auto e = results::efficiency_of(record)) efficiency.push_back(*e);
      cell.abandoned += record.counters.abandoned;
      break;
    case CellStatus::failed:
      ++cell.failed;
      break;
    case CellStatus::crashed:
      ++cell.crashed;
      break;
  }
}

ComparisonCell summarize(const CellRefs& cells, const Column& column, int threads) {
  ComparisonCell cell;
  std::vector<results::Efficiency> efficiency;
  for (const CellRecord* record : cells)
    if (in_column(*record, column) && record->threads == threads)
      add_run(cell, efficiency, *record);
  cell.runs = static_cast<int>(cell.tps_runs.size());
  cell.tps = mean(cell.tps_runs);
  cell.qps = mean(cell.qps_runs);
  cell.p95_ms = mean(cell.p95_ms_runs);
  cell.rw = mean(cell.rw_runs);
  cell.efficiency = results::mean_efficiency(efficiency);
  cell.tps_summary = results::summarize(cell.tps_runs);
  return cell;
}

void add_ratios(ComparisonRow& row, config::Metric metric) {
  for (ComparisonCell& cell : row.cells) cell.metric = metric;
  if (row.cells.empty()) return;
  const ComparisonCell& baseline = row.cells.front();
  const double base = metric_value(baseline, metric);
  if (baseline.runs == 0 || base == 0) return;
  for (ComparisonCell& cell : row.cells)
    if (cell.runs > 0) cell.ratio = metric_value(cell, metric) / base;
}

// Statistical comparison with the first column; needs an ok run on both sides.
// Differences below min_difference_pct are no significant difference (results::RunInfo).
void add_estimates(ComparisonRow& row, double min_difference_pct) {
  if (row.cells.empty() || row.cells.front().runs == 0) return;
  const std::vector<double>& base = row.cells.front().tps_runs;
  for (std::size_t i = 1; i < row.cells.size(); ++i)
    if (row.cells[i].runs > 0)
      row.cells[i].vs_baseline =
          results::compare_means(base, row.cells[i].tps_runs, 0.95, min_difference_pct / 100);
}

// Spread of the host CPU probe over every ok run of the row, all columns together: a probe
// that moved more than a claimed difference makes that difference suspect.
std::optional<double> probe_spread(const CellRefs& cells, int threads) {
  std::vector<double> probes;
  for (const CellRecord* r : cells)
    if (r->threads == threads && r->status == CellStatus::ok && r->cpu_probe > 0)
      probes.push_back(r->cpu_probe);
  if (probes.size() < 2) return std::nullopt;
  const auto [low, high] = std::minmax_element(probes.begin(), probes.end());
  return (*high - *low) / mean(probes);
}

ComparisonTable build_table(const RunResults& results, const CellRefs& cells,
                            config::Metric metric) {
  ComparisonTable table;
  table.metric = metric;
  table.workload = cells.front()->workload;
  table.engine = cells.front()->engine;
  table.mix = cells.front()->mix;
  table.distribution = cells.front()->distribution;
  table.min_difference = results.info.min_difference_pct / 100.0;
  table.columns = columns_of(results, cells);
  for (int threads : thread_counts(cells)) {
    ComparisonRow row{threads, {}, std::nullopt};
    for (const Column& column : table.columns)
      row.cells.push_back(summarize(cells, column, threads));
    add_ratios(row, metric);
    add_estimates(row, results.info.min_difference_pct);
    row.probe_spread = probe_spread(cells, threads);
    table.rows.push_back(std::move(row));
  }
  return table;
}

// Cells grouped by (workload, engine), groups in order of first appearance.
std::vector<CellRefs> group_by_table(const RunResults& results) {
  std::vector<CellRefs> groups;
  for (const CellRecord& cell : results.cells) {
    auto same_table = [&](const CellRefs& g) {
      return g.front()->workload == cell.workload && g.front()->engine == cell.engine;
    };
    auto group = std::find_if(groups.begin(), groups.end(), same_table);
    if (group == groups.end()) group = groups.insert(groups.end(), CellRefs{});
    group->push_back(&cell);
  }
  return groups;
}

// repeats: auto: each comparison's first decided look, at the run's per-comparison alpha.
void decide_sequentially(std::vector<ComparisonTable>& tables, const results::RunInfo& info) {
  for (ComparisonTable& table : tables) {
    table.sequential_alpha = info.sequential_alpha;
    table.max_repeats = info.max_repeats;
  }
  for (ComparisonTable& table : tables)
    for (ComparisonRow& row : table.rows)
      for (std::size_t i = 1; i < row.cells.size(); ++i) {
        ComparisonCell& cell = row.cells[i];
        if (!cell.vs_baseline) continue;
        cell.sequential = results::sequential_decision(row.cells.front().tps_runs, cell.tps_runs,
                                                       info.max_repeats, info.sequential_alpha,
                                                       table.min_difference);
        cell.vs_baseline = cell.sequential->estimate;
      }
}

// Every comparison with a baseline, over all tables of the run, is one family.
void adjust_run(std::vector<ComparisonTable>& tables, const results::RunInfo& info) {
  if (info.max_repeats > 0 && info.sequential_alpha > 0) return decide_sequentially(tables, info);
  std::vector<results::RatioEstimate*> family;
  for (ComparisonTable& table : tables)
    for (ComparisonRow& row : table.rows)
      for (ComparisonCell& cell : row.cells)
        if (cell.vs_baseline) family.push_back(&*cell.vs_baseline);
  results::adjust_family(family, run_adjustment(info));
  int members = 0;
  for (const results::RatioEstimate* e : family) members += e->p_value.has_value();
  for (ComparisonTable& table : tables) {
    table.adjustment = run_adjustment(info);
    table.family_size = members;
  }
}

}  // namespace

results::Adjustment run_adjustment(const results::RunInfo& info) {
  return results::adjustment_from_name(info.multiple_comparisons)
      .value_or(results::Adjustment::holm);  // validated when read (record_json)
}

std::vector<ComparisonTable> build_comparison(const RunResults& results) {
  return build_comparison(
      results, config::metric_from_name(results.info.metric).value_or(config::Metric::tps));
}

std::vector<ComparisonTable> build_comparison(const RunResults& results, config::Metric metric) {
  std::vector<ComparisonTable> tables;
  for (const CellRefs& group : group_by_table(results))
    tables.push_back(build_table(results, group, metric));
  adjust_run(tables, results.info);
  return tables;
}

double metric_value(const ComparisonCell& cell, config::Metric metric) {
  switch (metric) {
    case config::Metric::tps:
      return cell.tps;
    case config::Metric::qps:
      return cell.qps;
    case config::Metric::rw:
      return cell.rw;
    case config::Metric::p95:
      return cell.p95_ms;
  }
  return cell.tps;
}

std::vector<std::string> open_comparisons(const std::vector<ComparisonTable>& tables) {
  std::vector<std::string> open;
  for (const ComparisonTable& table : tables)
    for (const ComparisonRow& row : table.rows)
      for (std::size_t i = 1; i < row.cells.size(); ++i)
        if (const auto& s = row.cells[i].sequential;
            s && s->state == results::SequentialState::open)
          open.push_back(table.workload + ", " + table.engine + ", " + std::to_string(row.threads) +
                         " threads: " + column_label(table.columns[i]));
  return open;
}

std::string column_label(const Column& column) {
  return column.server + "/" + column.profile;
}

}  // namespace versus::report
