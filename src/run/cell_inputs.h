#pragma once
// CellInputs: what the run layer takes from the plan, as plain parameters: an instance's
// spec (what its server is and loads), a cell's load and its coordinates in the results.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "config/plan/plan.h"
#include "host/server_host.h"
#include "load/family/loader.h"
#include "results/record/record.h"
#include "run/cell_run.h"
#include "run/instance.h"
#include "run/preflight.h"
#include "run/schedule.h"

namespace versus::run {

// What each instance of `plan` in `engine` loads before its cells run: load::tables_for over
// the plan's workloads, tables and rand_* keys at one of its table sizes, with its
// myisam_max_rows; the endpoint is set at the load.
load::LoadSpec instance_tables(const config::Plan& plan, const std::string& engine,
                               std::int64_t table_size);

// Instance `key` of the plan: named "<server>.<profile>.<engine>" (".s<rows>" appended when
// the plan sweeps table sizes), its release and my.cnf fragments from the preflight, its
// server on `host` (reached over TCP where the host has no socket).
InstanceSpec instance_spec(const config::Plan& plan, const Preflight& preflight,
                           const InstanceKey& key, const std::string& password,
                           host::ServerHost* host);

// "<server>.<profile>": the directory name of what one (server, profile) shares (its
// lifecycle: server server, its lifecycle: cell initialized datadir).
// Every local instance's socket (output/instances/<name>/sock, server/instance_paths.h) fits a
// Unix socket address (107 bytes): checked before a run starts anything, so a long --output
// fails at once rather than each of its instances at its preparation.
Expected<void> check_socket_paths(const config::Plan& plan, const std::filesystem::path& output);

// "<server>.<profile>.<engine>", ".<tag><size>" appended when the plan sweeps sizes: the
// directory name of instance `key`.
std::string instance_name(const config::Plan& plan, const InstanceKey& key);

std::string server_profile_name(const config::Plan& plan, std::size_t server, std::size_t profile);

// Where cell `c` sits in the results: its coordinates, `index` of `total` (1-based).
results::CellCoordinates coordinates(const config::Plan& plan, const config::Cell& c,
                                     std::size_t index, std::size_t total);

// The load cell `c` drives: mix, ids, run length (include[] applied), pinning, probes.
CellLoad cell_load(const config::Plan& plan, const config::Cell& c);

}  // namespace versus::run
