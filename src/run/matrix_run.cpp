#include "run/matrix_run.h"

#include <unistd.h>

#include <map>
#include <optional>

#include "load/workload_mix.h"
#include "results/store.h"
#include "run/cell_run.h"
#include "run/instance.h"
#include "run/preflight.h"
#include "run/schedule.h"
#include "server/account.h"

namespace versus::run {
namespace fs = std::filesystem;

namespace {
bool cancelled(const RunOptions& o) { return o.cancel && o.cancel->load(); }

InstanceSpec instance_spec(const config::Plan& plan, const Preflight& pf, const InstanceKey& k,
                           const std::string& password) {
  const auto& srv = plan.servers[k.server];
  const auto& prof = plan.profiles[k.profile];
  const auto& engine = plan.engines[k.engine];
  InstanceSpec s;
  s.name = srv.name + "." + prof.name + "." + engine;
  s.title = srv.name + " / " + prof.name + " / " + engine;
  s.release = pf.releases[k.server];
  s.fragments = pf.fragments[k.profile];
  s.options = prof.options;
  s.engine = engine;
  s.tables = plan.tables;
  s.table_size = plan.table_size;
  s.timeouts = {plan.startup_timeout, plan.shutdown_timeout};
  s.password = password;
  s.as_root = ::geteuid() == 0;
  return s;
}

results::RunInfo run_info(const config::Plan& plan, const RunDirectory& dir) {
  results::RunInfo info;
  info.run_id = dir.id();
  info.matrix_file = plan.source.string();
  info.started_at = iso_now();
  info.versus_version = VERSUS_VERSION;
  for (const auto& s : plan.servers) info.servers.push_back(s.name);
  for (const auto& p : plan.profiles) info.profiles.push_back(p.name);
  return info;
}

results::CellCoordinates coordinates(const config::Plan& plan, const config::Cell& c,
                                     std::size_t index, std::size_t total) {
  return {index,
          total,
          plan.servers[c.server].name,
          plan.profiles[c.profile].name,
          plan.engines[c.engine],
          std::string(config::workload_name(plan.workloads[c.workload])),
          c.threads,
          c.repeat};
}

CellLoad cell_load(const config::Plan& plan, const config::Cell& c) {
  CellLoad cl;
  cl.mix = load::mix_for(plan.workloads[c.workload]);
  cl.workload = config::workload_name(plan.workloads[c.workload]);
  cl.threads = c.threads;
  cl.repeat = c.repeat;
  cl.tables = plan.tables;
  cl.table_size = plan.table_size;
  cl.warmup = plan.warmup;
  cl.duration = plan.duration;
  cl.max_requests = plan.max_requests;
  return cl;
}

using Prepared = std::map<InstanceKey, Expected<Instance>>;

Prepared prepare_all(const config::Plan& plan, const Preflight& pf, const RunDirectory& dir,
                     const std::string& password, const RunOptions& o,
                     results::ProgressSink& progress) {
  Prepared prepared;
  for (const auto& k : instances_of(plan)) {
    if (cancelled(o)) break;
    prepared.emplace(k, prepare_instance(instance_spec(plan, pf, k, password), dir, progress));
    if (!prepared.at(k)) progress.note("failed: " + prepared.at(k).error().message);
  }
  return prepared;
}

void remove_snapshots(const Prepared& prepared) {
  std::error_code ec;
  for (const auto& [k, inst] : prepared)
    if (inst) fs::remove_all(inst->snapshot, ec);
}
}  // namespace

Expected<RunOutcome> run_matrix(const config::Plan& plan, const RunOptions& o,
                                results::ProgressSink& progress) {
  auto pf = run_preflight(plan);
  if (!pf) return fail(pf.error());
  auto dir = RunDirectory::create(o.output);
  if (!dir) return fail(dir.error());
  std::string password = server::random_password();
  if (auto ok = dir->write_secret(password); !ok) return fail(ok.error());
  auto store = results::ResultStore::create(dir->path(), run_info(plan, *dir));
  if (!store) return fail(store.error());
  RunOutcome out{dir->path(), {}, false};
  Prepared prepared = prepare_all(plan, *pf, *dir, password, o, progress);
  auto cells = schedule_cells(plan);
  for (std::size_t i = 0; i < cells.size() && !cancelled(o); ++i) {
    const auto& c = cells[i];
    auto where = coordinates(plan, c, i + 1, cells.size());
    auto spec = instance_spec(plan, *pf, instance_of(c), password);
    const auto& inst = prepared.at(instance_of(c));
    progress.cell_started(where);
    auto start = std::chrono::steady_clock::now();
    auto rec = inst ? run_cell(*inst, cell_load(plan, c), where, *dir, progress, o.cancel)
                    : failed_cell(spec, where, inst.error().message);
    if (cancelled(o) && rec.status == results::CellStatus::ok) break;  // cut short: not a result
    if (auto ok = store->append(rec); !ok) return fail(ok.error());
    progress.cell_finished(where, rec, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  out.interrupted = cancelled(o);
  if (!o.keep_snapshots) remove_snapshots(prepared);
  out.results = store->results();
  return out;
}

}  // namespace versus::run
