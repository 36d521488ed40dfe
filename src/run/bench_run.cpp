#include "run/bench_run.h"

#include <chrono>
#include <climits>
#include <filesystem>
#include <memory>
#include <optional>
#include <utility>

#include "client/connection.h"
#include "client/option_file.h"
#include "config/options/duration.h"
#include "config/reading/replay_entry.h"
#include "config/reading/workload_file.h"
#include "load/data/schema.h"
#include "load/drive/usage_probe.h"
#include "load/family/loader.h"
#include "load/family/registry.h"
#include "run/server_load.h"
#include "sysbench/family_traits.h"
#include "sysbench/workload.h"
#include "util/content_key.h"
#include "util/pid.h"

namespace versus::run {
namespace {
using Clock = std::chrono::steady_clock;

Expected<client::Endpoint> bench_endpoint(const BenchOptions& a) {
  client::Endpoint ep;
  ep.host = a.host;
  ep.port = a.port;
  ep.socket = a.socket;
  ep.user = a.user;
  ep.database = a.database;
  auto pw = client::resolve_password(a.defaults_file);
  if (!pw) return fail(pw.error());
  ep.password = *pw;
  return ep;
}

Expected<sysbench::RandSpec> bench_rand(const BenchOptions& a) {
  auto type = sysbench::rand_type_from_name(a.rand_type);
  if (!type) return fail("unknown --rand-type '" + a.rand_type + "'");
  sysbench::RandSpec rand = a.rand;
  rand.type = *type;
  return rand;
}

// sysbench 0.4 asked the server for the table's engine (SHOW TABLE STATUS) to choose between
// BEGIN/COMMIT and LOCK TABLES; so does this, for the mixes whose family says which table.
Expected<bool> lock_tables(const load::WorkloadMix& mix, const client::Endpoint& ep) {
  const std::string_view table = load::family_of(mix).locking_table(mix);
  if (table.empty()) return false;
  auto conn = client::Connection::open(ep);
  if (!conn) return fail(conn.error());
  auto engine = conn->query_value(
      "SELECT LOWER(ENGINE) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() "
      "AND TABLE_NAME = '" +
      std::string(table) + "'");
  if (!engine) return fail(engine.error().context("finding the engine of " + std::string(table)));
  return !load::engine_has_transactions(*engine);
}

struct BenchTimes {
  std::chrono::milliseconds duration, warmup, warmup_max;
  bool steady = false;
};

Expected<BenchTimes> bench_times(const BenchOptions& a) {
  std::string duration = a.duration.empty() ? (a.max_requests ? "0s" : "10s") : a.duration;
  auto d = config::parse_duration(duration);
  if (!d) return fail("bad --duration '" + duration + "' (e.g. 15s, 2m)");
  const bool steady = a.warmup == "steady";
  auto w = config::parse_duration(steady ? "0s" : a.warmup);
  if (!w) return fail("bad --warmup '" + a.warmup + "' (e.g. 5s, or steady)");
  auto w_max = config::parse_duration(a.warmup_max);
  if (!w_max || w_max->count() < 1000)
    return fail("bad --warmup-max '" + a.warmup_max + "' (at least 1s)");
  if (d->count() == 0 && a.max_requests == 0) return fail("give --duration or --max-requests");
  return BenchTimes{*d, *w, *w_max, steady};
}

using OwnWorkload = std::shared_ptr<const sysbench::CustomWorkload>;

// The dump of --replay-data into `r`, with what it holds (its identity, as a matrix keys it).
Expected<void> add_replay_data(const BenchOptions& a, sysbench::ReplayWorkload& r) {
  if (a.replay_data.empty()) return {};
  r.data = std::filesystem::absolute(a.replay_data);
  r.data_source = a.replay_data;
  auto key = content_key(r.data);
  if (!key) return fail(key.error().context("--replay-data " + a.replay_data));
  r.data_key = *key;
  return {};
}

// The replay of --replay, as a matrix's {replay: LOG, ...} entry makes it (its log is read by
// the family's check); null without one.
Expected<OwnWorkload> replay_workload(const BenchOptions& a) {
  if (a.replay.empty()) {
    if (!a.replay_data.empty() || a.replay_writes || a.replay_sample != 1 ||
        a.replay_order != "captured")
      return fail(
          "--replay-data, --replay-writes, --replay-sample and --replay-order need --replay");
    return OwnWorkload{};
  }
  if (!a.workload_file.empty()) return fail("--replay or --workload-file, not both");
  if (a.replay_sample < 1 || a.replay_sample > 1'000'000)
    return fail("--replay-sample must be 1..1000000");
  const auto order = sysbench::replay_order_from_name(a.replay_order);
  if (!order) return fail("--replay-order must be captured or weighted, not " + a.replay_order);
  sysbench::ReplayWorkload r;
  r.log = std::filesystem::absolute(a.replay);
  r.source = a.replay;
  r.writes = a.replay_writes;
  r.sample = a.replay_sample;
  r.order = *order;
  r.compare = false;  // bench times a replay; comparing releases' results takes a matrix
  r.name = config::replay_workload_name(r.log, r.order);
  if (auto ok = add_replay_data(a, r); !ok) return fail(ok.error());
  auto w = std::make_shared<sysbench::CustomWorkload>();
  w->name = r.name;
  w->source = a.replay;
  w->replay = std::make_shared<const sysbench::ReplayWorkload>(std::move(r));
  return OwnWorkload(std::move(w));
}

// The workload of --workload-file (read and checked) or --replay; null without either.
Expected<OwnWorkload> workload_file(const BenchOptions& a) {
  if (!a.replay.empty() || a.workload_file.empty()) return replay_workload(a);
  auto file = config::parse_workload_file(a.workload_file, a.workload_file);
  if (!file) return fail(file.error());
  return std::make_shared<const sysbench::CustomWorkload>(std::move(*file));
}

// The workload the options name: a replay, a workload file, else --workload.
std::optional<sysbench::Workload> workload_of(const BenchOptions& a, const OwnWorkload& own) {
  if (own) return own->replay ? sysbench::Workload::replay : sysbench::Workload::custom;
  return sysbench::workload_from_name(a.workload);
}

// The mix of `own` (a workload file or a replay), checked as a matrix's preflight checks it
// before any server starts: a replay's log read through, a write refused naming file and line.
Expected<load::WorkloadMix> own_mix(const BenchOptions& a, const OwnWorkload& own) {
  load::WorkloadMix mix;
  if (!own) return mix;
  mix = load::mix_for(*workload_of(a, own), a.counts);
  mix.custom = own;
  if (auto ok = load::family_of(mix).check(mix); !ok) return fail(ok.error());
  return mix;
}

// --tpcc-home, --tpcc-mix and --tpcc-checks by their names.
Expected<sysbench::TpccOptions> tpcc_options(const BenchOptions& a) {
  const auto home = sysbench::tpcc_home_from_name(a.tpcc_home);
  const auto mix = sysbench::tpcc_mix_from_name(a.tpcc_mix);
  const auto checks = sysbench::tpcc_checks_from_name(a.tpcc_checks);
  if (!home)
    return fail("bad --tpcc-home '" + a.tpcc_home + "' (per_transaction or per_connection)");
  if (!mix) return fail("bad --tpcc-mix '" + a.tpcc_mix + "' (standard or hammerdb)");
  if (!checks) return fail("bad --tpcc-checks '" + a.tpcc_checks + "' (all or cheap)");
  return sysbench::TpccOptions{*home, *mix, *checks};
}

// The families that check the tables a run left, as `check` names them: "tpcc checks TPC-C's
// consistency conditions".
std::string checking_families() {
  std::string text;
  for (const sysbench::FamilyTraits* family : sysbench::family_traits())
    if (family->checks_tables())
      text += (text.empty() ? "" : "; ") + std::string(family->table_checks);
  return text;
}

Expected<load::DriverOptions> driver_options(const BenchOptions& a, const client::Endpoint& ep) {
  auto custom = workload_file(a);
  if (!custom) return fail(custom.error());
  auto workload = workload_of(a, *custom);
  if (!workload) return fail("unknown workload '" + a.workload + "'");
  auto checked = own_mix(a, *custom);
  if (!checked) return fail(checked.error());
  auto times = bench_times(a);
  if (!times) return fail(times.error());
  auto rand = bench_rand(a);
  if (!rand) return fail(rand.error());
  auto tpcc = tpcc_options(a);
  if (!tpcc) return fail(tpcc.error());
  load::DriverOptions o;
  o.session.endpoint = ep;
  o.session.mix = load::mix_for(*workload, a.counts);
  auto locks = lock_tables(o.session.mix, ep);
  if (!locks) return fail(locks.error());
  o.session.mix.custom = *custom;
  o.session.distribution = *rand;
  o.session.lock_tables = *locks;
  o.session.tables = a.tables;
  o.session.table_size = static_cast<std::uint32_t>(a.table_size);
  o.session.warehouses = a.warehouses;
  o.session.tpcc = *tpcc;
  o.session.time_statements = a.statement_timing;
  o.connections = a.threads;
  o.client_threads = a.client_threads;
  o.warmup = times->warmup;
  o.warmup_steady = times->steady;
  o.warmup_max = times->warmup_max;
  o.duration = times->duration;
  o.max_requests = a.max_requests;
  o.rate = a.rate;
  return o;
}

measured::BenchRecord record_of(const BenchPlan& plan, const load::LoadResult& r) {
  const client::Endpoint& ep = plan.driver.session.endpoint;
  measured::BenchRecord s;
  const auto& custom = plan.driver.session.mix.custom;
  s.workload = custom ? custom->name : plan.options.workload;
  s.target = ep.describe() + "/" + ep.database;
  s.threads = plan.options.threads;
  s.rate = plan.options.rate;
  s.seconds = r.seconds;
  s.series = r.series;
  s.counters = r.counters;
  s.errors = r.errors;
  s.latency = load::latency_summary(r.latency);
  s.kinds = r.kinds;
  s.statements = r.statements;
  return s;
}

void add_deltas(measured::BenchRecord& s, const load::StatusDelta& delta) {
  for (const auto& name : load::workload_counters())
    if (delta.count(name)) s.status_deltas.emplace_back(name, delta.at(name));
}

// The progress intervals of `every_s` measured seconds, from the driver's cumulative samples
// (the warmup not reported).
load::ProgressFn interval_reporter(int every_s, int threads, const BenchIntervalFn& on_interval) {
  if (every_s <= 0 || !on_interval) return {};
  auto last = std::make_shared<load::LiveSample>();
  last->warming_up = false;
  return [=](const load::LiveSample& now) {
    const double dt = now.elapsed_s - last->elapsed_s;
    if (now.warming_up || dt < every_s - 0.5) return;
    auto rate = [dt](std::uint64_t to, std::uint64_t from) {
      return static_cast<double>(to - from) / dt;
    };
    on_interval({now.elapsed_s, threads, rate(now.transactions, last->transactions),
                 rate(now.queries, last->queries), rate(now.errors, last->errors)});
    *last = now;
  };
}

// The server's pid: server_pid, else the one in its own pid file (a server on this machine).
Expected<pid_t> server_pid(const BenchOptions& a, const client::Endpoint& ep) {
  if (a.server_pid > 0) {
    if (!process_alive(a.server_pid))
      return fail("--server-pid " + std::to_string(a.server_pid) + ": no such process");
    return static_cast<pid_t>(a.server_pid);
  }
  auto conn = client::Connection::open(ep, client::Connection::Role::admin);
  if (!conn) return fail(conn.error());
  auto file = conn->query_value("SELECT @@pid_file");
  if (!file) return fail(file.error().context("--efficiency: reading @@pid_file"));
  auto pid = read_pid_file(*file);
  if (!pid || !process_alive(*pid))
    return fail("--efficiency: cannot read the server's pid from its pid file " + *file +
                " (is the server on this machine?); give --server-pid");
  return *pid;
}

// efficiency: the usage probe, hooked to the measured interval's edges.
Expected<std::unique_ptr<load::UsageProbe>> efficiency_probe(BenchPlan& plan) {
  if (!plan.options.efficiency) return std::unique_ptr<load::UsageProbe>();
  const client::Endpoint& ep = plan.driver.session.endpoint;
  auto pid = server_pid(plan.options, ep);
  if (!pid) return fail(pid.error());
  auto probe = load::UsageProbe::open(*pid, ep);
  if (!probe) return fail(probe.error());
  auto owned = std::make_unique<load::UsageProbe>(std::move(*probe));
  owned->attach(plan.driver);
  return owned;
}
}  // namespace

Expected<BenchPlan> plan_bench(const BenchOptions& options) {
  if (options.table_size < 1 || options.table_size > INT32_MAX)
    return fail("--table-size must be 1..2147483647");
  if (options.warehouses < 1 || options.warehouses > 10'000)
    return fail("--warehouses must be 1..10000");
  auto ep = bench_endpoint(options);
  if (!ep) return fail(ep.error());
  BenchPlan plan{options, {}};
  plan.driver.session.endpoint = *ep;
  if (options.action == "prepare" || options.action == "cleanup") {  // the file's tables
    auto custom = workload_file(options);
    if (!custom) return fail(custom.error());
    auto mix = own_mix(options, *custom);
    if (!mix) return fail(mix.error());
    plan.driver.session.mix = std::move(*mix);
    return plan;
  }
  auto driver = driver_options(options, *ep);
  if (!driver) return fail(driver.error());
  plan.driver = std::move(*driver);
  if (options.action == "check" && !load::family_of(plan.driver.session.mix).checks_tables())
    return fail("check: workload " + options.workload + " has no table checks (" +
                checking_families() + ")");
  return plan;
}

// The family's checks on the tables the run left (TPC-C's consistency conditions), as a cell's:
// their results into the record, the first that does not hold as its consistency_error.
void check_bench_tables(const BenchPlan& plan, measured::BenchRecord& s) {
  const load::WorkloadFamily& family = load::family_of(plan.driver.session.mix);
  if (!family.checks_tables()) return;
  auto conn = client::Connection::open(plan.driver.session.endpoint);
  if (!conn) {
    s.consistency_error = "checking the tables: " + conn.error().message;
    return;
  }
  if (auto ok = family.check_tables(*conn, plan.driver.session, s.consistency); !ok)
    s.consistency_error = ok.error().message;
}

Expected<measured::BenchRecord> run_bench(BenchPlan plan, const BenchIntervalFn& on_interval,
                                          const std::atomic<bool>* cancel) {
  auto probe = efficiency_probe(plan);
  if (!probe) return fail(probe.error());
  const BenchOptions& a = plan.options;
  const client::Endpoint ep = plan.driver.session.endpoint;
  const ServerLoad request{plan.driver,     ep, load::LimitsOwner::server,
                           a.status_deltas, {}, a.prewarm};
  auto r = run_server_load(request, interval_reporter(a.report_interval, a.threads, on_interval),
                           cancel);
  if (!r) return fail(r.error());
  auto s = record_of(plan, r->result);
  check_bench_tables(plan, s);
  if (*probe) s.usage = (*probe)->result();
  if (r->status) add_deltas(s, *r->status);
  s.warmup = warmup_record(*r);
  return s;
}

Expected<measured::BenchRecord> check_bench(const BenchPlan& plan) {
  const client::Endpoint& ep = plan.driver.session.endpoint;
  measured::BenchRecord s;
  s.workload = plan.options.workload;
  s.target = ep.describe() + "/" + ep.database;
  check_bench_tables(plan, s);
  return s;
}

Expected<double> prepare_bench_tables(const BenchPlan& plan) {
  const BenchOptions& a = plan.options;
  const auto& custom = plan.driver.session.mix.custom;
  auto workload = workload_of(a, custom);
  if (!workload) return fail("unknown workload '" + a.workload + "'");
  auto rand = bench_rand(a);
  if (!rand) return fail(rand.error());
  // The size in the unit the workload's family reads it in (its size axis): --table-size's
  // rows, else --warehouses (TPC-C's).
  const bool rows = load::size_axis({*workload}).unit == load::SizeAxis{}.unit;
  const std::int64_t size = rows ? a.table_size : a.warehouses;
  load::TableRequest request{{*workload}, {}, a.engine, a.tables, size, *rand};
  if (custom) request.files = {custom};
  load::LoadSpec spec = load::tables_for(request);
  spec.endpoint = plan.driver.session.endpoint;
  spec.parallel = a.threads;
  const auto start = Clock::now();
  if (auto ok = load::load_tables(spec); !ok) return fail(ok.error());
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A workload file's tables alone (a replay's dump: none, as a matrix's); else, whatever the
// workload, sbtest1..--tables and every fixed-name table a load makes (sysbench 0.4's sbtest,
// TPC-C's nine).
Expected<void> drop_bench_tables(const BenchPlan& plan) {
  load::LoadSpec spec;
  spec.tables = 0;
  if (const auto& custom = plan.driver.session.mix.custom; custom && custom->replay)
    spec.replays = {custom->replay};
  else if (custom)
    spec.custom = {custom};
  else
    spec = load::every_fixed_table(plan.options.tables);
  return load::drop_tables(plan.driver.session.endpoint, spec);
}

std::string bench_database(const BenchPlan& plan) {
  return load::database_of(plan.driver.session.endpoint);
}

}  // namespace versus::run
