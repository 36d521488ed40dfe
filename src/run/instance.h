#pragma once
// Instance: one (server, profile, engine) of the matrix. Prepared once: a datadir
// initialized by the release's own installer, the sysbench tables loaded, the server
// stopped and the datadir kept as a snapshot. Every cell then starts from a copy of it,
// so a thread sweep never reloads and every cell starts from the same state.
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "client/endpoint.h"
#include "host/run_directory.h"
#include "load/loader.h"
#include "results/progress.h"
#include "results/record.h"
#include "server/my_cnf.h"
#include "server/port.h"
#include "server/release.h"
#include "server/server_process.h"
#include "util/expected.h"

namespace versus::remote {
class RemoteHost;
}

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
  bool use_socket = true;  // connect over the Unix socket, else TCP
  server::Timeouts timeouts;
  std::string password;  // the benchmark account's
  bool as_root = false;
  server::PortPicker pick_port = server::find_free_port;  // for every start of its server
  // A server on another host (run/remote_cell.h): its agent, where the instance lives there
  // (the host's run directory), and the administration account's password; null here.
  remote::RemoteHost* host = nullptr;
  std::string host_run_dir{};
  std::string admin_password{};
};

struct Instance {
  InstanceSpec spec;
  std::filesystem::path dir;          // run/instances/<name>
  std::filesystem::path snapshot;     // dir/snapshot: the loaded datadir
  results::DataSizeRecord data_size;  // of the sysbench tables right after the load
};

// The benchmark account's endpoint of a started instance: its socket or 127.0.0.1:port.
client::Endpoint bench_endpoint(const InstanceSpec& spec, const server::InstancePaths& paths);

// What my.cnf is rendered from for `spec` at `paths`: the one place an instance's settings
// (profile, server, equalize groups) become the renderer's input, wherever it runs and for the
// instance cache's key alike.
server::MyCnfInput my_cnf_input(const InstanceSpec& spec, const server::InstancePaths& paths);

// Renders my.cnf for a fresh port (spec.pick_port) and writes it into the instance directory.
Expected<std::pair<server::InstancePaths, std::string>> configure_instance(
    const InstanceSpec& spec, const host::RunDirectory& run);

// Starts the instance's server and journals its pids. When the port chosen for it was
// taken in the meantime, renders my.cnf on a fresh port and tries again (three times);
// `paths` and `my_cnf` then describe the port it runs on.
Expected<std::unique_ptr<server::ServerProcess>> start_instance(const InstanceSpec& spec,
                                                                const host::RunDirectory& run,
                                                                server::InstancePaths& paths,
                                                                std::string& my_cnf);

// A fresh datadir at paths.datadir (a half-made one of a resumed run removed first),
// initialized by the release's own installer.
Expected<void> initialize_instance(const InstanceSpec& spec, const server::InstancePaths& paths);

// The benchmark account (spec.password) on a started server, over its admin endpoint.
Expected<void> create_account(const InstanceSpec& spec, server::ServerProcess& srv);

// Drops and re-creates spec.load's tables on a started server as the benchmark account,
// then reads the server's own size figures of them into `size` (host/data_size.h).
Expected<void> load_instance_tables(const InstanceSpec& spec, server::ServerProcess& srv,
                                    results::DataSizeRecord& size);
// The same with the server's benchmark and administration endpoints.
Expected<void> load_tables_at(const InstanceSpec& spec, const client::Endpoint& bench,
                              const client::Endpoint& admin, results::DataSizeRecord& size);

// The data size record's coordinates: the instance's server, profile, engine and tables.
results::DataSizeRecord size_coordinates(const InstanceSpec& spec);

// "1 x 10000 rows", "sbtest, 2000 rows" (only sysbench 0.4's table), "2 x 1000 rows and
// sbtest": what the load creates, as the progress line says it.
std::string tables_text(const load::LoadSpec& load);

// run.log's line on how preparing `spec` ended, with the milliseconds since `started`: "failed
// after" or "initialized and loaded [on host H] in".
void log_prepared(const InstanceSpec& spec, std::chrono::steady_clock::time_point started, bool ok);

// Initializes, starts, loads, measures the data size (host/data_size.h), stops and snapshots.
// The datadir is a copy of `fresh` when that exists (an earlier instance of the same server
// and profile initialized it), else the installer's, then kept as `fresh` (none when empty).
// Nothing is left running on any path.
Expected<Instance> prepare_instance(const InstanceSpec& spec, const host::RunDirectory& run,
                                    const std::filesystem::path& fresh,
                                    results::ProgressSink& progress);

}  // namespace versus::run
