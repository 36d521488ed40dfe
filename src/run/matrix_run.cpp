#include "run/matrix_run.h"

#include <unistd.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "config/plan/matrix_walk.h"
#include "config/plan/overrides.h"
#include "host/leftovers.h"
#include "host/local_host.h"
#include "host/machine_facts.h"
#include "load/data/schema.h"
#include "load/drive/seed.h"
#include "load/family/registry.h"
#include "remote/agent_host.h"
#include "remote/remote_site.h"
#include "results/record/cell_key.h"
#include "results/record/store.h"
#include "run/after_writes.h"
#include "run/auto_repeats.h"
#include "run/cell_run.h"
#include "run/instance.h"
#include "run/instance_cache.h"
#include "run/preflight.h"
#include "run/round_server.h"
#include "run/schedule.h"
#include "run/shared_server.h"
#include "server/account.h"
#include "util/content_key.h"
#include "util/last_resort.h"
#include "util/log.h"
#include "util/whole_file.h"

namespace versus::run {
namespace fs = std::filesystem;

namespace {
bool cancelled(const RunOptions& o) {
  return o.cancel && o.cancel->load();
}

results::RunInfo run_info(const config::Plan& plan, const host::RunDirectory& dir,
                          const results::ShardInfo& shard, const remote::RemoteSite* site) {
  results::RunInfo info;
  info.shard = shard;
  info.run_id = dir.id();
  info.matrix_file = plan.source.string();
  info.started_at = host::iso_now();
  info.versus_version = VERSUS_VERSION;
  for (const auto& s : plan.servers) info.servers.push_back(s.name);
  for (const auto& p : plan.profiles) info.profiles.push_back(p.name);
  info.min_difference_pct = plan.min_difference_pct;
  info.interference_limit_pct = plan.interference_limit_pct;
  info.thread_placement = plan.colocate ? "colocate" : "free";
  info.metric = config::metric_name(plan.metric);
  info.multiple_comparisons = plan.multiple_comparisons;
  info.estimate = config::run_estimate(plan);
  info.seed = plan.seed;
  if (plan.auto_repeats) {
    info.max_repeats = plan.max_repeats;
    info.sequential_alpha = sequential_alpha(plan);
  }
  info.machine = host::gather_machine_facts();
  if (site) site->describe(info);
  return info;
}

using Prepared = std::map<InstanceKey, Expected<Instance>>;

// Where each server of a run runs: this machine (the run directory's instances/), or another
// host, through its agent (its run directory there, one administration password for all).
class RunHosts {
 public:
  RunHosts(const host::RunDirectory& dir, const RunOptions& o, const remote::RemoteSite* site)
      : site_(site), local_(dir, o.pick_port), run_id_(dir.id()) {}

  host::LocalHost& local() { return local_; }
  host::ServerHost& of(std::size_t server) {
    remote::RemoteHost* there = site_ ? site_->host_of(server) : nullptr;
    if (there == nullptr) return local_;
    auto& agent = agents_[there];
    if (!agent)
      agent = std::make_unique<remote::AgentHost>(remote::link_of(*there),
                                                  site_->run_dir(*there, run_id_), admin_password_);
    return *agent;
  }

 private:
  const remote::RemoteSite* site_;
  host::LocalHost local_;
  std::string run_id_;
  std::string admin_password_ = server::random_password();
  std::map<const remote::RemoteHost*, std::unique_ptr<remote::AgentHost>> agents_;
};

// What the steps of one run share: the plan as run (its seed drawn), what preflight found,
// where the run's servers live and the password of their benchmark account, where records go,
// the options, the progress sink and the outcome so far.
struct MatrixRun {
  const config::Plan& plan;
  const Preflight& pf;
  const RunOptions& options;
  results::ProgressSink& progress;
  const host::RunDirectory& dir;
  results::ResultStore& store;
  const std::string& password;           // the benchmark account's
  RunHosts& hosts;                       // where each server runs
  const InstanceCache* cache = nullptr;  // prepared instances across runs; null: none
  RunOutcome& out;

  bool cancelled() const { return options.cancel && options.cancel->load(); }
};

InstanceSpec spec_at(const MatrixRun& at, const InstanceKey& k) {
  auto spec = instance_spec(at.plan, at.pf, k, at.password, &at.hosts.of(k.server));
  spec.timeouts.cancel = at.options.cancel;
  return spec;
}

// One installer run per (server, profile): its other instances start from a copy of the
// datadir it made, kept here while the instances are prepared.
fs::path fresh_datadir(const config::Plan& plan, const host::RunDirectory& dir, std::size_t server,
                       std::size_t profile) {
  return dir.instance_dir(server_profile_name(plan, server, profile) + ".initialized");
}

// The instance cache's key of each instance, each release's content key computed once per run
// (a release tree is hundreds of MB). None when a release cannot be read: prepared uncached.
class ReleaseKeys {
 public:
  std::optional<std::string> key_of(const InstanceSpec& spec) {
    auto [it, added] = keys_.try_emplace(spec.release.basedir);
    if (added) {
      auto key = content_key(spec.release.basedir);
      if (!key) log::warn("instance cache: {}; preparing without it", key.error().message);
      it->second = key ? *key : "";
    }
    if (it->second.empty()) return std::nullopt;
    return instance_cache_key(spec, it->second);
  }

 private:
  std::map<fs::path, std::string> keys_;
};

// Whether instance `k` is needed: one of `cells` runs on it, or on an instance copied from it.
bool instance_needed(const config::Plan& plan, const std::vector<config::Cell>& cells,
                     const InstanceKey& k) {
  return std::any_of(cells.begin(), cells.end(), [&](const config::Cell& c) {
    InstanceKey ck = instance_of(c);
    if (ck == k) return true;
    const auto from = config::data_source_of(plan, ck.server);
    ck.server = from.value_or(ck.server);
    return from && ck == k;
  });
}

// Instance `k`: a copy of its data source's (servers[].data_from, prepared before it: an
// earlier server), else from the cache or prepared here.
Expected<Instance> prepare_one(const MatrixRun& at, const InstanceKey& k, const Prepared& prepared,
                               ReleaseKeys& release_keys) {
  InstanceSpec spec = spec_at(at, k);
  if (const auto from = config::data_source_of(at.plan, k.server)) {
    InstanceKey source = k;
    source.server = *from;
    const auto it = prepared.find(source);
    if (it == prepared.end() || !it->second)
      return fail(spec.title + ": its data comes from server " + at.plan.servers[*from].name +
                  ", whose instance was not prepared");
    return derive_instance(spec, *it->second, at.dir, at.progress);
  }
  const auto can = spec.host->capabilities();
  const auto fresh =
      can.datadir_templates ? fresh_datadir(at.plan, at.dir, k.server, k.profile) : fs::path();
  const auto key = at.cache && can.instance_cache ? release_keys.key_of(spec) : std::nullopt;
  return key ? prepare_cached(spec, at.dir, fresh, {*at.cache, *key}, at.progress)
             : prepare_instance(spec, at.dir, fresh, at.progress);
}

Prepared prepare_all(const MatrixRun& at, const std::vector<config::Cell>& cells) {
  const config::Plan& plan = at.plan;
  const host::RunDirectory& dir = at.dir;
  Prepared prepared;
  ReleaseKeys release_keys;
  for (const auto& k : instances_of(plan)) {
    if (at.cancelled()) break;
    if (!instance_needed(plan, cells, k)) continue;
    prepared.emplace(k, prepare_one(at, k, prepared, release_keys));
    // The whole reason is said here, once; each of the instance's cells then says only
    // which step failed (an initializer's page of output repeated per cell hid the rest).
    if (!prepared.at(k)) at.progress.note("failed: " + prepared.at(k).error().message);
    if (prepared.at(k))
      if (auto ok = at.store.record_data_size(prepared.at(k)->data_size); !ok)
        at.progress.note("cannot record the data size: " + ok.error().message);
  }
  std::error_code ec;
  constexpr config::Axis kColumns[] = {config::Axis::server, config::Axis::profile};
  config::walk_matrix(plan, kColumns, [&](const config::Cell& c) {
    fs::remove_all(fresh_datadir(plan, dir, c.server, c.profile), ec);
  });
  return prepared;
}

// The second snapshot of each prepared instance some of `cells` read after the writes
// (run/after_writes.h); a failure is said once, as for the instance itself.
Prepared prepare_after_writes_all(const MatrixRun& at, const Prepared& prepared,
                                  const std::vector<config::Cell>& cells) {
  Prepared after;
  for (const auto& entry : prepared) {
    const InstanceKey& k = entry.first;  // named: a lambda below uses it
    if (at.cancelled() || !entry.second) continue;
    const bool needed = std::any_of(cells.begin(), cells.end(), [&](const config::Cell& c) {
      return instance_of(c) == k && config::runs_after_writes(at.plan, c.workload);
    });
    if (!needed) continue;
    after.emplace(k, prepare_after_writes(*entry.second, writes_before_reads(at.plan, k), at.dir,
                                          at.progress, at.options.cancel));
    if (!after.at(k)) at.progress.note("failed: " + after.at(k).error().message);
  }
  return after;
}

std::vector<std::pair<std::size_t, config::Cell>> missing_cells(const config::Plan& plan,
                                                                const results::RunResults& done) {
  std::set<std::string> have;
  for (const auto& c : done.cells) have.insert(results::cell_key(c));
  std::vector<std::pair<std::size_t, config::Cell>> out;
  auto all = schedule_cells(plan);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto& c = all[i];
    if (!have.count(results::cell_key(coordinates(plan, c, 0, 0)))) out.emplace_back(i, c);
  }
  return out;
}

// A new run directory with its store and a copy of the matrix, or the existing one to resume.
Expected<std::pair<host::RunDirectory, results::ResultStore>> open_run(
    const config::Plan& plan, const RunOptions& o, const results::ShardInfo& shard,
    const remote::RemoteSite* site, results::ProgressSink& progress) {
  if (o.resume) {
    auto dir = host::RunDirectory::open(o.output);
    if (!dir) return fail(dir.error());
    for (const auto& line : host::stop_leftover_servers(*dir)) progress.note("resume: " + line);
    auto store = results::ResultStore::open(dir->path());
    if (!store) return fail(store.error());
    return std::pair{*dir, std::move(*store)};
  }
  auto dir = host::RunDirectory::create(o.output);
  if (!dir) return fail(dir.error());
  std::error_code ec;
  std::filesystem::copy_file(plan.source, dir->matrix_copy(), fs::copy_options::overwrite_existing,
                             ec);
  if (ec) return fail("cannot copy the matrix into the run directory: " + ec.message());
  if (!plan.overrides.empty())
    if (auto ok =
            write_file_atomically(dir->overrides_copy(), config::overrides_text(plan.overrides));
        !ok)
      return fail(ok.error());
  auto store = results::ResultStore::create(dir->path(), run_info(plan, *dir, shard, site));
  if (!store) return fail(store.error());
  return std::pair{*dir, std::move(*store)};
}

// Each on its host (a remote run's directory there goes too, at RemoteSite::finish).
void remove_snapshots(const Prepared& prepared) {
  for (const auto& [k, inst] : prepared)
    if (inst) (void)inst->spec.host->remove(inst->snapshot);
}
}  // namespace

namespace {
using Todo = std::vector<std::pair<std::size_t, config::Cell>>;  // (schedule index, cell)

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Measures one cell (in a server from its snapshot, or on the shared server) into a record.
using Produce =
    std::function<results::CellRecord(const config::Cell&, const results::CellCoordinates&)>;

// Runs one cell and appends its record; false when the run must stop: on a signal (the
// cut-short cell is not a result) or when the record cannot be written (out.stop_error).
bool run_one(MatrixRun& run, std::size_t index, const config::Cell& c, const Produce& produce) {
  if (run.cancelled()) return false;
  auto where = coordinates(run.plan, c, index + 1, schedule_cells(run.plan).size());
  run.progress.cell_started(where);
  auto start = std::chrono::steady_clock::now();
  auto rec = produce(c, where);
  // Whatever its status: a signal's watchdog kills the server of a cell that does not end by
  // itself (run/watchdog.h), and that cell is as cut short as an ok one; --resume runs it.
  if (run.cancelled()) return false;
  if (auto ok = run.store.append(rec); !ok) {
    run.progress.cell_finished(where, rec, 0);
    run.out.stop_error = ok.error().context("cannot record cell " + std::to_string(index + 1));
    return false;
  }
  run.progress.cell_finished(where, rec, seconds_since(start));
  return true;
}

// Runs the cells in order, appending each record as it finishes.
void run_cells(MatrixRun& run, const Todo& todo, const Produce& produce) {
  for (const auto& [index, c] : todo)
    if (!run_one(run, index, c, produce)) break;
}

// repeats: auto: what follows `rounds` finished rounds (auto_repeats.h): another round while
// a comparison is open, unless max_repeats or the time budget (the next round, estimated
// from the mean cell time so far, would end after it) says otherwise.
results::RoundStatus after_round(const config::Plan& plan, int rounds, const Todo& next_round,
                                 std::vector<results::CellCoordinates> open, double elapsed_s,
                                 std::size_t cells_run) {
  results::RoundStatus s{rounds,
                         plan.max_repeats,
                         comparisons_of(plan),
                         std::move(open),
                         results::RoundStatus::Next::round,
                         elapsed_s};
  if (s.open.empty()) s.next = results::RoundStatus::Next::decided;
  const double budget = std::chrono::duration<double>(plan.time_budget).count();
  const double per_cell = cells_run > 0 ? elapsed_s / static_cast<double>(cells_run) : 0;
  if (s.next == results::RoundStatus::Next::round && rounds >= plan.max_repeats)
    s.next = results::RoundStatus::Next::max_rounds;
  else if (s.next == results::RoundStatus::Next::round && budget > 0 &&
           elapsed_s + per_cell * static_cast<double>(next_round.size()) > budget)
    s.next = results::RoundStatus::Next::budget;
  return s;
}

// The open comparisons of rows the run has cells of (auto_repeats.h: open_among).
std::vector<results::CellCoordinates> open_in(const config::Plan& plan, const Todo& todo,
                                              std::vector<results::CellCoordinates> open) {
  std::vector<config::Cell> cells;
  for (const auto& item : todo) cells.push_back(item.second);
  return open_among(plan, cells, std::move(open));
}

// repeats: auto: round after round (each the interleaved order of fixed repeats), only the
// rows with an open comparison, until every comparison is decided, max_repeats or the budget.
void run_rounds(MatrixRun& run, const Todo& todo, const Produce& produce) {
  const config::Plan& plan = run.plan;
  const auto start = std::chrono::steady_clock::now();
  std::size_t cells_run = 0;
  for (int r = 0; r < plan.max_repeats; ++r) {
    Todo round;
    for (const auto& item : todo)
      if (item.second.repeat == r) round.push_back(item);
    if (r >= 2) {  // two rounds make the first look
      auto open = open_in(plan, todo, open_comparisons(plan, run.store.results()));
      round.erase(std::remove_if(round.begin(), round.end(),
                                 [&](const auto& i) { return !in_open_row(plan, i.second, open); }),
                  round.end());
      auto status = after_round(plan, r, round, std::move(open), seconds_since(start), cells_run);
      run.progress.round_done(status);
      if (status.next != results::RoundStatus::Next::round) return;
    }
    for (const auto& [index, c] : round) {
      if (!run_one(run, index, c, produce)) return;
      ++cells_run;
    }
  }
  run.progress.round_done(after_round(
      plan, plan.max_repeats, {}, open_in(plan, todo, open_comparisons(plan, run.store.results())),
      seconds_since(start), cells_run));
}
}  // namespace

namespace {
// lifecycle: round: on instances prepared first, a server per round and instance
// (run/round_server.h), which also runs the second read pass after the writes it ran.
void run_round_servers(MatrixRun& run, const Todo& todo) {
  std::vector<config::Cell> cells;
  for (const auto& [i, c] : todo) cells.push_back(c);
  Prepared prepared = prepare_all(run, cells);
  const auto all = schedule_cells(run.plan);
  std::vector<std::size_t> missing;
  for (const auto& item : todo) missing.push_back(item.first);
  const auto replays = round_replays(run.plan, missing);
  {
    RoundServer servers({run.plan, run.dir, run.options.cancel, run.progress});
    std::size_t next = 0;  // the next replay, by schedule index
    const auto replays_until = [&](std::size_t index) {
      for (auto it = replays.lower_bound(next); it != replays.end() && *it < index; ++it) {
        const auto& inst = prepared.at(instance_of(all[*it]));
        if (inst && !run.cancelled()) servers.replay(*inst, all[*it]);
        next = *it + 1;
      }
    };
    run_cells(run, todo, [&](const config::Cell& c, const results::CellCoordinates& where) {
      replays_until(where.index - 1);
      const auto& inst = prepared.at(instance_of(c));
      if (!inst) return not_prepared_cell(where, inst.error().message);
      return servers.run(*inst, c, where);
    });
  }
  if (!run.options.keep_snapshots) remove_snapshots(prepared);
}

// Runs the cells still to do: lifecycle: server on one shared server per (server, profile);
// lifecycle: round on a server per round and instance; lifecycle: cell on instances prepared
// first, in rounds with repeats: auto.
void run_todo(MatrixRun& run, const Todo& todo) {
  const config::Plan& plan = run.plan;
  if (plan.lifecycle == config::Lifecycle::server) {
    // Only here (config/reading/host_placement.h refuses lifecycle: server on another host).
    SharedServer shared({plan, run.pf, run.dir, run.store, run.password, run.hosts.local(),
                         run.options.cancel, run.progress});
    run_cells(run, todo, [&](const auto& c, const auto& w) { return shared.run(c, w); });
    shared.finish();
    return;
  }
  if (plan.lifecycle == config::Lifecycle::round) return run_round_servers(run, todo);
  std::vector<config::Cell> cells;
  for (const auto& [i, c] : todo) cells.push_back(c);
  Prepared prepared = prepare_all(run, cells);
  Prepared after_writes = prepare_after_writes_all(run, prepared, cells);
  Produce from_snapshot = [&](const config::Cell& c, const results::CellCoordinates& where) {
    const auto& inst = config::runs_after_writes(plan, c.workload) && prepared.at(instance_of(c))
                           ? after_writes.at(instance_of(c))
                           : prepared.at(instance_of(c));
    if (!inst) return not_prepared_cell(where, inst.error().message);
    const CellLoad load = cell_load(plan, c);
    return run_cell({*inst, load, where, run.progress, run.options.cancel}, run.dir);
  };
  if (plan.auto_repeats)
    run_rounds(run, todo, from_snapshot);
  else
    run_cells(run, todo, from_snapshot);
  if (!run.options.keep_snapshots) {
    remove_snapshots(prepared);
    remove_snapshots(after_writes);
  }
}
}  // namespace

namespace {
// The instance cache when the plan uses it (instance_cache, lifecycle: cell); a cache that
// cannot be opened is said, and the run prepares every instance itself.
std::optional<InstanceCache> open_cache(const config::Plan& plan, const RunOptions& o,
                                        results::ProgressSink& progress) {
  if (!plan.instance_cache || o.no_cache || plan.lifecycle != config::Lifecycle::cell)
    return std::nullopt;
  auto where = cache_location_from_environment();
  if (where && where->max_bytes == 0) return std::nullopt;  // VERSUS_CACHE_SIZE=0: off here
  auto cache = where ? InstanceCache::open(*where) : Expected<InstanceCache>(fail(where.error()));
  if (!cache) {
    progress.note("the instance cache is not used: " + cache.error().message);
    return std::nullopt;
  }
  log::info("instance cache: {}", cache->dir().string());
  return std::move(*cache);
}

// After an unexpected failure escaped the walk: the unwinding stopped the servers it owned;
// any the journal still shows running (a cell's server whose owner never got to stop it) is
// stopped by pid. The run then ends as when a record cannot be written.
void stop_after_failure(const host::RunDirectory& dir, Error error, results::ProgressSink& progress,
                        RunOutcome& out) {
  log::warn("the run stopped: {}", error.message);
  for (const auto& line : host::stop_leftover_servers(dir, kQuickStop)) {
    log::info("{}", line);
    progress.note(line);
  }
  out.stop_error = std::move(error);
}

// The run's first lines in run.log: what was asked for and which releases were found.
void log_start(const config::Plan& plan, const Preflight& pf, const host::RunDirectory& dir,
               bool resume) {
  log::info("versus {} {} {} in {} (matrix {})", VERSUS_VERSION, resume ? "resumes" : "starts",
            dir.id(), dir.path().string(), plan.source.string());
  for (std::size_t i = 0; i < plan.servers.size() && i < pf.releases.size(); ++i)
    log::info("server {}: {} ({}), mysqld_safe {}", plan.servers[i].name,
              pf.releases[i].server_binary.string(), pf.releases[i].info.text,
              pf.releases[i].mysqld_safe.string());
}
}  // namespace

std::uint64_t shard_seed(const std::string& plan_id) {
  // At most 2^62 - 1, what --seed and the matrix's seed key accept: an unsharded run can be
  // given it.
  const std::uint64_t seed =
      load::derive_seed(std::stoull(plan_id, nullptr, 16), 0x5eed) & ((1ULL << 62) - 1);
  return seed != 0 ? seed : 1;
}

namespace {
// The part of the plan a run does: the shard's groups (config/plan/shards.h), or all of it.
struct Part {
  config::ShardSpec spec;
  std::vector<config::Shard> shards;  // empty when not sharded
  results::ShardInfo info;
};

Expected<Part> part_of(const config::Plan& plan, config::ShardSpec spec) {
  Part part{spec, {}, {}};
  if (!spec.sharded()) return part;
  auto id = config::plan_id(plan);
  if (!id) return fail(id.error());
  auto shards = config::assign_shards(plan, spec.count, "--shard");
  if (!shards) return fail(shards.error());
  part.shards = std::move(*shards);
  part.info = {*id, spec.index, spec.count};
  return part;
}

// The cells the run still lacks, of its part only.
Todo todo_of(const config::Plan& plan, const Part& part, const results::RunResults& done) {
  Todo todo = missing_cells(plan, done);
  std::erase_if(todo,
                [&](const auto& i) { return !config::in_shard(plan, part.shards, part.spec, i.second); });
  return todo;
}
}  // namespace

Expected<RunOutcome> run_matrix(const config::Plan& requested, const RunOptions& o,
                                results::ProgressSink& progress) {
  auto pf = run_preflight(requested);
  if (!pf) return fail(pf.error());
  if (!o.output.empty())
    if (auto ok = check_socket_paths(requested, o.output); !ok) return fail(ok.error());
  auto site =
      remote::RemoteSite::open(requested, pf->releases);  // ssh, the agents, the copied releases
  if (!site) return fail(site.error());
  config::Plan plan = requested;
  auto part = part_of(plan, o.shard);
  if (!part) return fail(part.error());
  if (plan.seed == 0)  // drawn once, recorded; a shard's is the plan's own
    plan.seed = o.shard.sharded() ? shard_seed(part->info.plan_id) : load::random_seed();
  auto opened = open_run(plan, o, part->info, site->get(), progress);
  if (!opened) return fail(opened.error());
  host::RunDirectory& dir = opened->first;  // named, not bound: lambdas below capture them
  results::ResultStore& store = opened->second;
  if (o.resume && store.results().info.seed != 0) plan.seed = store.results().info.seed;
  if (const auto& recorded = store.results().info.shard; o.resume && recorded.index > 0) {
    part = part_of(plan, {recorded.index, recorded.count});  // the shard it was
    if (!part) return fail(part.error());
  }
  auto run_log = log::FileLog::open(dir.run_log());  // every event of the run, from here on
  if (!run_log) return fail(run_log.error());
  log_start(plan, *pf, dir, o.resume);
  if (part->spec.sharded())
    log::info("shard {}/{} of plan {}: {} cells", part->spec.index, part->spec.count,
              part->info.plan_id,
              part->shards[static_cast<std::size_t>(part->spec.index - 1)].cells.size());
  if (*site) {
    auto claimed = (*site)->claim(dir.id());
    if (!claimed) return fail(claimed.error());
    for (const auto& line : *claimed) progress.note("left by an earlier run: " + line);
  }
  const auto cache = open_cache(plan, o, progress);
  std::string password = cache ? cache->password() : server::random_password();
  if (auto ok = dir.write_secret(password); !ok) return fail(ok.error());
  RunOutcome out{dir.path(), {}, false, std::nullopt};
  {
    // Whatever escapes the walk still stops the run's servers: caught here, or, from a
    // thread or a destructor, in the terminate handler the CLI installed.
    TerminateCleanup last_resort([&dir, &progress] {
      for (const auto& line : host::stop_leftover_servers(dir, kQuickStop)) progress.note(line);
      progress.note(
          "every cell recorded before it is intact in results.json; versus run "
          "--resume " +
          dir.path().string() + " runs the rest");
    });
    RunHosts hosts(dir, o, site->get());
    MatrixRun run{plan, *pf, o, progress, dir, store, password, hosts, cache ? &*cache : nullptr,
                  out};
    auto walked = catch_unexpected([&] { run_todo(run, todo_of(plan, *part, store.results())); });
    if (!walked) stop_after_failure(dir, walked.error(), progress, out);
  }
  if (*site) (*site)->finish(dir.id(), o.keep_snapshots, dir.path() / "logs");
  out.interrupted = cancelled(o);
  out.results = store.results();
  log::info("run {}: {} cells recorded{}", dir.id(), out.results.cells.size(),
            out.interrupted ? "; interrupted" : "");
  return out;
}

}  // namespace versus::run
