#pragma once
// RemoteCell: lifecycle: cell for a server on another host (servers[].host). The same steps as
// run/instance.h and run/cell_run.h, with every step on the server's files and processes done
// there by the host's agent (remote/agent.h) and the load, the limits, the status snapshots and
// the table load done here over TCP to the host's address, as the benchmark account and the
// administration account, both granted to this machine's address only. Error logs come back
// into the local run directory. Nothing is left running there on any path: a started server
// is stopped through the agent when its step ends, and the agent stops whatever is left when
// its connection ends.
#include <atomic>

#include "host/run_directory.h"
#include "results/progress.h"
#include "results/record.h"
#include "run/cell_run.h"
#include "run/instance.h"

namespace versus::run {

// Initializes a datadir there, starts it, creates the accounts, loads the tables from here,
// measures their sizes, stops it and keeps the datadir there as the instance's snapshot.
Expected<Instance> prepare_remote_instance(const InstanceSpec& spec, const host::RunDirectory& run,
                                           results::ProgressSink& progress);

// Starts a server there on a copy of the snapshot, measures from here, stops it.
results::CellRecord run_remote_cell(const Instance& instance, const CellLoad& load,
                                    const results::CellCoordinates& where,
                                    const host::RunDirectory& run, results::ProgressSink& progress,
                                    const std::atomic<bool>* cancel);

}  // namespace versus::run
