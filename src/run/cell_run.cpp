#include "run/cell_run.h"

#include <algorithm>
#include <optional>
#include <thread>

#include "host/cpu_quota.h"
#include "host/noise_control.h"
#include "host/server_variables.h"
#include "load/drive/usage_probe.h"
#include "run/cell_measure.h"
#include "util/log.h"
#include "util/test_fault.h"

namespace versus::run {
namespace fs = std::filesystem;

namespace {

// What measuring needs of a started server, wherever it runs.
MeasureTarget target_of(host::StartedServer& srv, const Instance& inst) {
  MeasureTarget t;
  t.admin = srv.admin_endpoint();
  t.bench = bench_endpoint(inst.spec, srv);
  t.died = [&srv] { return srv.died(); };
  t.log_tail = [&srv] { return srv.log_tail(); };
  t.open_probe = [&srv](const client::Endpoint& admin) { return srv.open_probe(admin); };
  t.variables_file = inst.dir / host::kVariablesFileName;
  t.kill_now = [&srv] { return srv.kill_now(); };
  t.local_pid = [&srv] { return srv.local_server_pid(); };
  return t;
}

// The cell's CPU quota on the started server (none at 100%), recorded; the CPUs it is
// a share of are the server's pinned ones, or all.
Expected<std::optional<host::CpuQuota>> limit_server(pid_t server, const CellLoad& cl,
                                                     results::CellRecord& rec) {
  if (cl.cpu_quota_pct >= 100) return std::optional<host::CpuQuota>();
  const int cpus = cl.server_cpus.empty()
                       ? static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))
                       : static_cast<int>(cl.server_cpus.size());
  auto quota = host::CpuQuota::apply(server, cl.cpu_quota_pct, cpus);
  if (!quota) return fail("cpu_quota: " + quota.error().message);
  rec.cpu_quota_pct = cl.cpu_quota_pct;
  return std::optional<host::CpuQuota>(std::move(*quota));
}

// Fails when the cell places or limits the server's threads and its pids are not this
// machine's (config/reading/host_placement.h refuses such a plan first).
Expected<void> check_placeable(const host::StartedServer& srv, const CellLoad& cl) {
  if (srv.local_server_pid() != 0 ||
      (cl.server_cpus.empty() && cl.cpu_quota_pct >= 100 && !cl.colocate))
    return {};
  return fail(
      "server_cpus, cpu_quota and thread_placement: colocate need the server on this "
      "machine");
}

// Measures on a started server, pinned and limited as the cell says (the quota's cgroup is
// gone again on return; a server still running goes back to the parent cgroup).
void measure_limited(host::StartedServer& srv, const CellJob& job, results::CellRecord& rec) {
  const CellLoad& cl = job.load;
  test_fault("cell");
  if (auto ok = check_placeable(srv, cl); !ok) return mark_failed(rec, ok.error().message);
  const pid_t server = srv.local_server_pid();
  host::ClientPinning client(cl.client_cpus);  // versus, while this cell measures
  auto quota = limit_server(server, cl, rec);
  auto ready = !client.result() ? fail("client_cpus: " + client.result().error().message)
               : !quota         ? fail(quota.error())
                        : host::prepare_measurement(server, cl.server_cpus, cl.cpu_probe, rec);
  if (ready)
    measure(target_of(srv, job.instance), job, rec);
  else
    mark_failed(rec, ready.error().message);
}

// Stops the cell's server; a forced stop of a cell that measured fine is noted in its record.
void stop_server(host::StartedServer& srv, results::CellRecord& rec,
                 const std::atomic<bool>* cancel) {
  auto stopped = stop_after(srv, rec.status == results::CellStatus::crashed, cancel);
  if (!stopped && rec.status == results::CellStatus::ok)
    rec.error = stopped.error().message;  // measured fine; the stop was forced
}
}  // namespace

Expected<void> stop_after(host::StartedServer& srv, bool crashed, const std::atomic<bool>* cancel) {
  using std::chrono::milliseconds;
  if (cancel && cancel->load()) return srv.stop(milliseconds(kQuickStop));
  return crashed ? srv.stop(milliseconds(kStopAfterCrash)) : srv.stop();
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
results::CellRecord from_snapshot(const CellJob& job, const host::RunDirectory& run) {
  const Instance& inst = job.instance;
  host::ServerHost& host = *inst.spec.host;
  auto rec = first_record(inst, job.load, job.where);
  auto fail_with = [&](const std::string& why) {
    mark_failed(rec, why);
    return rec;
  };
  auto conf = configure_instance(inst.spec);
  if (!conf) return fail_with(conf.error().message);
  if (auto ok = host.copy_datadir(inst.snapshot, conf->paths.datadir); !ok)
    return fail_with(ok.error().message);
  {
    auto srv = start_instance(inst.spec, *conf);
    rec.my_cnf = conf->my_cnf;
    if (!srv) return fail_with(srv.error().message);
    measure_limited(**srv, job, rec);
    stop_server(**srv, rec, job.cancel);
  }
  const std::string name = cell_name(job.where, inst.spec.name);
  host.keep_error_log(conf->paths.error_log, run.log_path(name));
  std::error_code ec;
  rec.error_log = fs::relative(run.log_path(name), run.path(), ec).string();
  (void)host.remove(conf->paths.datadir);
  return rec;
}
}  // namespace

results::CellRecord run_cell(const CellJob& job, const host::RunDirectory& run) {
  return logged(job.where, cell_name(job.where, job.instance.spec.name),
                [&] { return from_snapshot(job, run); });
}

results::CellRecord run_cell_on(host::StartedServer& srv, const CellJob& job,
                                const LiveServer& live) {
  return logged(job.where, cell_name(job.where, job.instance.spec.name), [&] {
    auto rec = first_record(job.instance, job.load, job.where);
    rec.my_cnf = live.my_cnf;
    rec.error_log = live.error_log;
    measure_limited(srv, job, rec);
    return rec;
  });
}

}  // namespace versus::run
