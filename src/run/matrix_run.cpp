#include "run/matrix_run.h"

#include "config/overrides.h"
#include "util/whole_file.h"

#include <unistd.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "load/schema.h"
#include "load/workload_mix.h"
#include "results/store.h"
#include "run/cell_run.h"
#include "run/instance.h"
#include "run/leftovers.h"
#include "run/machine_facts.h"
#include "run/preflight.h"
#include "run/schedule.h"
#include "server/account.h"

namespace versus::run {
namespace fs = std::filesystem;

namespace {
bool cancelled(const RunOptions& o) {
  return o.cancel && o.cancel->load();
}

InstanceSpec instance_spec(const config::Plan& plan, const Preflight& pf, const InstanceKey& k,
                           const std::string& password, const RunOptions& o) {
  const auto& srv = plan.servers[k.server];
  const auto& prof = plan.profiles[k.profile];
  const auto& engine = plan.engines[k.engine];
  const std::int64_t size = plan.table_sizes[k.size];
  const bool sweep = plan.table_sizes.size() > 1;  // names unchanged for one size
  InstanceSpec s;
  s.name = srv.name + "." + prof.name + "." + engine + (sweep ? ".s" + std::to_string(size) : "");
  s.title = srv.name + " / " + prof.name + " / " + engine +
            (sweep ? " / " + std::to_string(size) + " rows" : "");
  s.release = pf.releases[k.server];
  s.fragments = pf.fragments[k.profile];
  s.options = prof.options;
  s.server_fragments = pf.server_fragments[k.server];
  s.server_options = srv.options;
  s.load = load::tables_for(plan.workloads, engine, plan.tables, size, plan.rand);
  s.load.myisam_max_rows = plan.myisam_max_rows;
  s.use_socket = plan.transport == config::Transport::socket;
  s.timeouts = {plan.startup_timeout, plan.shutdown_timeout};
  s.password = password;
  s.as_root = ::geteuid() == 0;
  s.pick_port = o.pick_port;
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
  info.min_difference_pct = plan.min_difference_pct;
  info.machine = gather_machine_facts();
  return info;
}

results::CellCoordinates coordinates(const config::Plan& plan, const config::Cell& c,
                                     std::size_t index, std::size_t total) {
  return {index,
          total,
          plan.servers[c.server].name,
          plan.profiles[c.profile].name,
          plan.engines[c.engine],
          std::string(sysbench::workload_name(plan.workloads[c.workload])),
          c.threads,
          c.repeat,
          plan.tables,
          plan.table_sizes[c.size]};
}

CellLoad cell_load(const config::Plan& plan, const config::Cell& c) {
  CellLoad cl;
  const sysbench::Workload w = plan.workloads[c.workload];
  load::SessionConfig& session = cl.driver.session;
  session.mix = load::mix_for(w, plan.counts);
  session.distribution = plan.rand;
  session.lock_tables =
      sysbench::is_legacy(w) && !load::engine_has_transactions(plan.engines[c.engine]);
  session.tables = plan.tables;
  session.table_size = static_cast<std::uint32_t>(plan.table_sizes[c.size]);
  cl.driver.threads = c.threads;
  const config::RunLength length = config::run_length(plan, c);
  cl.driver.warmup = length.warmup;
  cl.driver.duration = length.duration;
  cl.driver.max_requests = length.max_requests;
  cl.driver.rate = plan.rate;
  cl.workload = sysbench::workload_name(w);
  cl.repeat = c.repeat;
  cl.client_cpus = plan.client_cpus;
  cl.server_cpus = plan.server_cpus;
  cl.cpu_probe = plan.cpu_probe;
  return cl;
}

using Prepared = std::map<InstanceKey, Expected<Instance>>;

Prepared prepare_all(const config::Plan& plan, const Preflight& pf, const RunDirectory& dir,
                     const std::string& password, const RunOptions& o,
                     const std::vector<config::Cell>& cells, results::ProgressSink& progress) {
  Prepared prepared;
  for (const auto& k : instances_of(plan)) {
    if (cancelled(o)) break;
    bool needed =
        std::any_of(cells.begin(), cells.end(), [&](const auto& c) { return instance_of(c) == k; });
    if (!needed) continue;
    prepared.emplace(k, prepare_instance(instance_spec(plan, pf, k, password, o), dir, progress));
    if (!prepared.at(k)) progress.note("failed: " + prepared.at(k).error().message);
  }
  return prepared;
}

// Identity of a cell in results.json, to find which cells a resumed run still lacks.
std::string cell_key(const std::string& server, const std::string& profile,
                     const std::string& engine, const std::string& workload, int threads,
                     int repeat, std::int64_t table_size) {
  return server + "|" + profile + "|" + engine + "|" + workload + "|" + std::to_string(threads) +
         "|" + std::to_string(repeat) + "|" + std::to_string(table_size);
}

std::vector<std::pair<std::size_t, config::Cell>> missing_cells(const config::Plan& plan,
                                                                const results::RunResults& done) {
  std::set<std::string> have;
  for (const auto& c : done.cells)
    have.insert(
        cell_key(c.server, c.profile, c.engine, c.workload, c.threads, c.repeat, c.table_size));
  std::vector<std::pair<std::size_t, config::Cell>> out;
  auto all = schedule_cells(plan);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto& c = all[i];
    auto key = cell_key(
        plan.servers[c.server].name, plan.profiles[c.profile].name, plan.engines[c.engine],
        std::string(sysbench::workload_name(plan.workloads[c.workload])), c.threads, c.repeat,
        plan.table_sizes[c.size]);
    if (!have.count(key)) out.emplace_back(i, c);
  }
  return out;
}

// A new run directory with its store and a copy of the matrix, or the existing one to resume.
Expected<std::pair<RunDirectory, results::ResultStore>> open_run(const config::Plan& plan,
                                                                 const RunOptions& o,
                                                                 results::ProgressSink& progress) {
  if (o.resume) {
    auto dir = RunDirectory::open(o.output);
    if (!dir) return fail(dir.error());
    for (const auto& line : stop_leftover_servers(*dir)) progress.note("resume: " + line);
    auto store = results::ResultStore::open(dir->path());
    if (!store) return fail(store.error());
    return std::pair{*dir, std::move(*store)};
  }
  auto dir = RunDirectory::create(o.output);
  if (!dir) return fail(dir.error());
  std::error_code ec;
  std::filesystem::copy_file(plan.source, dir->matrix_copy(), fs::copy_options::overwrite_existing,
                             ec);
  if (ec) return fail("cannot copy the matrix into the run directory: " + ec.message());
  if (!plan.overrides.empty())
    if (auto ok = write_file_atomically(dir->overrides_copy(),
                                                 config::overrides_text(plan.overrides));
        !ok)
      return fail(ok.error());
  auto store = results::ResultStore::create(dir->path(), run_info(plan, *dir));
  if (!store) return fail(store.error());
  return std::pair{*dir, std::move(*store)};
}

void remove_snapshots(const Prepared& prepared) {
  std::error_code ec;
  for (const auto& [k, inst] : prepared)
    if (inst) fs::remove_all(inst->snapshot, ec);
}
}  // namespace

namespace {
using Todo = std::vector<std::pair<std::size_t, config::Cell>>;  // (schedule index, cell)

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Runs the cells in order, appending each record as it finishes. Stops on a signal (the
// cut-short cell is not a result) or when a record cannot be written (out.record_error).
void run_cells(const config::Plan& plan, const Todo& todo, const Prepared& prepared,
               const RunDirectory& dir, results::ResultStore& store, const RunOptions& o,
               results::ProgressSink& progress, RunOutcome& out) {
  std::size_t total = schedule_cells(plan).size();
  for (const auto& [index, c] : todo) {
    if (cancelled(o)) break;
    auto where = coordinates(plan, c, index + 1, total);
    const auto& inst = prepared.at(instance_of(c));
    progress.cell_started(where);
    auto start = std::chrono::steady_clock::now();
    auto rec = inst ? run_cell(*inst, cell_load(plan, c), where, dir, progress, o.cancel)
                    : failed_cell(where, inst.error().message);
    if (cancelled(o) && rec.status == results::CellStatus::ok) break;
    if (auto ok = store.append(rec); !ok) {
      progress.cell_finished(where, rec, 0);
      out.record_error = ok.error().context("cannot record cell " + std::to_string(index + 1));
      break;
    }
    progress.cell_finished(where, rec, seconds_since(start));
  }
}
}  // namespace

Expected<RunOutcome> run_matrix(const config::Plan& plan, const RunOptions& o,
                                results::ProgressSink& progress) {
  auto pf = run_preflight(plan);
  if (!pf) return fail(pf.error());
  auto opened = open_run(plan, o, progress);
  if (!opened) return fail(opened.error());
  auto& [dir, store] = *opened;
  std::string password = server::random_password();
  if (auto ok = dir.write_secret(password); !ok) return fail(ok.error());
  RunOutcome out{dir.path(), {}, false, std::nullopt};
  Todo todo = missing_cells(plan, store.results());
  std::vector<config::Cell> todo_cells;
  for (const auto& [i, c] : todo) todo_cells.push_back(c);
  Prepared prepared = prepare_all(plan, *pf, dir, password, o, todo_cells, progress);
  run_cells(plan, todo, prepared, dir, store, o, progress, out);
  out.interrupted = cancelled(o);
  if (!o.keep_snapshots) remove_snapshots(prepared);
  out.results = store.results();
  return out;
}

}  // namespace versus::run
