#pragma once
// MatrixRun: a whole plan, end to end. Preflight (nothing starts unless every check
// passes), one prepared instance per (server, profile, engine), then every cell in the
// interleaved schedule, each record appended to results.json as soon as it finishes.
#include <atomic>
#include <filesystem>
#include <optional>
#include <string>

#include "config/plan/plan.h"
#include "config/plan/shards.h"
#include "load/family/loader.h"
#include "results/record/progress.h"
#include "results/record/record.h"
#include "run/cell_inputs.h"
#include "server/port.h"
#include "util/expected.h"

namespace versus::run {

struct RunOptions {
  std::filesystem::path output;               // empty: results/<run-id>
  bool keep_snapshots = false;                // keep instances/*/snapshot after the run
  const std::atomic<bool>* cancel = nullptr;  // set by a signal: stop after the current step
  bool resume = false;  // output is an existing run: stop its leftovers, run missing cells
  bool no_cache = false;  // prepare every instance, as with instance_cache: false
  // Only this shard's cells (config/plan/shards.h); a resumed run keeps the shard it recorded.
  config::ShardSpec shard{};
  // The port of every server start; tests inject one that hands out a taken port.
  server::PortPicker pick_port = server::find_free_port;
};

struct RunOutcome {
  std::filesystem::path dir;
  results::RunResults results;
  bool interrupted = false;
  // Set when the run had to stop before its end: a record could not be written (disk full,
  // ...), or an unexpected failure (an exception from a library, a bug) escaped a cell, whose
  // servers were then stopped by their journalled pids. Everything recorded before it is
  // intact in results.json, and --resume runs the rest.
  std::optional<Error> stop_error;
};

// The seed of a sharded run whose plan has none (seed: 0): derived from the plan's identity
// (config::plan_id), so every shard, on any host, draws the same ids per cell; in 1..2^62-1
// (what --seed takes).
std::uint64_t shard_seed(const std::string& plan_id);

Expected<RunOutcome> run_matrix(const config::Plan& plan, const RunOptions& options,
                                results::ProgressSink& progress);

}  // namespace versus::run
