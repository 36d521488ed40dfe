#pragma once
// Explain: the phase `explain: settings` adds after a run (docs/why.md). For each column
// (servers[1..], under the first profile) whose gap to the baseline column is decided in some
// row of the run, the experiment of run/why/why_run.h runs as RUN/why-<column>/: the columns with
// the widest gap first; with explain_budget, a column whose experiment is estimated (as
// `versus plan` estimates) to take longer than what is left runs fewer groups, those of the
// largest expected effect, or none. The columns it leaves unsplit are written to
// RUN/explain.json with why; the reports read both (report/why/).
#include <atomic>
#include <optional>
#include <vector>

#include "config/plan/plan.h"
#include "results/record/progress.h"
#include "results/record/why_record.h"
#include "run/matrix_run.h"
#include "run/why/why_run.h"
#include "util/error.h"

namespace versus::run {

struct ExplainOutcome {
  std::vector<WhyOutcome> splits;             // in the order they ran
  std::vector<results::ExplainSkip> skipped;  // the columns not split, with why
  bool interrupted = false;                   // a signal stopped a second run
  std::optional<Error> stop_error;            // a second run had to stop, or a file failed
};

// Runs the phase for `run`, the finished run of `plan` (nothing when plan.explain_settings is
// false, or the run was interrupted or stopped).
ExplainOutcome run_explain(const config::Plan& plan, const RunOutcome& run,
                           const std::atomic<bool>* cancel, results::ProgressSink& progress);

}  // namespace versus::run
