#include "run/cell_run.h"

#include <algorithm>
#include <optional>
#include <thread>

#include "client/connection.h"
#include "load/usage_probe.h"
#include "run/cpu_quota.h"
#include "run/noise_control.h"
#include "run/server_variables.h"
#include "server/account.h"
#include "server/datadir.h"
#include "util/log.h"
#include "util/pid.h"

namespace versus::run {
namespace fs = std::filesystem;

namespace {
std::string cell_name(const results::CellCoordinates& w, const std::string& instance) {
  char idx[16];
  std::snprintf(idx, sizeof idx, "%03zu", w.index);
  return std::string(idx) + "-" + instance + "." + w.workload + ".t" + std::to_string(w.threads) +
         ".r" + std::to_string(w.repeat + 1);
}

results::CellRecord blank_record(const results::CellCoordinates& w) {
  results::CellRecord r;
  r.server = w.server;
  r.profile = w.profile;
  r.engine = w.engine;
  r.workload = w.workload;
  r.threads = w.threads;
  r.repeat = w.repeat;
  r.tables = w.tables;
  r.table_size = w.table_size;
  r.started_at = iso_now();
  return r;
}

void fill_figures(results::CellRecord& r, const load::LoadResult& lr) {
  r.seconds = lr.seconds;
  r.counters = lr.counters;
  r.series = lr.series;
  double s = lr.seconds > 0 ? lr.seconds : 1;
  r.tps = static_cast<double>(lr.counters.transactions) / s;
  r.qps = static_cast<double>(lr.counters.queries()) / s;
  r.latency = load::latency_summary(lr.latency);
}

results::MixRecord mix_record(const load::WorkloadMix& m, bool lock_tables) {
  results::MixRecord r;
  static_cast<sysbench::StatementCounts&>(r) = m;
  r.dialect = m.dialect == load::Dialect::sysbench_0_4 ? "sysbench-0.4" : "sysbench-1.0";
  r.transaction = m.transaction;
  r.lock_tables = lock_tables;
  return r;
}

// The cell's load, sent to the started server as the benchmark account.
load::DriverOptions driver_options(const Instance& inst, const CellLoad& cl,
                                   const server::InstancePaths& paths) {
  load::DriverOptions o = cl.driver;
  o.session.endpoint = bench_endpoint(inst.spec, paths);
  o.session.endpoint.database = "sbtest";
  return o;
}

void mark_failed(results::CellRecord& rec, std::string why) {
  rec.status = results::CellStatus::failed;
  rec.error = std::move(why);
}

// The server's version and variables into the record (best effort: without them the
// upgrade report only lacks the variables diff).
void describe_server(server::ServerProcess& srv, const Instance& inst, results::CellRecord& rec) {
  auto admin = client::Connection::open(srv.admin_endpoint());
  if (!admin) return;  // the load itself will say what is wrong
  if (auto v = admin->query_value("SELECT VERSION()")) rec.server_version = *v;
  (void)capture_variables(*admin, inst.dir / kVariablesFileName);
}

// A duplicate key under a non-transactional engine is the delete + insert of one id racing
// (sysbench 1.0 stops on it too, unless told to ignore it): say how to retry it instead.
std::string with_hint(const std::string& message) {
  if (message.find("error 1062:") == std::string::npos) return message;
  return message +
         " (without transactions two clients' delete + insert of one id race; "
         "ignore_errors: [1213, 1020, 1205, 1062] retries it, as sysbench's "
         "--mysql-ignore-errors)";
}

// The load's outcome: its figures, or crashed with the error log's tail, or failed.
void record_outcome(const Expected<LoadOutcome>& lr, bool server_died,
                    const server::ServerProcess& srv, results::CellRecord& rec) {
  if (lr) rec.warmup = warmup_record(*lr);
  if (lr && !server_died) return fill_figures(rec, lr->result);
  if (!server_died) return mark_failed(rec, with_hint(lr.error().message));
  rec.status = results::CellStatus::crashed;
  rec.error = "the server died under load" + (lr ? std::string() : ": " + lr.error().message) +
              "; its error log ends:\n" + server::error_log_tail(srv.paths().error_log);
}

// The usage snapshots at the measured interval's edges, over the whole tree mysqld_safe
// started; none when the plan turned them off or the probe cannot connect (the cell then
// measures as before, without usage figures).
std::unique_ptr<load::UsageProbe> usage_probe(const server::ServerProcess& srv, const CellLoad& cl,
                                              load::DriverOptions& options) {
  if (!cl.efficiency) return nullptr;
  auto probe = load::UsageProbe::open(srv.safe_pid(), srv.admin_endpoint());
  if (!probe) return nullptr;
  auto owned = std::make_unique<load::UsageProbe>(std::move(*probe));
  owned->attach(options);
  return owned;
}

// Drives the load against a started server and fills the record.
void measure(server::ServerProcess& srv, const Instance& inst, const CellLoad& cl,
             const results::CellCoordinates& where, results::CellRecord& rec,
             results::ProgressSink& progress, const std::atomic<bool>* cancel) {
  describe_server(srv, inst, rec);
  pid_t pid_before = srv.server_pid();
  auto died = [&] { return srv.server_pid() != pid_before || !process_alive(pid_before); };
  // The load stops early on a signal, or when the server died (mysqld_safe restarts a
  // crashed server: a new pid is the sign, since the clients may well reconnect).
  std::atomic<bool> stop_load{false};
  bool crashed = false;
  auto on_tick = [&](const load::LiveSample& s) {
    if (cancel && cancel->load()) stop_load = true;
    if (died()) {
      crashed = true;
      stop_load = true;
    }
    double tps = s.elapsed_s > 0 ? static_cast<double>(s.transactions) / s.elapsed_s : 0;
    progress.cell_live(where, {s.warming_up, s.elapsed_s, tps, s.errors});
  };
  // The limits are checked first, over the admin connection: a cell they cannot hold fails.
  ServerLoad request{driver_options(inst, cl, srv.paths()), srv.admin_endpoint()};
  request.engine = inst.spec.load.engine;
  request.prewarm = cl.prewarm;
  auto probe = usage_probe(srv, cl, request.driver);
  auto lr = run_server_load(request, on_tick, &stop_load);
  record_outcome(lr, crashed || died(), srv, rec);
  if (probe && rec.status == results::CellStatus::ok) rec.usage = probe->result();
}

// The cell's CPU quota on the started server (none at 100%), recorded; the CPUs it is
// a share of are the server's pinned ones, or all.
Expected<std::optional<CpuQuota>> limit_server(const server::ServerProcess& srv, const CellLoad& cl,
                                               results::CellRecord& rec) {
  if (cl.cpu_quota_pct >= 100) return std::optional<CpuQuota>();
  const int cpus = cl.server_cpus.empty()
                       ? static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))
                       : static_cast<int>(cl.server_cpus.size());
  auto quota = CpuQuota::apply(srv.server_pid(), cl.cpu_quota_pct, cpus);
  if (!quota) return fail("cpu_quota: " + quota.error().message);
  rec.cpu_quota_pct = cl.cpu_quota_pct;
  return std::optional<CpuQuota>(std::move(*quota));
}

// Measures on a started server, pinned and limited as the cell says (the quota's cgroup is
// gone again on return; a server still running goes back to the parent cgroup).
void measure_limited(server::ServerProcess& srv, const Instance& inst, const CellLoad& cl,
                     const results::CellCoordinates& where, results::CellRecord& rec,
                     results::ProgressSink& progress, const std::atomic<bool>* cancel) {
  ClientPinning client(cl.client_cpus);  // versus, while this cell measures
  auto quota = limit_server(srv, cl, rec);
  auto ready = !client.result() ? fail("client_cpus: " + client.result().error().message)
               : !quota         ? fail(quota.error())
                        : prepare_measurement(srv.server_pid(), cl.server_cpus, cl.cpu_probe, rec);
  if (ready)
    measure(srv, inst, cl, where, rec, progress, cancel);
  else
    mark_failed(rec, ready.error().message);
}

// Stops the cell's server; a forced stop of a cell that measured fine is noted in its record.
void stop_server(server::ServerProcess& srv, results::CellRecord& rec,
                 const std::atomic<bool>* cancel) {
  auto stopped = stop_after(srv, rec.status == results::CellStatus::crashed, cancel);
  if (!stopped && rec.status == results::CellStatus::ok)
    rec.error = stopped.error().message;  // measured fine; the stop was forced
}
}  // namespace

Expected<void> stop_after(server::ServerProcess& srv, bool crashed,
                          const std::atomic<bool>* cancel) {
  if (cancel && cancel->load()) return srv.stop(kQuickStop);
  return crashed ? srv.stop(kStopAfterCrash) : srv.stop();
}

results::CellRecord failed_cell(const results::CellCoordinates& where, const std::string& error) {
  auto rec = blank_record(where);
  mark_failed(rec, error);
  return rec;
}

results::CellRecord not_prepared_cell(const results::CellCoordinates& where,
                                      const std::string& reason) {
  std::string first = reason.substr(0, reason.find('\n'));
  if (!first.empty() && first.back() == ':') first.pop_back();
  return failed_cell(where, "not run: its instance could not be prepared: " + first);
}

namespace {
const char* status_name(results::CellStatus s) {
  return s == results::CellStatus::ok       ? "ok"
         : s == results::CellStatus::failed ? "failed"
                                            : "crashed";
}

// "cell 3: prewarm 0.4 s, warmup 7.0 s (steady)": how the measured interval was reached.
void log_warmup(std::size_t index, const results::WarmupRecord& w) {
  if (!w.recorded) return;
  const std::string prewarm = w.prewarm ? fmt::format("prewarm {:.1f} s, ", w.prewarm_seconds) : "";
  const char* rule = !w.until_steady ? "fixed" : w.steady ? "steady" : "not steady by warmup_max";
  log::info("cell {}: {}warmup {:.1f} s ({})", index, prewarm, w.seconds, rule);
}

// Runs `body` (which fills the record) between the cell's "started" and "ok/failed" lines.
template <class Body>
results::CellRecord logged(const results::CellCoordinates& where, const std::string& name,
                           Body&& body) {
  const auto started = std::chrono::steady_clock::now();
  log::info("cell {} ({}): started", where.index, name);
  results::CellRecord rec = body();
  log_warmup(where.index, rec.warmup);
  log::info("cell {}: {} after {:.1f} s ({:.1f} tps, {} errors retried, {} reconnects){}{}",
            where.index, status_name(rec.status),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
            rec.tps, rec.counters.ignored_errors, rec.counters.reconnects,
            rec.error.empty() ? "" : ": ", rec.error);
  return rec;
}

// The record's coordinates and what the cell asked for, before anything runs.
results::CellRecord first_record(const Instance& inst, const CellLoad& cl,
                                 const results::CellCoordinates& where) {
  auto rec = blank_record(where);
  rec.mix = mix_record(cl.driver.session.mix, cl.driver.session.lock_tables);
  rec.distribution = cl.driver.session.distribution;
  rec.transport = inst.spec.use_socket ? "socket" : "tcp";
  rec.warmup_s = std::chrono::duration<double>(cl.driver.warmup).count();
  rec.duration_s = std::chrono::duration<double>(cl.driver.duration).count();
  rec.max_requests = cl.driver.max_requests;
  return rec;
}

results::CellRecord from_snapshot(const Instance& inst, const CellLoad& cl,
                                  const results::CellCoordinates& where, const RunDirectory& run,
                                  results::ProgressSink& progress,
                                  const std::atomic<bool>* cancel) {
  auto rec = first_record(inst, cl, where);
  auto fail_with = [&](const std::string& why) {
    mark_failed(rec, why);
    return rec;
  };
  auto conf = configure_instance(inst.spec, run);
  if (!conf) return fail_with(conf.error().message);
  auto [paths, cnf] = *conf;
  if (auto ok = server::copy_datadir(inst.snapshot, paths.datadir); !ok)
    return fail_with(ok.error().message);
  {
    auto srv = start_instance(inst.spec, run, paths, cnf);
    rec.my_cnf = cnf;
    if (!srv) return fail_with(srv.error().message);
    measure_limited(**srv, inst, cl, where, rec, progress, cancel);
    stop_server(**srv, rec, cancel);
  }
  const std::string name = cell_name(where, inst.spec.name);
  std::error_code ec;
  fs::rename(paths.error_log, run.log_path(name), ec);
  rec.error_log = fs::relative(run.log_path(name), run.path(), ec).string();
  fs::remove_all(paths.datadir, ec);
  return rec;
}
}  // namespace

results::CellRecord run_cell(const Instance& inst, const CellLoad& cl,
                             const results::CellCoordinates& where, const RunDirectory& run,
                             results::ProgressSink& progress, const std::atomic<bool>* cancel) {
  return logged(where, cell_name(where, inst.spec.name),
                [&] { return from_snapshot(inst, cl, where, run, progress, cancel); });
}

results::CellRecord run_cell_on(server::ServerProcess& srv, const Instance& inst,
                                const CellLoad& cl, const results::CellCoordinates& where,
                                const LiveServer& live, results::ProgressSink& progress,
                                const std::atomic<bool>* cancel) {
  return logged(where, cell_name(where, inst.spec.name), [&] {
    auto rec = first_record(inst, cl, where);
    rec.my_cnf = live.my_cnf;
    rec.error_log = live.error_log;
    measure_limited(srv, inst, cl, where, rec, progress, cancel);
    return rec;
  });
}

}  // namespace versus::run
