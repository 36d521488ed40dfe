#pragma once
// CellMeasure: one cell's measurement on a started server, wherever that server runs (this
// machine or another host: host/server_host.h), and the record's parts both lifecycles share
// (run/cell_run.h): its coordinates, its name, the log lines around it. A failure becomes
// status failed (or crashed, when the server died under load; unresponsive, when it stopped
// answering and the cell's watchdog ended it: run/watchdog.h) with the reason.
#include <sys/types.h>

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "client/endpoint.h"
#include "load/drive/usage_probe.h"
#include "results/record/progress.h"
#include "results/record/record.h"
#include "run/instance.h"

namespace versus::run {

struct CellLoad;

// One cell to measure: its instance, its load, where it sits in the matrix, where it shows its
// progress, and what stops it early (may be null): what every step of a cell passes on.
struct CellJob {
  const Instance& instance;
  const CellLoad& load;
  const results::CellCoordinates& where;
  results::ProgressSink& progress;
  const std::atomic<bool>* cancel = nullptr;
};

// What measuring needs of a started server.
struct MeasureTarget {
  client::Endpoint admin;                 // may read its status and variables and raise its limits
  client::Endpoint bench;                 // the benchmark account (the cell sets the database)
  std::function<bool()> died;             // it died, or mysqld_safe restarted it, since start
  std::function<std::string()> log_tail;  // why, from its error log
  // The usage snapshots' probe over `admin` (nullptr-free Expected: fails when it cannot connect).
  std::function<Expected<load::UsageProbe>(const client::Endpoint& admin)> open_probe;
  std::filesystem::path variables_file;  // where its variables are kept (host/server_variables.h)
  // Called from the watchdog's thread: kill it at once (StartedServer::kill_now), and its pid
  // on this machine for /proc (0 on another host).
  std::function<bool()> kill_now;
  std::function<pid_t()> local_pid;
};

// Drives the cell's load against `target` and fills `rec`: version and variables, figures,
// warmup, usage (when the plan asks for it and the probe connects), or why it failed.
void measure(const MeasureTarget& target, const CellJob& job, results::CellRecord& rec);

// The record's coordinates and what the cell asked for, before anything runs.
results::CellRecord first_record(const Instance& inst, const CellLoad& cl,
                                 const results::CellCoordinates& where);
results::CellRecord blank_record(const results::CellCoordinates& where);
void mark_failed(results::CellRecord& rec, std::string why);
// "007-<instance>.<workload>.t<threads>.r<repeat>": the cell's file names.
std::string cell_name(const results::CellCoordinates& where, const std::string& instance);
// Runs `body` (which returns the record) between the cell's "started" and "ok/failed" log lines.
results::CellRecord logged(const results::CellCoordinates& where, const std::string& name,
                           const std::function<results::CellRecord()>& body);

}  // namespace versus::run
