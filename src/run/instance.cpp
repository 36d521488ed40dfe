#include "run/instance.h"

#include <unistd.h>

#include "client/connection.h"
#include "host/data_size.h"
#include "host/server_variables.h"
#include "host/table_statistics.h"
#include "load/loader.h"
#include "load/schema.h"
#include "remote/remote_host.h"
#include "results/settings_list.h"
#include "server/account.h"
#include "server/datadir.h"
#include "server/port.h"
#include "util/log.h"

namespace versus::run {
namespace fs = std::filesystem;

server::MyCnfInput my_cnf_input(const InstanceSpec& spec, const server::InstancePaths& paths) {
  server::MyCnfInput in{spec.release,   paths,        spec.as_root,          spec.title,
                        spec.fragments, spec.options, spec.server_fragments, spec.server_options};
  in.equalize = spec.equalize;
  return in;
}

Expected<std::pair<server::InstancePaths, std::string>> configure_instance(
    const InstanceSpec& spec, const host::RunDirectory& run) {
  auto port = spec.pick_port ? spec.pick_port() : server::find_free_port();
  if (!port) return fail(port.error());
  auto paths = server::InstancePaths::under(run.instance_dir(spec.name), *port);
  if (auto ok = server::check_inside(paths.datadir, run.path()); !ok) return fail(ok.error());
  if (paths.socket.string().size() > 107)
    return fail("socket path " + paths.socket.string() +
                " is longer than 107 bytes; choose a shorter --output");
  auto cnf = server::render_my_cnf(my_cnf_input(spec, paths));
  if (!cnf) return fail(cnf.error());
  if (auto ok = server::prepare_instance_dir(paths, *cnf); !ok) return fail(ok.error());
  return std::pair{paths, *cnf};
}

Expected<std::unique_ptr<server::ServerProcess>> start_instance(const InstanceSpec& spec,
                                                                const host::RunDirectory& run,
                                                                server::InstancePaths& paths,
                                                                std::string& my_cnf) {
  for (int attempt = 1;; ++attempt) {
    auto srv = server::ServerProcess::start(spec.release, paths, spec.timeouts);
    if (srv) {
      (void)run.record_server((*srv)->safe_pid(), (*srv)->server_pid(), spec.name);
      return srv;
    }
    if (attempt == 3 || !server::port_was_taken(srv.error().message))
      return fail(srv.error().context("starting " + spec.title));
    log::warn("{}: port {} was taken; attempt {} of 3 on a fresh port", spec.title, paths.port,
              attempt + 1);
    auto conf = configure_instance(spec, run);  // a fresh port
    if (!conf) return fail(conf.error());
    paths = conf->first;
    my_cnf = conf->second;
  }
}

client::Endpoint bench_endpoint(const InstanceSpec& spec, const server::InstancePaths& paths) {
  client::Endpoint ep;
  ep.port = paths.port;
  if (spec.use_socket) ep.socket = paths.socket.string();
  ep.user = server::kBenchUser;
  ep.password = spec.password;
  return ep;
}

Expected<void> create_account(const InstanceSpec& spec, server::ServerProcess& srv) {
  auto admin = client::Connection::open(srv.admin_endpoint());
  if (!admin) return fail(admin.error());
  return server::create_bench_account(*admin, spec.release.info, spec.password);
}

Expected<void> load_instance_tables(const InstanceSpec& spec, server::ServerProcess& srv,
                                    results::DataSizeRecord& size) {
  return load_tables_at(spec, bench_endpoint(spec, srv.paths()), srv.admin_endpoint(), size);
}

Expected<void> load_tables_at(const InstanceSpec& spec, const client::Endpoint& bench,
                              const client::Endpoint& admin_endpoint,
                              results::DataSizeRecord& size) {
  load::LoadSpec ls = spec.load;
  ls.endpoint = bench;
  if (auto ok = load::load_tables(ls); !ok) return ok;
  auto admin = client::Connection::open(admin_endpoint);
  if (!admin) return fail(admin.error());
  const std::string db(load::kDatabase);
  if (auto ok = host::refresh_statistics(*admin, spec.release.info, db, load::table_names(ls)); !ok)
    return ok;
  size.statistics = "ANALYZE TABLE";
  if (auto ok = host::read_server_sizes(*admin, db, size); !ok) return ok;
  // The same SHOW GLOBAL VARIABLES as variables.json, its listed settings kept in results.json.
  auto vars = host::read_variables(*admin);
  if (!vars) return fail(vars.error().context("reading the server's settings after the load"));
  size.settings = results::listed_settings(*vars);
  return {};
}

results::DataSizeRecord size_coordinates(const InstanceSpec& spec) {
  results::DataSizeRecord r;
  r.server = spec.server_name;
  r.profile = spec.profile_name;
  r.engine = spec.load.engine;
  r.tables = spec.load.tables + (spec.load.legacy_table ? 1 : 0);
  r.table_size = spec.load.table_size;
  return r;
}

Expected<void> initialize_instance(const InstanceSpec& spec, const server::InstancePaths& paths) {
  std::error_code ec;
  fs::remove_all(paths.datadir, ec);  // a resumed run may find a half-made one (inside the run)
  fs::create_directories(paths.datadir, ec);
  return server::initialize_datadir(spec.release, paths, spec.as_root);
}

std::string tables_text(const load::LoadSpec& load) {
  const std::string rows = std::to_string(load.table_size) + " rows";
  if (load.tables == 0) return "sbtest, " + rows;
  const std::string numbered = std::to_string(load.tables) + " x " + rows;
  return load.legacy_table ? numbered + " and sbtest" : numbered;
}

namespace {
// A copy of `fresh` when it exists (the same release and profile initialized for an earlier
// instance: its installer's output does not depend on the engine or size), else the
// installer's, then copied to `fresh` for the next instance (best effort).
Expected<void> fresh_datadir(const InstanceSpec& spec, const server::InstancePaths& paths,
                             const fs::path& fresh, results::ProgressSink& progress) {
  std::error_code ec;
  if (!fresh.empty() && fs::exists(fresh, ec)) return server::copy_datadir(fresh, paths.datadir);
  progress.note(spec.title + ": initializing the datadir");
  if (auto ok = initialize_instance(spec, paths); !ok) return ok;
  if (fresh.empty()) return {};
  // Copied aside, then renamed: a run killed mid-copy leaves no half template to resume from.
  const fs::path part = fresh.string() + ".part";
  auto kept = server::copy_datadir(paths.datadir, part);
  if (kept) fs::rename(part, fresh, ec);
  if (!kept || ec) {
    log::warn("{}: cannot keep the initialized datadir: {}", spec.title,
              kept ? ec.message() : kept.error().message);
    fs::remove_all(part, ec);
  }
  return {};
}

Expected<results::DataSizeRecord> initialize_and_load(const InstanceSpec& spec,
                                                      server::InstancePaths paths,
                                                      std::string my_cnf, const fs::path& fresh,
                                                      const host::RunDirectory& run,
                                                      results::ProgressSink& progress) {
  if (auto ok = fresh_datadir(spec, paths, fresh, progress); !ok) return fail(ok.error());
  const auto shared_before = host::shared_tablespace_bytes(paths.datadir);
  auto srv = start_instance(spec, run, paths, my_cnf);
  if (!srv) return fail(srv.error());
  progress.note(spec.title + ": loading " + tables_text(spec.load));
  auto size = size_coordinates(spec);
  auto loaded = create_account(spec, **srv);
  if (loaded) loaded = load_instance_tables(spec, **srv, size);
  if (!loaded) return fail(loaded.error().context("loading " + spec.title));
  if (auto ok = (*srv)->stop(); !ok) return fail(ok.error());
  host::read_file_sizes(paths.datadir, std::string(load::kDatabase), shared_before, size);
  return size;
}
}  // namespace

void log_prepared(const InstanceSpec& spec, std::chrono::steady_clock::time_point started,
                  bool ok) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  const std::string where = spec.host ? " on host " + spec.host->spec().name : "";
  if (ok)
    log::info("instance {}: initialized and loaded{} in {} ms", spec.title, where, ms);
  else
    log::warn("instance {}: failed after {} ms", spec.title, ms);
}

Expected<Instance> prepare_instance(const InstanceSpec& spec, const host::RunDirectory& run,
                                    const fs::path& fresh, results::ProgressSink& progress) {
  const auto started = std::chrono::steady_clock::now();
  auto conf = configure_instance(spec, run);
  if (!conf) return fail(conf.error().context(spec.title));
  const auto& paths = conf->first;
  auto loaded = initialize_and_load(spec, paths, conf->second, fresh, run, progress);
  std::error_code ec;
  fs::rename(paths.error_log, run.log_path(spec.name + ".prepare"), ec);
  log_prepared(spec, started, loaded.has_value());
  if (!loaded) return fail(loaded.error());
  Instance inst{spec, paths.dir, paths.dir / "snapshot", *loaded};
  fs::remove_all(inst.snapshot, ec);
  fs::rename(paths.datadir, inst.snapshot, ec);
  if (ec) return fail("cannot keep the snapshot of " + spec.title + ": " + ec.message());
  return inst;
}

}  // namespace versus::run
