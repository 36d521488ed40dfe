#pragma once
// CellRun: one measured cell. lifecycle: cell (run_cell): copies the instance's snapshot on
// its server's host (host/server_host.h), starts the server there, drives the load from here,
// stops the server, brings its error log into the run directory. lifecycle: server
// (run_cell_on): drives the load on the running server of its (server, profile).
// Always returns a record: a failure becomes status failed (or crashed, when the server died
// under load) with the reason.
#include <atomic>
#include <chrono>

#include "host/run_directory.h"
#include "host/server_host.h"
#include "load/drive/driver.h"
#include "results/record/progress.h"
#include "results/record/record.h"
#include "run/cell_measure.h"
#include "run/instance.h"
#include "run/server_load.h"

namespace versus::run {

// How long a stop may take before SIGKILL when the configured shutdown_timeout is not worth
// waiting for: after a signal (every server should be down soon), and after a crash (the
// datadir is thrown away, and the server mysqld_safe restarted may hang in its startup,
// where it cannot take SIGTERM: MariaDB 10.11.19 waits in init_slave after a crash here).
constexpr std::chrono::seconds kQuickStop{10}, kStopAfterCrash{5};

// Stops a cell's (or a shared) server: within kQuickStop after a signal (`cancel` set), within
// kStopAfterCrash after a crash, else within its shutdown_timeout.
Expected<void> stop_after(host::StartedServer& srv, bool crashed, const std::atomic<bool>* cancel);

struct CellLoad {
  // The load: mix, ids, tables, threads, warmup, duration or max_requests, rate. The cell
  // sets driver.session.endpoint when its server runs.
  load::DriverOptions driver;
  std::string workload;
  int repeat = 0;
  std::vector<int> client_cpus;  // pin versus here while the cell runs; empty = no pinning
  // server_cpus, colocate and cpu_quota_pct need the server's pids on this machine
  // (StartedServer::local_server_pid); a cell on another host that asks for them fails.
  std::vector<int> server_cpus;  // pin the server here right after it starts; empty = none
  bool colocate = false;         // thread_placement: colocate (host/colocation.h)
  bool cpu_probe = false;        // measure host CPU speed before the load (host/cpu_probe.h)
  bool efficiency = false;       // record the interval's usage (load/drive/usage_probe.h)
  int cpu_quota_pct = 100;       // of the server's processes (host/cpu_quota.h); 100 = none
  bool prewarm = false;          // read the tables into the cache first (load/probe/prewarm.h)
  // The cell's watchdog (run/watchdog.h): no answer for stall_timeout ends the cell as
  // unresponsive; a stretch without one of stall_limit is recorded as a stall.
  std::chrono::milliseconds stall_timeout{30'000}, stall_limit{1'000};
};

// Starts the cell's server on a copy of instance.snapshot on its host, measures, stops it.
results::CellRecord run_cell(const CellJob& job, const host::RunDirectory& run);

// What a cell on a long-lived server records of it.
struct LiveServer {
  std::string my_cnf;     // as rendered for it
  std::string error_log;  // where its error log ends up, relative to the run directory
};

// Measures on `srv`, already started with `instance`'s tables loaded; leaves it running (a
// crash shows as status crashed: the caller decides what then).
results::CellRecord run_cell_on(host::StartedServer& srv, const CellJob& job,
                                const LiveServer& live);

// A record for a cell that could not run at all (its instance failed to prepare).
results::CellRecord failed_cell(const results::CellCoordinates& where, const std::string& error);
// failed_cell of a cell whose instance (or server) could not be prepared for `reason`: its
// error names the step in one line ("not run: its instance could not be prepared: ..."); the
// whole reason is said once, where the preparation failed.
results::CellRecord not_prepared_cell(const results::CellCoordinates& where,
                                      const std::string& reason);

}  // namespace versus::run
