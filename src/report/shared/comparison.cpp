#include "report/shared/comparison.h"

#include <algorithm>
#include <numeric>

#include "report/notes/plan_notes.h"
#include "report/notes/settings_notes.h"
#include "results/evidence/counter_ranking.h"
#include "results/record/shard_union.h"
#include "results/stats/multiplicity.h"

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

// A disturbed run is noted; true when it is left out (repeats: auto treats it as missing).
bool note_disturbed(ComparisonCell& cell, const CellRecord& record, const results::RunInfo& info) {
  if (!results::disturbed(record, info.interference_limit_pct)) return false;
  const bool left_out = info.max_repeats > 0;
  cell.disturbed.push_back({record.repeat, *results::interference_of(record.usage), left_out});
  return left_out;
}

// Adds one run to the cell; true when it counts as one of its ok runs.
bool add_run(ComparisonCell& cell, std::vector<results::Efficiency>& efficiency,
             const CellRecord& record, const results::RunInfo& info) {
  if (note_disturbed(cell, record, info)) return false;
  switch (record.status) {
    case CellStatus::ok:
      cell.tps_runs.push_back(record.tps);
      cell.rounds.push_back(record.repeat);
      cell.qps_runs.push_back(record.qps);
      cell.nopm_runs.push_back(record.nopm);
      cell.p95_ms_runs.push_back(record.latency.p95);
      cell.rw_runs.push_back(
          record.seconds > 0
              ? static_cast<double>(record.counters.reads + record.counters.writes) / record.seconds
              : 0);
      if (auto e = results::efficiency_of(record)) efficiency.push_back(*e);
      cell.abandoned += record.counters.abandoned;
      // A disturbed run's stalls are the host's (docs/robustness.md): not named as the server's.
      if (!record.stalls.empty() && !results::disturbed(record, info.interference_limit_pct))
        cell.stalled.push_back({record.repeat, record.stalls});
      cell.round_facts.push_back(results::round_facts(record));
      return true;
    case CellStatus::failed:
      ++cell.failed;
      break;
    case CellStatus::crashed:
      ++cell.crashed;
      break;
    case CellStatus::unresponsive:
      ++cell.unresponsive;
      break;
  }
  return false;
}

bool in_row(const CellRecord& cell, int threads, std::int64_t table_size) {
  return cell.threads == threads && cell.table_size == table_size;
}

ComparisonCell summarize(const CellRefs& cells, const Column& column, int threads,
                         std::int64_t table_size, const results::RunInfo& info) {
  ComparisonCell cell;
  std::vector<results::Efficiency> efficiency;
  std::vector<const CellRecord*> ok;
  for (const CellRecord* record : cells)
    if (in_column(*record, column) && in_row(*record, threads, table_size) &&
        add_run(cell, efficiency, *record, info))
      ok.push_back(record);
  cell.per_transaction = results::mean_per_transaction(ok);
  cell.statement_ms = results::mean_statement_ms(ok);
  cell.class_rounds = results::class_rounds(ok);
  if (!ok.empty()) cell.flavour = results::flavour_of(ok.front()->server_version);
  cell.errors = results::summarize_errors(ok);
  cell.runs = static_cast<int>(cell.tps_runs.size());
  cell.tps = mean(cell.tps_runs);
  cell.qps = mean(cell.qps_runs);
  cell.p95_ms = mean(cell.p95_ms_runs);
  cell.rw = mean(cell.rw_runs);
  cell.nopm = mean(cell.nopm_runs);
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

std::vector<results::RoundValue> round_values(const ComparisonCell& cell) {
  std::vector<results::RoundValue> values;
  for (std::size_t i = 0; i < cell.tps_runs.size(); ++i)
    values.push_back({cell.rounds[i], cell.tps_runs[i]});
  return values;
}

results::Estimate run_estimate(const results::RunInfo& info) {
  return results::estimate_from_name(info.estimate)
      .value_or(results::Estimate::independent);  // validated when read (record_json)
}

}  // namespace

results::RatioEstimate compare_cells(const ComparisonCell& base, const ComparisonCell& other,
                                     const results::RunInfo& info) {
  const double d = info.min_difference_pct / 100;
  return run_estimate(info) == results::Estimate::paired
             ? results::compare_paired(round_values(base), round_values(other), 0.95, d)
             : results::compare_means(base.tps_runs, other.tps_runs, 0.95, d);
}

namespace {

// Statistical comparison with the first column, by the run's estimate; needs an ok run on
// both sides.
void add_estimates(ComparisonRow& row, const results::RunInfo& info) {
  if (row.cells.empty() || row.cells.front().runs == 0) return;
  for (std::size_t i = 1; i < row.cells.size(); ++i)
    if (row.cells[i].runs > 0)
      row.cells[i].vs_baseline = compare_cells(row.cells.front(), row.cells[i], info);
}

// The host's speed per ok run of the row: the in-cell probe (usage.host_speed) when every
// one has it, since it saw the interval the transactions ran in; else the 200 ms probe run
// before each cell (cpu_probe), of those that have one.
std::vector<double> row_probes(const CellRefs& cells, int threads, std::int64_t table_size) {
  std::vector<double> in_cell, before;
  bool all_in_cell = true;
  for (const CellRecord* r : cells) {
    if (!in_row(*r, threads, table_size) || r->status != CellStatus::ok) continue;
    if (r->usage.host_speed_samples > 0)
      in_cell.push_back(r->usage.host_speed);
    else
      all_in_cell = false;
    if (r->cpu_probe > 0) before.push_back(r->cpu_probe);
  }
  return all_in_cell && !in_cell.empty() ? in_cell : before;
}

// Spread of the host's speed over every ok run of the row, all columns together: a host that
// moved more than a claimed difference makes that difference suspect.
std::optional<double> probe_spread(const CellRefs& cells, int threads, std::int64_t table_size) {
  const std::vector<double> probes = row_probes(cells, threads, table_size);
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

// The hosts the row's cells ran on, in a merged run of machines that differ; "" otherwise.
std::string row_host(const RunResults& results, const CellRefs& cells, int threads,
                     std::int64_t table_size) {
  if (!results::mixed_hosts(results.info)) return "";
  std::vector<std::string> hosts;
  for (const CellRecord* r : cells)
    if (in_row(*r, threads, table_size) &&
        std::find(hosts.begin(), hosts.end(), r->host) == hosts.end())
      hosts.push_back(r->host);
  std::string text;
  for (const auto& h : hosts) text += (text.empty() ? "" : "+") + h;
  return text;
}

ComparisonRow build_row(const RunResults& results, const CellRefs& cells,
                        const ComparisonTable& table, int threads, std::int64_t table_size) {
  ComparisonRow row{threads, {}, std::nullopt, table_size, ""};
  for (const Column& column : table.columns)
    row.cells.push_back(summarize(cells, column, threads, table_size, results.info));
  add_ratios(row, table.metric);
  add_estimates(row, results.info);
  row.probe_spread = probe_spread(cells, threads, table_size);
  row.host = row_host(results, cells, threads, table_size);
  return row;
}

ComparisonTable table_of(const RunResults& results, const CellRefs& cells, config::Metric metric) {
  ComparisonTable table;
  table.metric = config::metric_for_workload(metric, cells.front()->workload);
  table.workload = cells.front()->workload;
  table.engine = cells.front()->engine;
  table.tables = cells.front()->tables;
  table.table_size = cells.front()->table_size;
  table.mix = cells.front()->mix;
  table.distribution = cells.front()->distribution;
  table.min_difference = results.info.min_difference_pct / 100.0;
  table.interference_limit_pct = results.info.interference_limit_pct;
  table.columns = columns_of(results, cells);
  table.settings = column_settings(results, table);
  table.plans = column_plans(results, table);
  return table;
}

// Rows = thread counts; every cell has one table size.
ComparisonTable build_table(const RunResults& results, const CellRefs& cells,
                            config::Metric metric) {
  ComparisonTable table = table_of(results, cells, metric);
  for (int threads : thread_counts(cells))
    table.rows.push_back(build_row(results, cells, table, threads, table.table_size));
  return table;
}

// Rows = table sizes, of the cells of `cells` with `threads`.
ComparisonTable build_size_table(const RunResults& results, const CellRefs& cells, int threads,
                                 config::Metric metric) {
  CellRefs at;
  for (const CellRecord* c : cells)
    if (c->threads == threads) at.push_back(c);
  ComparisonTable table = table_of(results, at, metric);
  table.rows_by = RowAxis::table_size;
  table.threads = threads;
  table.sweep = true;
  for (std::int64_t size : table_sizes(at))
    table.rows.push_back(build_row(results, at, table, threads, size));
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
        cell.sequential = results::sequential_decision(
            round_values(row.cells.front()), round_values(cell), info.max_repeats,
            info.sequential_alpha, table.min_difference, run_estimate(info));
        cell.vs_baseline = cell.sequential->estimate;
      }
}

// Every comparison with a baseline, over all tables of the run, is one family.
void adjust_run(std::vector<ComparisonTable>& tables, const results::RunInfo& info) {
  for (ComparisonTable& table : tables) table.estimate = run_estimate(info);
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

// Whether the run measured `cell`'s workload, engine and tables at another table size too.
bool swept(const RunResults& results, const CellRecord& cell) {
  return std::any_of(results.cells.begin(), results.cells.end(), [&](const CellRecord& c) {
    return same_load(c, cell) && c.table_size != cell.table_size;
  });
}

bool same_column(const Column& a, const Column& b) {
  return a.server == b.server && a.profile == b.profile;
}

// The thread table's cell that a size table's cell `column` of `row` shows, if the two tables
// compare with the same baseline column.
const ComparisonCell* thread_cell(const std::vector<ComparisonTable>& tables,
                                  const ComparisonTable& by_size, const ComparisonRow& row,
                                  std::size_t column) {
  for (const ComparisonTable& t : tables) {
    if (t.rows_by != RowAxis::threads || t.workload != by_size.workload ||
        t.engine != by_size.engine || t.tables != by_size.tables || t.table_size != row.table_size)
      continue;
    if (!same_column(t.columns.front(), by_size.columns.front())) return nullptr;
    for (std::size_t i = 0; i < t.columns.size(); ++i)
      if (same_column(t.columns[i], by_size.columns[column]))
        for (const ComparisonRow& r : t.rows)
          if (r.threads == by_size.threads) return &r.cells[i];
  }
  return nullptr;
}

// A size table shows the thread tables' cells by size: its verdicts are theirs (adjusted or
// sequential), so that no comparison counts twice in the run's family.
void take_thread_verdicts(ComparisonTable& by_size, const std::vector<ComparisonTable>& tables) {
  const ComparisonTable& first = tables.front();
  by_size.adjustment = first.adjustment;
  by_size.family_size = first.family_size;
  by_size.estimate = first.estimate;
  by_size.sequential_alpha = first.sequential_alpha;
  by_size.max_repeats = first.max_repeats;
  for (ComparisonRow& row : by_size.rows)
    for (std::size_t i = 1; i < row.cells.size(); ++i)
      if (const ComparisonCell* c = thread_cell(tables, by_size, row, i)) {
        row.cells[i].vs_baseline = c->vs_baseline;
        row.cells[i].sequential = c->sequential;
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
  for (const CellRefs& group : group_by_table(results)) {
    tables.push_back(build_table(results, group, metric));
    tables.back().sweep = swept(results, *group.front());
  }
  adjust_run(tables, results.info);
  for (const CellRefs& group : group_by_load(results)) {
    if (table_sizes(group).size() < 2) continue;
    for (int threads : thread_counts(group)) {
      tables.push_back(build_size_table(results, group, threads, metric));
      take_thread_verdicts(tables.back(), tables);
    }
  }
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
    case config::Metric::nopm:
      return cell.nopm;
  }
  return cell.tps;
}

std::string column_label(const Column& column) {
  return column.server + "/" + column.profile;
}

}  // namespace versus::report
