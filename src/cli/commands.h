#pragma once
// One function per subcommand; each returns the process exit status (cli/exit_code.h).
#include <cstdint>
#include <string>

#include "config/plan/overrides.h"
#include "run/matrix_run.h"

namespace versus::cli {

struct RunArgs {
  std::string matrix;
  std::string output;
  std::string resume;  // a run directory to resume instead of a new run
  bool keep_snapshots = false;
  bool no_cache = false;
  std::size_t width = 100;
  std::string baseline;      // a run to compare the results with (versus compare), if any
  double threshold_pct = 5;  // the regression threshold of that comparison
  std::string history;       // a history file to append the finished run to, if any
  std::string history_page;  // then rewrite the history's page (versus history show -f html)
  std::uint64_t seed = 0;    // --seed: overrides the matrix's seed; 0 = not given
  std::string shard;         // --shard I/N: only that shard's cells (config/plan/shards.h)
  config::MatrixOverrides overrides;  // --server NAME=BASEDIR, --set KEY=VALUE
};
int run_command(const RunArgs& args);

// A finished run's terminal table, its report files and closing summary (run and merge);
// returns the run's exit status.
int report_run(const run::RunOutcome& outcome, std::size_t width);

// shards > 0: then what each of that many shards holds (versus plan --shards N).
int plan_command(const std::string& matrix, const config::MatrixOverrides& overrides,
                 int shards = 0);

struct ReportArgs {
  std::string run_dir;
  std::string format = "terminal";
  std::size_t width = 100;
  std::string metric;  // tps, qps, rw or p95; empty: the run's own (its matrix's `metric`)
};
int report_command(const ReportArgs& args);

}  // namespace versus::cli
