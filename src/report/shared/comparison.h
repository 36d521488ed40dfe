#pragma once
// The comparison model: results grouped into the classic benchmark tables
// (one per workload and engine; rows = thread counts; columns = server x profile).
// Pure data built from RunResults; the writers turn it into text.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/plan/metric.h"
#include "results/evidence/class_verdicts.h"
#include "results/evidence/counter_mapping.h"
#include "results/evidence/efficiency.h"
#include "results/evidence/error_summary.h"
#include "results/evidence/interference.h"
#include "results/evidence/odd_rounds.h"
#include "results/evidence/statement_ranking.h"
#include "results/record/record.h"
#include "results/stats/multiplicity.h"
#include "results/stats/sequential.h"
#include "results/stats/statistics.h"

namespace versus::report {

struct Column {
  std::string server, profile;
};

// All runs (repeats) of one (table, threads, column). Means are over the ok runs only.
struct ComparisonCell {
  int runs = 0;                         // ok runs, the ones the means are over
  int failed = 0;                       // runs with status failed
  int crashed = 0;                      // runs with status crashed
  int unresponsive = 0;                 // runs with status unresponsive (run/watchdog.h)
  double tps = 0, qps = 0, p95_ms = 0;  // means; 0 when runs == 0
  // Read/write requests per second (sysbench 0.4's "read/write requests": reads + writes,
  // without BEGIN/COMMIT/LOCK/UNLOCK); mean, 0 when runs == 0.
  double rw = 0;
  // TPC-C's New-Orders per minute (CellRecord::nopm); mean, 0 for other workloads.
  double nopm = 0;
  // The figure the table shows (ComparisonTable::metric), copied here for the writers.
  config::Metric metric = config::Metric::tps;
  // metric / metric of the first column in the same row; empty when either side has no ok
  // run or the baseline's value is 0. The first column's own ratio is 1.
  std::optional<double> ratio;
  // Per ok run values in run order, for statistics beyond the mean.
  std::vector<double> tps_runs, qps_runs, p95_ms_runs, rw_runs, nopm_runs;
  std::vector<int> rounds;  // CellRecord::repeat of each ok run, parallel to tps_runs
  // Cost per transaction, the mean over the ok runs with usage figures; none without any.
  std::optional<results::Efficiency> efficiency;
  // Every counter per transaction (results/evidence/counter_ranking.h), the mean over the ok runs
  // with usage figures; empty without any. What report/notes/evidence.h ranks against the baseline.
  std::map<std::string, double> per_transaction;
  // Each statement class's time per transaction, ms (results/evidence/statement_ranking.h), the
  // mean over the ok runs that timed statements; empty without any.
  results::StatementMs statement_ms;
  // Each ok run's statement classes (results/evidence/class_verdicts.h): what a workload whose
  // classes get verdicts of their own compares class by class (report/run/class_verdict_table.h).
  std::vector<results::ClassRound> class_rounds{};
  // The flavour its ok runs' server reported (SELECT VERSION()): what decides which counters
  // rank against the baseline's (results/evidence/counter_mapping.h).
  results::Flavour flavour = results::Flavour::unknown;
  // Statistics of tps_runs: n, mean, median, sd, cv and the 95% CI of the mean.
  results::Summary tps_summary;
  // TPS against the first column's cell of the same row (ratio with its 95% CI, p-value,
  // verdict): paired by round (results::compare_paired) when the run's estimate is paired,
  // else Fieller's and Welch's (results::compare_means); none for the first column itself and
  // when either cell has no ok run.
  std::optional<results::RatioEstimate> vs_baseline;
  // repeats: auto runs (RunInfo::max_repeats > 0): the sequential decision, whose estimate
  // vs_baseline is (the interval at the deciding look's level).
  std::optional<results::SequentialDecision> sequential;
  // Over the ok runs: transactions still unanswered when a run ended (measured::Counters).
  std::uint64_t abandoned = 0;
  // Over the ok runs: the retried errors and the errors by code (report/notes/error_notes.h).
  results::ErrorSummary errors;
  // Ok runs a busy machine disturbed (results/evidence/interference.h), in run order. In a repeats:
  // auto run (RunInfo::max_repeats > 0) they are left out of every figure above, as if
  // missing, as run/auto_repeats.h left them out of its decisions.
  struct Disturbed {
    int round = 0;
    results::Interference interference;
    bool left_out = false;
  };
  std::vector<Disturbed> disturbed;
  // Ok runs, not disturbed, in which the server answered no session for stall_limit or longer
  // (CellRecord::stalls), in run order: its own stalls, counted in the figures above and named
  // beside them (cell_text.h: stall_warnings).
  struct Stalled {
    int round = 0;
    std::vector<measured::Stall> stalls;
  };
  std::vector<Stalled> stalled;
  // Each ok run's facts (results/evidence/odd_rounds.h), in run order: what odd_round_notes reads.
  std::vector<results::RoundFacts> round_facts;
};

// The settings a column's instance ran with (results.json data_sizes[]: the listed server
// settings, results/evidence/settings_list.h, and the loaded tables' collation); recorded = false
// for results written before versus recorded them.
struct ColumnSettings {
  bool recorded = false;
  std::map<std::string, std::string> variables;
  std::string table_collation;
};

struct ComparisonRow {
  int threads = 0;
  std::vector<ComparisonCell> cells;  // parallel to ComparisonTable::columns
  // How much the host's CPU speed moved across the row's ok runs: (max - min) / mean of their
  // in-cell usage.host_speed when every one has it, else of their cpu_probe values (0.061 for
  // 6.1%). None when fewer than 2 of them carry a probe (> 0).
  std::optional<double> probe_spread;
  std::int64_t table_size = 0;  // rows per table
  // The host(s) the row ran on ("a", or "a+b"), only in a merged run whose hosts differ in
  // fingerprint (versus merge --allow-mixed-hosts); "" otherwise. Writers mark the row with it.
  std::string host{};
};

// What a table's rows are: thread counts (the classic table, one per table size), or table
// sizes (one per thread count, when a run sweeps sizes: seed 004's shape).
enum class RowAxis { threads, table_size };

struct ComparisonTable {
  std::string workload, engine;
  std::vector<Column> columns;      // the first is the baseline
  std::vector<ComparisonRow> rows;  // thread counts ascending
  // The load of the table's first cell: one plan runs every cell of a workload the same way.
  results::MixRecord mix;
  sysbench::RandSpec distribution;
  // The run's min_difference (results::RunInfo), as a fraction: smaller TPS differences are
  // never called, nor warned about.
  double min_difference = 0.02;
  double interference_limit_pct = 10;           // the run's (RunInfo): what made a cell disturbed
  config::Metric metric = config::Metric::tps;  // what the cells show and their ratios compare
  // How the verdicts' p-values were adjusted, over how many comparisons of the whole run.
  results::Adjustment adjustment = results::Adjustment::none;
  int family_size = 0;
  // How its cells were compared with the baseline (RunInfo::estimate).
  results::Estimate estimate = results::Estimate::independent;
  // repeats: auto: each comparison's alpha (its share of the run's) and the design's looks.
  double sequential_alpha = 0;
  int max_repeats = 0;
  RowAxis rows_by = RowAxis::threads;
  int tables = 0;               // sysbench tables of every cell (0: not recorded)
  std::int64_t table_size = 0;  // rows_by threads: rows per table of every cell
  int threads = 0;              // rows_by table_size: threads of every cell
  bool sweep = false;           // the run measured this workload and engine at several sizes
  std::vector<ColumnSettings> settings{};  // parallel to columns (report/notes/settings_notes.h)
  // Parallel to columns: the plans of the statements the workload sends on each column's
  // instance (report/notes/plan_notes.h); empty for a column without recorded plans.
  std::vector<std::vector<results::StatementPlan>> plans{};
};

// Thread tables in order of first appearance of (workload, engine, tables, table_size) among
// the cells; then, for each (workload, engine, tables) measured at several table sizes, one
// size table per thread count (rows: table sizes ascending).
// Every vs_baseline of every thread table is one family: its p-values are adjusted together by
// the run's multiple_comparisons (results/stats/multiplicity.h) and the verdicts follow the
// adjusted ones; in a repeats: auto run the verdicts are the sequential decisions
// (results/stats/sequential.h) at the run's sequential_alpha instead. Both use the run's estimate
// (RunInfo::estimate): paired by round, or independent samples; the auto run's own stopping
// (run/auto_repeats.h) made the same decisions with the same estimate, so a table never shows
// another verdict than the one that stopped its rounds. A size table's cells take the verdicts of
// the same cells in the thread tables.
// Columns: RunInfo servers x profiles, server-major, without those that have no cell
// in the table; cells naming a server or profile unknown to RunInfo get columns after
// those, in order of first appearance (never silently dropped).
// The metric is the run's own (RunInfo::metric; tps when unknown) unless one is given.
std::vector<ComparisonTable> build_comparison(const results::RunResults& results);
std::vector<ComparisonTable> build_comparison(const results::RunResults& results,
                                              config::Metric metric);

// The cell's mean of `metric` (tps, qps, rw, p95_ms or nopm).
double metric_value(const ComparisonCell& cell, config::Metric metric);

// TPS of `other` against `base`, cells of one run, as the run compares its columns with its
// baseline: paired by round or as independent samples (RunInfo::estimate), with its
// min_difference; not adjusted over any family. The one estimator every report of a run uses.
results::RatioEstimate compare_cells(const ComparisonCell& base, const ComparisonCell& other,
                                     const results::RunInfo& info);

// The adjustment a run asked for (RunInfo::multiple_comparisons; "" is none).
results::Adjustment run_adjustment(const results::RunInfo& info);

// "server/profile", the label of a column in every writer.
std::string column_label(const Column& column);

}  // namespace versus::report
