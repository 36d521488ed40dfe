#pragma once
// SharedServer: lifecycle: server, the posts' way (a server started once per release, then
// prepare / run / cleanup per table). One datadir and one server per (server, profile),
// initialized and started when its first cell comes; each of its instances (engine, table
// size) is loaded into it when the instance's first cell comes, its data size measured on the
// running server (after FLUSH TABLES), and its tables dropped before the next instance loads.
// Cells must come in schedule order (run/schedule.h: instance by instance). A crash, or a
// cell's watchdog killing an unresponsive server, ends the server: its remaining cells fail
// without running. Nothing is left running after finish()
// or destruction. The counterpart of prepare_instance + run_cell (lifecycle: cell).
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "config/plan/plan.h"
#include "host/run_directory.h"
#include "host/server_host.h"
#include "results/record/progress.h"
#include "results/record/record.h"
#include "results/record/store.h"
#include "run/instance.h"
#include "run/preflight.h"
#include "run/schedule.h"

namespace versus::run {

struct SharedServerContext {
  const config::Plan& plan;
  const Preflight& preflight;
  const host::RunDirectory& dir;
  results::ResultStore& store;  // gets each instance's data size
  std::string password;         // the benchmark account's
  host::ServerHost& host;       // where its servers run (a host with datadir templates: here)
  const std::atomic<bool>* cancel = nullptr;
  results::ProgressSink& progress;
};

class SharedServer {
 public:
  explicit SharedServer(SharedServerContext context) : ctx_(std::move(context)) {}
  ~SharedServer() { finish(); }
  SharedServer(const SharedServer&) = delete;
  SharedServer& operator=(const SharedServer&) = delete;

  // The record of `cell`, measured on the server of its (server, profile), which is first
  // started (the previous one stopped) and loaded with the cell's instance as needed.
  results::CellRecord run(const config::Cell& cell, const results::CellCoordinates& where);
  // Stops the current server, keeps its error log, removes its datadir; idempotent.
  void finish();

 private:
  void start_group(const config::Cell& cell);
  Expected<void> start_server();
  void load_instance(const config::Cell& cell);
  Expected<void> load_and_measure(results::DataSizeRecord& size);
  void drop_instance();

  SharedServerContext ctx_;
  std::optional<std::pair<std::size_t, std::size_t>> group_;  // (server, profile)
  InstanceSpec group_spec_;                                   // named "<server>.<profile>"
  host::Configured conf_;                                     // its files and my.cnf
  std::unique_ptr<host::StartedServer> srv_;
  std::string group_error_;          // why the server could not start; empty when it runs
  std::uint64_t shared_before_ = 0;  // ibdata* bytes before its first load
  bool loaded_before_ = false;       // an earlier instance's tables were loaded and dropped
  std::optional<InstanceKey> instance_;
  Instance inst_;
  std::string instance_error_;  // why the current instance could not be loaded
  std::size_t crashed_in_ = 0;  // the cell the server crashed in (or was killed in); 0 = none
  bool lost_unresponsive_ = false;  // ... killed by the cell's watchdog, not crashed
};

}  // namespace versus::run
