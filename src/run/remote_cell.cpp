#include "run/remote_cell.h"

#include "host/noise_control.h"
#include "host/server_variables.h"
#include "load/schema.h"
#include "remote/remote_host.h"
#include "run/cell_measure.h"
#include "server/account.h"
#include "server/my_cnf.h"
#include "util/log.h"
#include "util/subprocess.h"
#include "util/whole_file.h"

namespace versus::run {
namespace fs = std::filesystem;
using remote::agent::Json;

namespace {

// One server the agent started; destruction stops it there (by pid, by the agent).
class RemoteServer {
 public:
  RemoteServer(remote::RemoteHost& host, std::string id, server::InstancePaths paths,
               std::chrono::milliseconds shutdown, pid_t server_pid)
      : host_(host),
        id_(std::move(id)),
        paths_(std::move(paths)),
        shutdown_(shutdown),
        server_pid_(server_pid) {}
  ~RemoteServer() { (void)stop(shutdown_); }
  RemoteServer(const RemoteServer&) = delete;
  RemoteServer& operator=(const RemoteServer&) = delete;

  Expected<void> stop(std::chrono::milliseconds limit) {
    if (stopped_) return {};
    stopped_ = true;
    auto r = host_.call("stop", {{"id", id_}, {"limit_ms", limit.count()}});
    if (!r) return fail(r.error());
    return {};
  }
  bool died() {
    auto r = host_.call("alive", {{"id", id_}});
    return !r || !r->value("running", false) || r->value("server_pid", 0) != server_pid_;
  }
  remote::RemoteHost& host() { return host_; }
  const std::string& id() const { return id_; }
  const server::InstancePaths& paths() const { return paths_; }

 private:
  remote::RemoteHost& host_;
  std::string id_;
  server::InstancePaths paths_;
  std::chrono::milliseconds shutdown_;
  pid_t server_pid_;
  bool stopped_ = false;
};

client::Endpoint endpoint(const InstanceSpec& spec, unsigned port, const char* user,
                          const std::string& password) {
  client::Endpoint ep;
  ep.host = spec.host->address();
  ep.port = port;
  ep.user = user;
  ep.password = password;
  return ep;
}

client::Endpoint admin_of(const InstanceSpec& spec, unsigned port) {
  return endpoint(spec, port, server::kRemoteAdminUser, spec.admin_password);
}

client::Endpoint bench_of(const InstanceSpec& spec, unsigned port) {
  return endpoint(spec, port, server::kBenchUser, spec.password);
}

// The instance's directory there, a port free there, and my.cnf rendered for both, written.
Expected<std::pair<server::InstancePaths, std::string>> configure(const InstanceSpec& spec) {
  const std::string dir = spec.host_run_dir + "/instances/" + spec.name;
  auto port = spec.host->call("prepare_dir", {{"dir", dir}, {"port", 0}});
  if (!port) return fail(port.error());
  const auto paths = server::InstancePaths::under(dir, port->value("port", 0u));
  server::MyCnfInput in = my_cnf_input(spec, paths);
  in.bind_address = spec.host->address();
  auto cnf = server::render_my_cnf(in);
  if (!cnf) return fail(cnf.error());
  auto written =
      spec.host->call("prepare_dir", {{"dir", dir}, {"port", paths.port}, {"my_cnf", *cnf}});
  if (!written) return fail(written.error());
  return std::pair{paths, *cnf};
}

Expected<std::unique_ptr<RemoteServer>> start(const InstanceSpec& spec,
                                              const server::InstancePaths& paths) {
  auto r = spec.host->call("start", {{"release", remote::agent::release_json(spec.release)},
                                     {"dir", paths.dir.string()},
                                     {"port", paths.port},
                                     {"startup_ms", spec.timeouts.startup.count()},
                                     {"shutdown_ms", spec.timeouts.shutdown.count()},
                                     {"id", spec.name}});
  if (!r) return fail(r.error().context("starting " + spec.title));
  log::info("{}: started on host {} (mysqld_safe pid {}, server pid {} there), port {}", spec.title,
            spec.host->spec().name, r->value("safe_pid", 0), r->value("server_pid", 0), paths.port);
  return std::make_unique<RemoteServer>(*spec.host, spec.name, paths, spec.timeouts.shutdown,
                                        r->value("server_pid", 0));
}

// The server's error log, brought back into the local run directory as `local`.
void keep_log(remote::RemoteHost& host, const server::InstancePaths& paths, const fs::path& local) {
  auto text = host.call("read_file", {{"path", paths.error_log.string()}});
  if (!text)
    return log::warn("cannot bring back {}: {}", paths.error_log.string(), text.error().message);
  if (auto ok = write_file_atomically(local, text->value("text", "")); !ok)
    log::warn("cannot keep {}: {}", local.string(), ok.error().message);
}

std::string log_tail(remote::RemoteHost& host, const server::InstancePaths& paths) {
  auto text = host.call("read_file", {{"path", paths.error_log.string()}});
  if (!text) return "(the error log could not be read there: " + text.error().message + ")";
  return error_excerpt(text->value("text", ""), 15);
}

load::ServerSide server_side(remote::RemoteHost& host, const std::string& id) {
  load::ServerSide side;
  auto r = host.call("usage", {{"id", id}});
  if (!r) return side;  // an empty tree: the snapshot counts as incomplete
  side.host = remote::agent::host_times_from(r->at("host"));
  side.tree = remote::agent::tree_from(r->at("tree"));
  side.host_cpus = r->value("cpus", 0);
  return side;
}

MeasureTarget target(RemoteServer& srv, const Instance& inst) {
  MeasureTarget t;
  t.admin = admin_of(inst.spec, srv.paths().port);
  t.bench = bench_of(inst.spec, srv.paths().port);
  t.died = [&srv] { return srv.died(); };
  t.log_tail = [&srv] { return log_tail(srv.host(), srv.paths()); };
  t.open_probe = [&srv](const client::Endpoint& admin) {
    return load::UsageProbe::open_remote([&srv] { return server_side(srv.host(), srv.id()); },
                                         admin);
  };
  t.variables_file = inst.dir / host::kVariablesFileName;  // inst.dir is local, the snapshot there
  return t;
}

}  // namespace

namespace {

// Initializes, starts, creates the accounts, loads and measures; stops before returning.
Expected<results::DataSizeRecord> initialize_and_load(const InstanceSpec& spec,
                                                      const server::InstancePaths& paths,
                                                      results::ProgressSink& progress) {
  progress.note(spec.title + ": initializing the datadir on host " + spec.host->spec().name);
  auto init = spec.host->call("initialize", {{"release", remote::agent::release_json(spec.release)},
                                             {"dir", paths.dir.string()},
                                             {"port", paths.port}});
  if (!init) return fail(init.error());
  auto srv = start(spec, paths);
  if (!srv) return fail(srv.error());
  progress.note(spec.title + ": loading " + tables_text(spec.load));
  auto size = size_coordinates(spec);
  auto loaded = spec.host->call("accounts", {{"id", spec.name},
                                             {"client_host", spec.host->client_address()},
                                             {"bench_password", spec.password},
                                             {"admin_password", spec.admin_password}});
  Expected<void> ok =
      loaded ? load_tables_at(spec, bench_of(spec, paths.port), admin_of(spec, paths.port), size)
             : fail(loaded.error());
  if (!ok) return fail(ok.error().context("loading " + spec.title));
  if (auto stopped = (*srv)->stop(spec.timeouts.shutdown); !stopped) return fail(stopped.error());
  auto files =
      spec.host->call("file_sizes", {{"datadir", paths.datadir.string()},
                                     {"database", std::string(load::kDatabase)},
                                     {"shared_before", init->value("shared_before", 0ull)}});
  if (!files) return fail(files.error());
  size.file_source = files->value("source", "");
  size.data_file_bytes = files->value("data", 0ull);
  size.index_file_bytes = files->value("index", 0ull);
  return size;
}

}  // namespace

Expected<Instance> prepare_remote_instance(const InstanceSpec& spec, const host::RunDirectory& run,
                                           results::ProgressSink& progress) {
  const auto started = std::chrono::steady_clock::now();
  std::error_code ec;
  const fs::path local = run.instance_dir(spec.name);
  fs::create_directories(local, ec);
  auto conf = configure(spec);
  if (!conf) return fail(conf.error().context(spec.title));
  const auto& paths = conf->first;
  auto loaded = initialize_and_load(spec, paths, progress);
  keep_log(*spec.host, paths, run.log_path(spec.name + ".prepare"));
  log_prepared(spec, started, loaded.has_value());
  if (!loaded) return fail(loaded.error());
  const fs::path snapshot = paths.dir / "snapshot";
  auto kept =
      spec.host->call("rename", {{"from", paths.datadir.string()}, {"to", snapshot.string()}});
  if (!kept) return fail(kept.error().context("keeping the snapshot of " + spec.title));
  return Instance{spec, local, snapshot, *loaded};
}

namespace {

results::CellRecord remote_cell(const Instance& inst, const CellLoad& cl,
                                const results::CellCoordinates& where,
                                const host::RunDirectory& run, results::ProgressSink& progress,
                                const std::atomic<bool>* cancel) {
  auto rec = first_record(inst, cl, where);
  auto fail_with = [&](const std::string& why) {
    mark_failed(rec, why);
    return rec;
  };
  remote::RemoteHost& host = *inst.spec.host;
  auto conf = configure(inst.spec);
  if (!conf) return fail_with(conf.error().message);
  const auto& [paths, cnf] = *conf;
  rec.my_cnf = cnf;
  auto copied =
      host.call("copy_tree", {{"from", inst.snapshot.string()}, {"to", paths.datadir.string()}});
  if (!copied) return fail_with(copied.error().message);
  {
    auto srv = start(inst.spec, paths);
    if (!srv) return fail_with(srv.error().message);
    host::ClientPinning client(cl.client_cpus);  // versus, while this cell measures
    auto ready = !client.result() ? fail("client_cpus: " + client.result().error().message)
                                  : host::prepare_measurement(0, {}, cl.cpu_probe, rec);
    if (ready)
      measure(target(**srv, inst), inst, cl, where, rec, progress, cancel);
    else
      mark_failed(rec, ready.error().message);
    const bool crashed = rec.status == results::CellStatus::crashed;
    const auto limit = cancel && cancel->load() ? kQuickStop
                       : crashed                ? kStopAfterCrash
                                                : inst.spec.timeouts.shutdown;
    if (auto stopped = (*srv)->stop(std::chrono::duration_cast<std::chrono::milliseconds>(limit));
        !stopped && rec.status == results::CellStatus::ok)
      rec.error = stopped.error().message;  // measured fine; the stop was forced
  }
  const std::string name = cell_name(where, inst.spec.name);
  keep_log(host, paths, run.log_path(name));
  std::error_code ec;
  rec.error_log = fs::relative(run.log_path(name), run.path(), ec).string();
  (void)host.call("remove", {{"path", paths.datadir.string()}});
  return rec;
}

}  // namespace

results::CellRecord run_remote_cell(const Instance& inst, const CellLoad& cl,
                                    const results::CellCoordinates& where,
                                    const host::RunDirectory& run, results::ProgressSink& progress,
                                    const std::atomic<bool>* cancel) {
  return logged(where, cell_name(where, inst.spec.name),
                [&] { return remote_cell(inst, cl, where, run, progress, cancel); });
}

}  // namespace versus::run
