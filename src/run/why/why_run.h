#pragma once
// WhyRun: `versus why RUN_DIR --server S`: plans the experiment that splits S's gap to the
// baseline by settings group (run/why/why_plan.h) from a finished run, runs it as a run of its own
// (RUN_DIR/why-S/, the parent's matrix with the plan's overrides and the caller's, so --resume
// works on it as on any run), and splits each row's gap (results/evidence/why_split.h).
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "config/plan/overrides.h"
#include "results/evidence/why_split.h"
#include "results/record/progress.h"
#include "run/matrix_run.h"
#include "util/expected.h"

namespace versus::run {

struct WhyRunRequest {
  std::filesystem::path parent;  // the finished run's directory
  std::string server;            // S: a server of its matrix other than the first
  std::string profile;           // P; "" = its first profile
  std::filesystem::path output;  // the why run's directory; "" = parent / "why-<S>"
  std::vector<std::string> sets;  // --set KEY=VALUE on top (repeats=5, ...)
  const std::atomic<bool>* cancel = nullptr;
  std::size_t max_groups = SIZE_MAX;  // WhyRequest::max_groups
  std::string within{};               // WhyRequest::within: one group, split by variable
};

// "why-<server>", or "why-<server>-<group>" within a group (its spaces as '-').
std::string why_dir_name(const std::string& server, const std::string& within);

// The experiment, planned: its variants, the second run's plan and where it runs.
struct WhyExperiment {
  results::WhyDesign design;
  config::Plan plan;
  std::filesystem::path output;
};

struct WhyOutcome {
  RunOutcome run;
  results::WhyDesign design;
  std::vector<results::WhyRow> rows;
};

// Plans the experiment (writes the variants' fragments beside `output`, nothing else).
Expected<WhyExperiment> plan_why_run(const WhyRunRequest& request);

// Writes the design into the output directory, then runs the second run (resuming it when the
// directory already has results), then splits each row. Interrupted or stopped: the outcome
// says so (RunOutcome), its rows are the rounds recorded.
Expected<WhyOutcome> run_why_experiment(const WhyExperiment& experiment,
                                        const std::atomic<bool>* cancel,
                                        results::ProgressSink& progress);

// plan_why_run, then run_why_experiment.
Expected<WhyOutcome> run_why(const WhyRunRequest& request, results::ProgressSink& progress);

}  // namespace versus::run
