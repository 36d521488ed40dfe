#pragma once
// CellRun: one measured cell. Copies the instance's snapshot, starts the server, drives
// the load, stops the server, keeps its error log. Always returns a record: a failure
// becomes status failed (or crashed, when the server died under load) with the reason.
#include <atomic>

#include "load/driver.h"
#include "results/progress.h"
#include "results/record.h"
#include "run/instance.h"
#include "run/run_directory.h"
#include "run/server_load.h"

namespace versus::run {

struct CellLoad {
  // The load: mix, ids, tables, threads, warmup, duration or max_requests, rate. The cell
  // sets driver.session.endpoint when its server runs.
  load::DriverOptions driver;
  std::string workload;
  int repeat = 0;
  std::vector<int> client_cpus;  // pin versus here while the cell runs; empty = no pinning
  std::vector<int> server_cpus;  // pin the server here right after it starts; empty = none
  bool cpu_probe = false;        // measure host CPU speed before the load (run/cpu_probe.h)
  bool efficiency = false;       // record the interval's usage (load/usage_probe.h)
  int cpu_quota_pct = 100;       // of the server's processes (run/cpu_quota.h); 100 = none
  bool prewarm = false;          // read the tables into the cache first (load/prewarm.h)
};

results::CellRecord run_cell(const Instance& instance, const CellLoad& load,
                             const results::CellCoordinates& where, const RunDirectory& run,
                             results::ProgressSink& progress, const std::atomic<bool>* cancel);

// A record for a cell that could not run at all (its instance failed to prepare).
results::CellRecord failed_cell(const results::CellCoordinates& where, const std::string& error);

}  // namespace versus::run
