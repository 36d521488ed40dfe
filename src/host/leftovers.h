#pragma once
// Leftovers: servers a killed run left behind. Found from the run's own journal of pids
// (servers.pids), and stopped only when the process still is a server or mysqld_safe
// whose command line names this run directory: a reused pid is never touched.
#include <string>
#include <vector>

#include "host/run_directory.h"

namespace versus::host {

// Stops them (mysqld_safe first, so it cannot restart the server; then SIGTERM to the
// server, SIGKILL after `grace`). Returns one line per process it stopped.
std::vector<std::string> stop_leftover_servers(
    const RunDirectory& run, std::chrono::milliseconds grace = std::chrono::seconds(30));

}  // namespace versus::host
