#pragma once
// ServerLoad: one load against a server that is running, the steps a matrix cell and
// `versus bench run` share: the server's limits checked over a connection of its own
// (closed before any session connects, so the load can use every connection the limits
// allow), SHOW GLOBAL STATUS before and after when asked (never part of the load), the load
// itself. Nothing here starts or stops a server; the caller decides what a failure means
// (a failed cell, an exit status).
#include <atomic>
#include <optional>
#include <string>

#include "client/endpoint.h"
#include "load/drive/driver.h"
#include "load/probe/prewarm.h"
#include "load/probe/server_limits.h"
#include "load/probe/server_status.h"
#include "measured/warmup_record.h"
#include "util/expected.h"

namespace versus::run {

struct ServerLoad {
  load::DriverOptions driver;  // the load; driver.session.endpoint is where it goes
  client::Endpoint admin;      // for the limits and the status snapshots
  load::LimitsOwner limits_owner = load::LimitsOwner::profile;  // who raises a limit
  bool status_deltas = false;  // snapshot SHOW GLOBAL STATUS before and after
  std::string engine{};        // of the tables: MyISAM needs more open files
  bool prewarm = false;        // read the tables into the cache first (load/probe/prewarm.h)
};

struct LoadOutcome {
  load::LoadResult result;
  // after - before, when status_deltas was asked and both snapshots could be read.
  std::optional<load::StatusDelta> status;
  std::optional<load::PrewarmResult> prewarm;  // when prewarm was asked
};

// Fails before any session connects when the limits cannot hold the load, the prewarm
// fails, or a snapshot before it cannot be read. The prewarm runs after the limits check,
// over a connection of the benchmark account, before the status snapshot; `progress` and `cancel`
// as load::run_load takes them.
Expected<LoadOutcome> run_server_load(const ServerLoad& load, const load::ProgressFn& progress,
                                      const std::atomic<bool>* cancel);

// How the load reached its measured interval, as the records keep it.
measured::WarmupRecord warmup_record(const LoadOutcome& outcome);

}  // namespace versus::run
