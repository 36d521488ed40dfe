#include "run/instance.h"

#include "client/connection.h"
#include "host/data_size.h"
#include "host/server_diagnosis.h"
#include "host/server_variables.h"
#include "host/statement_plans.h"
#include "host/table_statistics.h"
#include "load/data/schema.h"
#include "load/family/loader.h"
#include "results/evidence/settings_list.h"
#include "server/port.h"
#include "run/watchdog.h"
#include "server/port.h"
#include "util/log.h"
#include "util/pid.h"

namespace versus::run {
namespace fs = std::filesystem;

server::MyCnfInput my_cnf_input(const InstanceSpec& spec, const server::InstancePaths& paths) {
  server::MyCnfInput in{spec.release,   paths,        spec.as_root,          spec.title,
                        spec.fragments, spec.options, spec.server_fragments, spec.server_options};
  in.equalize = spec.equalize;
  return in;
}

Expected<host::Configured> configure_instance(const InstanceSpec& spec) {
  return spec.host->configure(spec.name, my_cnf_input(spec, {}));
}

Expected<std::unique_ptr<host::StartedServer>> start_instance(const InstanceSpec& spec,
                                                              host::Configured& conf) {
  const bool retry = spec.host->capabilities().port_retry;
  for (int attempt = 1;; ++attempt) {
    auto srv = spec.host->start({spec.release, conf.paths, spec.timeouts, spec.name, spec.title});
    if (srv) return srv;
    if (!retry || attempt == 3 || !server::port_was_taken(srv.error().message))
      return fail(srv.error().context("starting " + spec.title));
    log::warn("{}: port {} was taken; attempt {} of 3 on a fresh port", spec.title, conf.paths.port,
              attempt + 1);
    auto again = configure_instance(spec);
    if (!again) return fail(again.error());
    conf = std::move(*again);
  }
}

client::Endpoint bench_endpoint(const InstanceSpec& spec, const host::StartedServer& srv) {
  return srv.bench_endpoint(spec.password, spec.use_socket);
}

namespace {
// The plans of spec.explain's statements and the listed settings of the server `admin` is
// connected to, into `size`.
Expected<void> read_plans_and_settings(const InstanceSpec& spec, client::Connection& admin,
                                       results::DataSizeRecord& size) {
  auto plans = host::record_plans(admin, spec.release.info, std::string(load::kDatabase),
                                  spec.explain);
  if (!plans) return fail(plans.error());
  size.plans = std::move(*plans);
  // The same SHOW GLOBAL VARIABLES as variables.json, its listed settings kept in results.json.
  auto vars = host::read_variables(admin);
  if (!vars) return fail(vars.error().context("reading the server's settings"));
  size.settings = results::listed_settings(*vars);
  return {};
}

Expected<void> load_tables_and_read(const InstanceSpec& spec, host::StartedServer& srv,
                                    results::DataSizeRecord& size) {
  load::LoadSpec ls = spec.load;
  ls.endpoint = bench_endpoint(spec, srv);
  if (auto ok = load::load_tables(ls); !ok) return ok;
  auto admin = client::Connection::open(srv.admin_endpoint());
  if (!admin) return fail(admin.error());
  const std::string db(load::kDatabase);
  if (auto ok = host::refresh_statistics(*admin, spec.release.info, db, load::table_names(ls)); !ok)
    return ok;
  size.statistics = "ANALYZE TABLE";
  if (auto ok = host::read_server_sizes(*admin, db, size); !ok) return ok;
  return read_plans_and_settings(spec, *admin, size);
}

}  // namespace

results::DataSizeRecord size_coordinates(const InstanceSpec& spec) {
  results::DataSizeRecord r;
  r.server = spec.server_name;
  r.profile = spec.profile_name;
  r.engine = spec.load.engine;
  r.tables = static_cast<int>(load::table_names(spec.load).size());
  r.table_size = spec.load.table_size;
  return r;
}

std::string tables_text(const load::LoadSpec& load) {
  if (load.warehouses > 0) return "TPC-C, " + std::to_string(load.warehouses) + " warehouses";
  const std::string rows = std::to_string(load.table_size) + " rows";
  std::vector<std::string> parts;
  for (const auto& f : load.custom) parts.push_back(f->source + "'s tables");
  for (const auto& r : load.replays)
    if (!r->data.empty()) parts.push_back("the dump " + r->data_source);
  // sysbench 0.4's single table, alone: no numbered tables and nothing else loaded.
  if (load.tables == 0 && parts.empty()) return "sbtest, " + rows;
  if (load.tables > 0) {
    const std::string numbered = std::to_string(load.tables) + " x " + rows;
    parts.insert(parts.begin(), load.legacy_table ? numbered + " and sbtest" : numbered);
  }
  if (parts.empty()) return "no tables";
  std::string text = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) text += ", " + parts[i];
  return text;
}

namespace {
// A fresh datadir on the instance's host (a copy of `fresh` where the host keeps one); returns
// the bytes of its shared tablespace.
Expected<std::uint64_t> new_datadir(const InstanceSpec& spec, const server::InstancePaths& paths,
                                      const fs::path& fresh, results::ProgressSink& progress) {
  if (!spec.host->has_template(fresh))
    progress.note(spec.title + ": initializing the datadir" + spec.host->where());
  return spec.host->initialize(spec.release, paths, fresh);
}

// The load's watchdog: no load board (the loaders' bulk connections report no progress), so it
// acts on a server process stopped or in D state for stall_timeout, and on a signal.
WatchHooks load_watch_hooks(const InstanceSpec& spec, host::StartedServer& srv) {
  WatchHooks h;
  h.cancel = spec.timeouts.cancel;
  h.server_state = [&srv] { return process_state(srv.local_server_pid()); };
  h.gather = [&srv] {
    return host::diagnose_server(
        {srv.admin_endpoint(), srv.local_server_pid(), [&srv] { return srv.log_tail(); }});
  };
  h.kill = [&srv] { return srv.kill_now(); };
  return h;
}

}  // namespace

Expected<void> load_instance_tables(const InstanceSpec& spec, host::StartedServer& srv,
                                    results::DataSizeRecord& size) {
  WatchLimits limits;
  limits.stall_timeout = spec.timeouts.stall;
  Watchdog dog(limits, load_watch_hooks(spec, srv));
  auto loaded = load_tables_and_read(spec, srv, size);
  const WatchReport seen = dog.finish();
  if (seen.alarm == Alarm::none) return loaded;
  if (seen.alarm == Alarm::interrupted) return fail("the load was interrupted: " + seen.reason);
  log::warn("{}: the server stopped answering during the load:\n{}", spec.title, seen.diagnosis);
  return fail("the server stopped answering: " + seen.reason + "; the watchdog " +
              (seen.killed ? "killed it" : "stopped the load") +
              (seen.diagnosis.empty() ? "" : " (diagnosis in run.log)"));
}

namespace {
// Initializes, starts, creates the accounts, loads and measures; stops before returning.
Expected<results::DataSizeRecord> initialize_and_load(const InstanceSpec& spec,
                                                      host::Configured& conf, const fs::path& fresh,
                                                      results::ProgressSink& progress) {
  auto shared_before = new_datadir(spec, conf.paths, fresh, progress);
  if (!shared_before) return fail(shared_before.error());
  auto srv = start_instance(spec, conf);
  if (!srv) return fail(srv.error());
  progress.note(spec.title + ": loading " + tables_text(spec.load));
  auto size = size_coordinates(spec);
  auto loaded = (*srv)->create_accounts(spec.password);
  if (loaded) loaded = load_instance_tables(spec, **srv, size);
  if (!loaded) return fail(loaded.error().context("loading " + spec.title));
  if (auto ok = (*srv)->stop(); !ok) return fail(ok.error());
  const std::string db(load::kDatabase);
  if (auto ok = spec.host->read_file_sizes(conf.paths.datadir, db, *shared_before, size); !ok)
    return fail(ok.error());
  return size;
}

// run.log's line on how preparing `spec` ended, with the milliseconds since `started`.
void log_prepared(const InstanceSpec& spec, std::chrono::steady_clock::time_point started,
                  bool ok) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  if (ok)
    log::info("instance {}: initialized and loaded{} in {} ms", spec.title, spec.host->where(), ms);
  else
    log::warn("instance {}: failed after {} ms", spec.title, ms);
}
}  // namespace

Expected<Instance> prepare_instance(const InstanceSpec& spec, const host::RunDirectory& run,
                                    const fs::path& fresh, results::ProgressSink& progress) {
  const auto started = std::chrono::steady_clock::now();
  auto conf = configure_instance(spec);
  if (!conf) return fail(conf.error().context(spec.title));
  const fs::path here = run.instance_dir(spec.name);
  std::error_code ec;
  fs::create_directories(here, ec);
  auto loaded = initialize_and_load(spec, *conf, fresh, progress);
  spec.host->keep_error_log(conf->paths.error_log, run.log_path(spec.name + ".prepare"));
  log_prepared(spec, started, loaded.has_value());
  if (!loaded) return fail(loaded.error());
  auto snapshot = spec.host->keep_snapshot(conf->paths);
  if (!snapshot) return fail(snapshot.error().context("keeping the snapshot of " + spec.title));
  return Instance{spec, here, *snapshot, *loaded};
}

namespace {
// Starts the copy at `conf` with spec's my.cnf, reads its plans and settings into `size`, stops.
Expected<void> restart_and_read(const InstanceSpec& spec, host::Configured& conf,
                                results::DataSizeRecord& size) {
  auto srv = start_instance(spec, conf);
  if (!srv) return fail(srv.error());
  auto read = [&]() -> Expected<void> {  // its connection ends before the server stops
    auto admin = client::Connection::open((*srv)->admin_endpoint());
    if (!admin) return fail(admin.error());
    return read_plans_and_settings(spec, *admin, size);
  }();
  auto stopped = (*srv)->stop();
  if (!read) return fail(read.error().context("reading " + spec.title + " after its restart"));
  return stopped;
}
}  // namespace

Expected<Instance> derive_instance(const InstanceSpec& spec, const Instance& source,
                                   const host::RunDirectory& run,
                                   results::ProgressSink& progress) {
  const auto started = std::chrono::steady_clock::now();
  progress.note(spec.title + ": a copy of " + source.spec.title + "'s instance, restarted");
  auto conf = configure_instance(spec);
  if (!conf) return fail(conf.error().context(spec.title));
  const fs::path here = run.instance_dir(spec.name);
  std::error_code ec;
  fs::create_directories(here, ec);
  results::DataSizeRecord size = source.data_size;
  const auto coordinates = size_coordinates(spec);
  size.server = coordinates.server;
  size.profile = coordinates.profile;
  size.data_from = source.spec.server_name;
  size.plans.clear();
  size.settings.clear();
  auto ok = spec.host->copy_datadir(source.snapshot, conf->paths.datadir);
  if (ok) ok = restart_and_read(spec, *conf, size);
  spec.host->keep_error_log(conf->paths.error_log, run.log_path(spec.name + ".prepare"));
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  if (!ok) return fail(ok.error().context(spec.title + ": from " + source.spec.title));
  log::info("instance {}: copied from {} and restarted in {} ms", spec.title, source.spec.title,
            ms);
  auto snapshot = spec.host->keep_snapshot(conf->paths);
  if (!snapshot) return fail(snapshot.error().context("keeping the snapshot of " + spec.title));
  return Instance{spec, here, *snapshot, size};
}

}  // namespace versus::run
