#pragma once
// Instance: one (server, profile, engine) of the matrix. Prepared once on its server's host
// (host/server_host.h: this machine or another one): a datadir initialized by the release's
// own installer, the sysbench tables loaded from here, the server stopped and the datadir kept
// there as a snapshot. Every cell then starts from a copy of it, so a thread sweep never
// reloads and every cell starts from the same state.
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "client/endpoint.h"
#include "host/run_directory.h"
#include "host/server_host.h"
#include "load/family/explain_template.h"
#include "load/family/loader.h"
#include "results/record/progress.h"
#include "results/record/record.h"
#include "server/my_cnf.h"
#include "server/release.h"
#include "server/server_process.h"
#include "util/expected.h"

namespace versus::run {

struct InstanceSpec {
  std::string name;                       // "<server>.<profile>.<engine>": a directory name
  std::string title;                      // "<server> / <profile> / <engine>": for messages
  std::string server_name, profile_name;  // the plan's names (coordinates of its records)
  server::Release release;
  std::vector<server::CnfFragment> fragments;
  std::vector<std::pair<std::string, std::string>> options;
  std::vector<std::string> equalize;  // the profile's equalize groups (server/equalize.h)
  std::vector<server::CnfFragment> server_fragments;  // the release's own, after the profile's
  std::vector<std::pair<std::string, std::string>> server_options;
  load::LoadSpec load;     // the tables its cells read (load::tables_for); endpoint: set on load
  // The statements explained after the load (load::explain_templates of `load`), their plans
  // kept in the data size record.
  std::vector<load::ExplainTemplate> explain;
  bool use_socket = true;  // connect over the Unix socket, else TCP
  server::Timeouts timeouts;
  std::string password;  // the benchmark account's
  bool as_root = false;
  host::ServerHost* host = nullptr;  // where its server runs; outlives the instance
};

struct Instance {
  InstanceSpec spec;
  std::filesystem::path dir;          // run/instances/<name> here: variables.json
  std::filesystem::path snapshot;     // the loaded datadir, on its host
  results::DataSizeRecord data_size;  // of the sysbench tables right after the load
};

// The benchmark account's endpoint of `srv`: its socket when spec.use_socket, else TCP.
client::Endpoint bench_endpoint(const InstanceSpec& spec, const host::StartedServer& srv);

// What my.cnf is rendered from for `spec` at `paths`: the one place an instance's settings
// (profile, server, equalize groups) become the renderer's input, wherever it runs and for the
// instance cache's key alike.
server::MyCnfInput my_cnf_input(const InstanceSpec& spec, const server::InstancePaths& paths);

// The instance's directory on its host, a fresh port and my.cnf written there.
Expected<host::Configured> configure_instance(const InstanceSpec& spec);

// Starts the instance's server on its host. When the port chosen for it was taken in the
// meantime on a host where a fresh one is worth trying (HostCapabilities::port_retry),
// configures it on a fresh port and tries again (three times); `conf` then describes the port
// it runs on.
Expected<std::unique_ptr<host::StartedServer>> start_instance(const InstanceSpec& spec,
                                                              host::Configured& conf);

// Drops and re-creates spec.load's tables on a started server as the benchmark account,
// then reads the server's own size figures of them into `size` (host/data_size.h). Watched
// (run/watchdog.h): a server stopped or in D state for spec.timeouts.stall, or a stop request
// that the load does not end by itself, kills the server and fails the load.
Expected<void> load_instance_tables(const InstanceSpec& spec, host::StartedServer& srv,
                                    results::DataSizeRecord& size);

// The data size record's coordinates: the instance's server, profile, engine and tables.
results::DataSizeRecord size_coordinates(const InstanceSpec& spec);

// "1 x 10000 rows", "sbtest, 2000 rows" (only sysbench 0.4's table), "2 x 1000 rows and
// sbtest": what the load creates, as the progress line says it.
std::string tables_text(const load::LoadSpec& load);

// Initializes, starts, creates the accounts, loads, measures the data size (host/data_size.h),
// stops and snapshots, on spec.host; its error log comes to run's logs/<name>.prepare. On a
// host with datadir templates the datadir is a copy of `fresh` when that exists (an earlier
// instance of the same server and profile initialized it), else the installer's, then kept as
// `fresh` (none when empty). Nothing is left running on any path.
Expected<Instance> prepare_instance(const InstanceSpec& spec, const host::RunDirectory& run,
                                    const std::filesystem::path& fresh,
                                    results::ProgressSink& progress);

// The instance of a server whose data comes from another's (servers[].data_from): a copy of
// `source`'s snapshot (the same release's, the same profile, engine and tables) started once
// with spec's my.cnf, its plans and listed settings read there (a setting that changes how
// the server reads the same tables shows in them), stopped and kept as spec's snapshot. Its
// sizes are the source's (DataSizeRecord::data_from names it). Nothing is left running.
Expected<Instance> derive_instance(const InstanceSpec& spec, const Instance& source,
                                   const host::RunDirectory& run,
                                   results::ProgressSink& progress);

}  // namespace versus::run
