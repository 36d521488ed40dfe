#pragma once
// Regression check between two runs (`versus compare BASE NEW`, `versus run --baseline`):
// the cells of both are matched by their coordinates and, per matched cell, NEW's TPS is
// compared with BASE's (ratio of means with its CI, Welch p-value, verdict). A regression
// is a significant TPS loss larger than the threshold. Pure: takes results, measures nothing.
#include <cstdint>
#include <string>
#include <vector>

#include "results/evidence/counter_ranking.h"
#include "results/evidence/error_summary.h"
#include "results/evidence/statement_ranking.h"
#include "results/record/record.h"
#include "results/stats/multiplicity.h"
#include "results/stats/statistics.h"

namespace versus::report {

// The coordinates cells are matched by (the repeat is not one: repeats are pooled).
struct CellKey {
  std::string workload, engine;
  int threads = 0;
  std::string server, profile;
  int tables = 0;  // cells match only at the same tables and table size
  std::int64_t table_size = 0;
  // ... and the same definition of the workload's statements (results::MixRecord::definition):
  // a workload whose SQL changed is two workloads, never compared.
  int definition = 0;
  // ... and the same choices that change what it measures (results::mix_variant): tpcc's home
  // draw and deck.
  std::string variant{};
};

// ", statements of definition N" for a microbenchmark (definition 1 for results recorded before
// definitions were), ", tpcc_home: ..., tpcc_mix: ..." for tpcc (", tpcc_home and tpcc_mix not
// recorded" in history rows stored before they were), "" for the other workloads: said
// wherever two definitions or variants could meet.
std::string definition_text(const CellKey& key);

// "server/profile": the column a cell's key stands in.
std::string column_name(const CellKey& key);

// regression / improvement: NEW slower / faster by at least the threshold (significant);
// unchanged: the ratio's interval inside +-threshold (equivalent); undecided: neither.
enum class Outcome { regression, improvement, unchanged, undecided, insufficient_data };

// "regression", "improvement", "unchanged", "undecided", "insufficient_data".
std::string outcome_name(Outcome outcome);

struct CellChange {
  CellKey key;                    // as in BASE
  std::string new_server;         // the server in NEW (another one when matched across servers)
  results::Summary base, now;     // TPS of the ok runs
  results::RatioEstimate change;  // NEW / BASE
  Outcome outcome = Outcome::insufficient_data;
  // For a significant difference (verdict faster or slower): the per-transaction counters
  // that moved most from BASE to NEW (results/evidence/counter_ranking.h; across flavours only
  // those results/evidence/counter_mapping.h maps); empty otherwise, and for results without usage
  // figures.
  std::vector<results::CounterChange> counters;
  // With the counters, first: the statement classes whose time per transaction moved most
  // (results/evidence/statement_ranking.h; empty for results without statement times).
  std::vector<results::StatementChange> statements;
  // With the counters: the names only BASE has, and only NEW has (another flavour's).
  std::vector<std::string> only_base_counters, only_new_counters;
  // The retried errors and the errors by code of each side's ok runs (report/notes/error_notes.h).
  results::ErrorSummary base_errors, new_errors;
  // TPC-C's New-Orders per minute of the ok runs (n = 0 for the other workloads); the change
  // and verdict are TPS's, which NOPM follows (New-Order is a fixed 45% of the mix).
  results::Summary base_nopm, new_nopm;
};

struct RegressionOptions {
  double threshold_pct = 5;  // a significant loss of more than this (percent TPS) regresses
  double confidence = 0.95;  // of the ratio's CI; the test's alpha is 1 - confidence
  // Over all matched cells together (results/stats/multiplicity.h): a nightly gate over hundreds
  // of cells would otherwise fail most nights by chance.
  results::Adjustment adjustment = results::Adjustment::holm;
};

struct RegressionReport {
  RegressionOptions options;
  results::RunInfo base_info, new_info;
  // Each run had exactly one server, and they differ: cells were matched on everything
  // but the server (nightly runs of "trunk" against a release, say).
  bool across_servers = false;
  std::vector<CellChange> matched;  // ordered by workload, engine, server, profile, threads
  std::vector<CellKey> only_in_base, only_in_new;

  int count(Outcome outcome) const;
  int unmatched() const { return static_cast<int>(only_in_base.size() + only_in_new.size()); }
  bool has_regression() const { return count(Outcome::regression) > 0; }
};

// Empty, unless the two runs' servers ran on different machines (this one, or a host of
// servers[].host, by name): then a sentence saying so, which every format prints first, since
// the change then includes the placement as well as the release.
std::string placement_warning(const RegressionReport& report);

// Regression when the verdict is slower and the ratio is below 1 - threshold/100;
// improvement when faster and above 1 + threshold/100; insufficient data when the verdict
// says so (fewer than 2 ok runs on a side: never a regression); otherwise unchanged.
Outcome classify(const results::RatioEstimate& change, double threshold_pct);

// The matched cells' p-values are adjusted together by options.adjustment before they are
// classified.
RegressionReport compare_runs(const results::RunResults& base, const results::RunResults& now,
                              const RegressionOptions& options = {});

}  // namespace versus::report
