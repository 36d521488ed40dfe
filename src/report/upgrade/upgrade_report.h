#pragma once
// The upgrade-decision report (`versus upgrade-report RUN_DIR --from A --to B`): should we
// move from release A to release B? From one run that measured both, for one profile:
//  - per workload and engine, the TPS verdict of B against A per thread count (ratio of
//    means with its 95% CI, Welch t-test: results::compare_means), consecutive thread
//    counts with the same verdict grouped into a range ("1-4 threads: 12.0% faster
//    [8.0%, 16.0%]": for a range, the mean of its changes and the hull of their CIs);
//  - the errors and crashes seen (cell statuses, ignored errors, reconnects, abandoned), and
//    per thread count the retried errors by code of each side;
//  - the effective server variables that differ (paths, ports, versions, identities,
//    timestamps and GTID positions, which always differ, are left out).
// The model (this header) is plain data built from results and the variable maps the caller
// read, complete for any renderer; report/upgrade/upgrade_markdown.h renders it as Markdown.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report/run/class_verdict_table.h"
#include "report/why/explanation_table.h"
#include "results/evidence/counter_ranking.h"
#include "results/evidence/error_summary.h"
#include "results/evidence/plan_diff.h"
#include "results/evidence/query_changes.h"
#include "results/evidence/settings_list.h"
#include "results/evidence/side_evidence.h"
#include "results/record/record.h"
#include "results/stats/multiplicity.h"
#include "results/stats/statistics.h"
#include "util/expected.h"

namespace versus::report {

using VariableMap = std::map<std::string, std::string>;  // name -> value

// Which part of the run the report is about.
struct UpgradeScope {
  std::string from, to;  // servers of the run
  std::string profile;
  std::string engine;  // of the instances whose variables are compared (the first one run)
};

// Checks that both servers ran in the profile (`profile` empty: the first profile of the
// run both servers have cells in) and picks the engine for the variables.
Expected<UpgradeScope> resolve_upgrade_scope(const results::RunResults& run,
                                             const std::string& from, const std::string& to,
                                             const std::string& profile);

struct ThreadVerdict {
  int threads = 0;
  results::Summary from, to;      // TPS of the ok runs
  results::RatioEstimate change;  // to / from
  // When the verdict is faster or slower: the per-transaction counters that moved most from
  // `from` to `to` (results/evidence/counter_ranking.h); empty otherwise or without usage figures.
  std::vector<results::CounterChange> counters;
  // With the counters, first: the statement classes whose time per transaction moved most.
  std::vector<results::StatementChange> statements;
  // With the counters: the names only `from` has, and only `to` has (another flavour's).
  std::vector<std::string> only_from_counters, only_to_counters;
  // The retried errors and the errors by code of each side's ok runs (report/notes/error_notes.h).
  results::ErrorSummary from_errors, to_errors;
  // `change` is the run's own comparison, as comparison.md shows it (from is its baseline).
  bool quoted = false;
};

struct VerdictRange {
  int first_threads = 0, last_threads = 0;
  results::Verdict verdict = results::Verdict::insufficient_data;
  double ratio = 0;                     // mean of the ranges's ratios
  std::optional<results::Interval> ci;  // hull of their CIs; none if any is unbounded
};

struct WorkloadVerdict {
  std::string workload, engine;
  std::vector<ThreadVerdict> threads;  // ascending
  std::vector<VerdictRange> ranges;
};

struct ServerHealth {
  std::string server;
  int cells = 0, ok = 0, failed = 0, crashed = 0;
  int unresponsive = 0;  // cells whose server stopped answering (run/watchdog.h)
  std::uint64_t ignored_errors = 0, reconnects = 0;
  std::uint64_t abandoned = 0;   // transactions unanswered at a run's end (a hung server)
  results::ErrorSummary errors;  // of the ok cells: retried errors and errors by code
};

struct CellTrouble {
  std::string server, workload, engine;
  int threads = 0, repeat = 0;
  results::CellStatus status = results::CellStatus::failed;
  std::string error;  // its first line
};

struct VariableChange {
  std::string name;
  std::optional<std::string> from, to;  // none: the server has no such variable
};

// One statement's plan on both instances (scope.engine), recorded after ANALYZE TABLE
// (results/record/statement_plan.h), with what differs from `from`'s
// (results/evidence/plan_diff.h).
struct StatementPlanRow {
  std::string statements, statement_class;       // "sysbench 1.0", "ORDER BY range"
  std::optional<results::StatementPlan> from, to;  // none: that instance did not record it
  std::vector<results::PlanChange> changes;        // empty when alike or either failed
};

struct UpgradeReport {
  UpgradeScope scope;
  results::RunInfo info;
  std::vector<WorkloadVerdict> workloads;  // in order of first appearance
  // The verdicts are the run's own (report/shared/comparison.h: compare_cells with the run's
  // estimate and min_difference, adjusted over the run's family of run_family_size
  // comparisons) wherever `from` is the run's baseline column; the others (own_estimates of
  // them) use the same estimator and are adjusted among themselves with `adjustment`.
  results::Adjustment adjustment = results::Adjustment::none;
  results::Estimate estimate = results::Estimate::independent;
  int own_estimates = 0;
  int run_family_size = 0;
  ServerHealth from_health, to_health;
  std::vector<CellTrouble> troubles;      // failed and crashed cells, in run order
  bool have_variables = false;            // both variable maps were given
  std::vector<VariableChange> variables;  // by name
  // The listed settings (results/evidence/settings_list.h) that differ, `from` as the baseline: the
  // ones known to move these workloads, named first.
  std::vector<results::SettingDifference> settings;
  // The statements the report's workloads send (sysbench::statements_of), in `from`'s order,
  // then those only `to` recorded; empty when neither instance recorded plans.
  std::vector<StatementPlanRow> plans;
  // What the replays' query classes returned on `to` against `from` in this profile
  // (results/evidence/query_changes.h); empty without a replay that recorded its results.
  std::vector<results::QueryChanges> query_changes{};
  // The run's splits of `to`'s gap to `from` by settings group (explain: settings or versus
  // why with `from` the baseline column), read from its directory by the caller.
  Explanations why;
  // Per query class, `to` against `from`, for the workloads whose classes get verdicts (a
  // replayed log's: report/run/class_verdict_table.h).
  std::vector<ClassVerdictBlock> classes{};
};

// Variables whose difference says nothing about the releases' behaviour: paths, ports,
// versions, identities, timestamps, GTID positions. An absolute path as either value counts.
bool ignored_variable(const std::string& name, const std::string& from_value,
                      const std::string& to_value);

// The variables that differ, split into those both servers have (values differ) and the names
// only one has: across flavours (MariaDB against MySQL) hundreds exist on one side only, and
// a table of "(absent)" rows would bury the values that differ.
struct VariableSplit {
  std::vector<VariableChange> both;
  std::vector<std::string> only_from, only_to;
};
VariableSplit split_variables(const std::vector<VariableChange>& changes);

// The variables that differ, by name, without the ignored ones.
std::vector<VariableChange> diff_variables(const results::VariableMap& from,
                                           const results::VariableMap& to);

// Variable maps are null when they could not be read (the report says so).
UpgradeReport build_upgrade_report(const results::RunResults& run, const UpgradeScope& scope,
                                   const results::VariableMap* from_variables,
                                   const results::VariableMap* to_variables);

// Per thread count of `w` where either server retried more than 1% of its transactions:
// "errors: 16 threads: <from> retried ...; <to> retried ..." (report/notes/error_notes.h); then,
// for the health section, "errors: <server> retried ..." for each server that did over all
// its ok cells (`w` null).
std::vector<std::string> upgrade_error_notes(const UpgradeReport& report, const WorkloadVerdict* w);

// A change as a report shows it: a flag list (optimizer_switch: "a=on,b=off,...") is long,
// so only the flags that differ, after a leading "..."; any other change as it is.
VariableChange shown_change(const VariableChange& change);

}  // namespace versus::report
