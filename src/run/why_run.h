#pragma once
// WhyRun: `versus why RUN_DIR --server S`: plans the experiment that splits S's gap to the
// baseline by settings group (run/why_plan.h) from a finished run, runs it as a run of its own
// (RUN_DIR/why-S/, the parent's matrix with the plan's overrides and the caller's, so --resume
// works on it as on any run), and splits each row's gap (results/evidence/why_split.h).
#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "config/plan/overrides.h"
#include "results/evidence/why_split.h"
#include "results/record/progress.h"
#include "run/matrix_run.h"
#include "util/expected.h"

namespace versus::run {

// The why run's rounds unless --set repeats says otherwise: the parent's repeats, at least 5.
inline constexpr int kWhyRounds = 5;

struct WhyRunRequest {
  std::filesystem::path parent;  // the finished run's directory
  std::string server;            // S: a server of its matrix other than the first
  std::string profile;           // P; "" = its first profile
  std::filesystem::path output;  // the why run's directory; "" = parent / "why-<S>"
  std::vector<std::string> sets;  // --set KEY=VALUE on top (repeats=5, ...)
  const std::atomic<bool>* cancel = nullptr;
};

struct WhyOutcome {
  RunOutcome run;
  results::WhyDesign design;
  std::vector<results::WhyRow> rows;
};

Expected<WhyOutcome> run_why(const WhyRunRequest& request, results::ProgressSink& progress);

}  // namespace versus::run
