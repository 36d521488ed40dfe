#include "report/comparison.h"

#include <algorithm>
#include <numeric>

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

void add_run(ComparisonCell& cell, const CellRecord& record) {
  switch (record.status) {
    case CellStatus::ok:
      cell.tps_runs.push_back(record.tps);
      cell.qps_runs.push_back(record.qps);
      cell.p95_ms_runs.push_back(record.latency.p95);
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

bool in_row(const CellRecord& cell, int threads, std::int64_t table_size) {
  return cell.threads == threads && cell.table_size == table_size;
}

ComparisonCell summarize(const CellRefs& cells, const Column& column, int threads,
                         std::int64_t table_size) {
  ComparisonCell cell;
  for (const CellRecord* record : cells)
    if (in_column(*record, column) && in_row(*record, threads, table_size)) add_run(cell, *record);
  cell.runs = static_cast<int>(cell.tps_runs.size());
  cell.tps = mean(cell.tps_runs);
  cell.qps = mean(cell.qps_runs);
  cell.p95_ms = mean(cell.p95_ms_runs);
  cell.tps_summary = results::summarize(cell.tps_runs);
  return cell;
}

void add_ratios(ComparisonRow& row) {
  if (row.cells.empty()) return;
  const ComparisonCell& baseline = row.cells.front();
  if (baseline.runs == 0 || baseline.tps == 0) return;
  const double base_tps = baseline.tps;
  for (ComparisonCell& cell : row.cells)
    if (cell.runs > 0) cell.ratio = cell.tps / base_tps;
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
std::optional<double> probe_spread(const CellRefs& cells, int threads, std::int64_t table_size) {
  std::vector<double> probes;
  for (const CellRecord* r : cells)
    if (in_row(*r, threads, table_size) && r->status == CellStatus::ok && r->cpu_probe > 0)
      probes.push_back(r->cpu_probe);
  if (probes.size() < 2) return std::nullopt;
  const auto [low, high] = std::minmax_element(probes.begin(), probes.end());
  return (*high - *low) / mean(probes);
}

std::vector<std::int64_t> table_sizes(const CellRefs& cells) {
  std::vector<std::int64_t> sizes;
  for (const CellRecord* cell : cells) sizes.push_back(cell->table_size);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

ComparisonRow build_row(const RunResults& results, const CellRefs& cells,
                        const std::vector<Column>& columns, int threads, std::int64_t table_size) {
  ComparisonRow row{threads, {}, std::nullopt, table_size};
  for (const Column& column : columns)
    row.cells.push_back(summarize(cells, column, threads, table_size));
  add_ratios(row);
  add_estimates(row, results.info.min_difference_pct);
  row.probe_spread = probe_spread(cells, threads, table_size);
  return row;
}

ComparisonTable table_of(const RunResults& results, const CellRefs& cells) {
  ComparisonTable table;
  table.workload = cells.front()->workload;
  table.engine = cells.front()->engine;
  table.tables = cells.front()->tables;
  table.table_size = cells.front()->table_size;
  table.mix = cells.front()->mix;
  table.distribution = cells.front()->distribution;
  table.min_difference = results.info.min_difference_pct / 100.0;
  table.columns = columns_of(results, cells);
  return table;
}

// Rows = thread counts; every cell has one table size.
ComparisonTable build_table(const RunResults& results, const CellRefs& cells) {
  ComparisonTable table = table_of(results, cells);
  for (int threads : thread_counts(cells))
    table.rows.push_back(build_row(results, cells, table.columns, threads, table.table_size));
  return table;
}

// Rows = table sizes, of the cells of `cells` with `threads`.
ComparisonTable build_size_table(const RunResults& results, const CellRefs& cells, int threads) {
  CellRefs at;
  for (const CellRecord* c : cells)
    if (c->threads == threads) at.push_back(c);
  ComparisonTable table = table_of(results, at);
  table.rows_by = RowAxis::table_size;
  table.threads = threads;
  table.sweep = true;
  for (std::int64_t size : table_sizes(at))
    table.rows.push_back(build_row(results, at, table.columns, threads, size));
  return table;
}

bool same_load(const CellRecord& a, const CellRecord& b) {
  return a.workload == b.workload && a.engine == b.engine && a.tables == b.tables;
}

// Cells grouped by (workload, engine, tables), groups in order of first appearance.
std::vector<CellRefs> group_by_load(const RunResults& results) {
  std::vector<CellRefs> groups;
  for (const CellRecord& cell : results.cells) {
    auto same = [&](const CellRefs& g) { return same_load(*g.front(), cell); };
    auto group = std::find_if(groups.begin(), groups.end(), same);
    if (group == groups.end()) group = groups.insert(groups.end(), CellRefs{});
    group->push_back(&cell);
  }
  return groups;
}

// Cells grouped by (workload, engine, tables, table_size), groups in order of first appearance.
std::vector<CellRefs> group_by_table(const RunResults& results) {
  std::vector<CellRefs> groups;
  for (const CellRecord& cell : results.cells) {
    auto same_table = [&](const CellRefs& g) {
      return same_load(*g.front(), cell) && g.front()->table_size == cell.table_size;
    };
    auto group = std::find_if(groups.begin(), groups.end(), same_table);
    if (group == groups.end()) group = groups.insert(groups.end(), CellRefs{});
    group->push_back(&cell);
  }
  return groups;
}

}  // namespace

std::vector<ComparisonTable> build_comparison(const RunResults& results) {
  std::vector<ComparisonTable> tables;
  std::vector<ComparisonTable> size_tables;
  for (const CellRefs& group : group_by_load(results)) {
    if (table_sizes(group).size() < 2) continue;
    for (int threads : thread_counts(group))
      size_tables.push_back(build_size_table(results, group, threads));
  }
  for (const CellRefs& group : group_by_table(results)) {
    tables.push_back(build_table(results, group));
    tables.back().sweep =
        !size_tables.empty() &&
        std::any_of(results.cells.begin(), results.cells.end(), [&](const auto& c) {
          return same_load(c, *group.front()) && c.table_size != group.front()->table_size;
        });
  }
  tables.insert(tables.end(), size_tables.begin(), size_tables.end());
  return tables;
}

std::string column_label(const Column& column) {
  return column.server + "/" + column.profile;
}

}  // namespace versus::report
