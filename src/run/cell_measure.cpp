#include "run/cell_measure.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "client/connection.h"
#include "host/colocation.h"
#include "host/server_diagnosis.h"
#include "host/server_variables.h"
#include "load/family/registry.h"
#include "results/record/record_json.h"
#include "run/cell_run.h"
#include "run/server_load.h"
#include "run/watchdog.h"
#include "sysbench/workload.h"
#include "util/log.h"
#include "util/pid.h"

namespace versus::run {

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
  r.started_at = host::iso_now();
  return r;
}

void mark_failed(results::CellRecord& rec, std::string why) {
  rec.status = results::CellStatus::failed;
  rec.error = std::move(why);
}

namespace {

void fill_figures(results::CellRecord& r, const load::LoadResult& lr) {
  r.seconds = lr.seconds;
  r.counters = lr.counters;
  r.errors = lr.errors;
  r.series = lr.series;
  double s = lr.seconds > 0 ? lr.seconds : 1;
  r.tps = static_cast<double>(lr.counters.transactions) / s;
  r.qps = static_cast<double>(lr.counters.queries()) / s;
  r.latency = load::latency_summary(lr.latency);
  r.statements = lr.statements;
  r.kinds = lr.kinds;
}

// The family's headline rate, when it has one and the load counted kinds: TPC-C's NOPM
// (New-Orders per minute of the measured interval) and TPM beside it.
void add_headline_rate(const load::WorkloadFamily& family, results::CellRecord& r) {
  const auto kind = family.headline_kind();
  if (!kind || *kind >= r.kinds.size()) return;
  const double s = r.seconds > 0 ? r.seconds : 1;
  r.nopm = static_cast<double>(r.kinds[*kind].transactions) * 60.0 / s;
  r.tpm = r.tps * 60.0;
}

// The family's checks on the tables the run left (TPC-C's consistency conditions); one that
// does not hold (or cannot be checked) fails the cell: its figures came from a server that
// broke a transaction's effects.
void check_tables(const load::WorkloadFamily& family, const MeasureTarget& t,
                  const load::SessionConfig& session, results::CellRecord& rec) {
  client::Endpoint ep = t.bench;
  ep.database = "sbtest";
  auto conn = client::Connection::open(ep);
  if (!conn)
    return mark_failed(rec, fmt::format("checking the tables ({}): {}", family.name(),
                                        conn.error().message));
  if (auto ok = family.check_tables(*conn, session, rec.consistency); !ok)
    mark_failed(rec, ok.error().message);
}

results::MixRecord mix_record(const load::SessionConfig& session) {
  const load::WorkloadMix& m = session.mix;
  const bool lock_tables = session.lock_tables;
  results::MixRecord r;
  static_cast<sysbench::StatementCounts&>(r) = m;
  const load::WorkloadFamily& family = load::family_of(m);
  r.dialect = family.dialect(m);
  r.transaction = m.transaction;
  r.lock_tables = lock_tables;
  r.tpcc_home = family.home(session);
  r.tpcc_mix = family.deck(session);
  r.definition = family.definition(m);
  return r;
}

// The cell's load, sent to the started server as the benchmark account.
load::DriverOptions driver_options(const MeasureTarget& t, const CellLoad& cl) {
  load::DriverOptions o = cl.driver;
  o.session.endpoint = t.bench;
  o.session.endpoint.database = "sbtest";
  return o;
}

// The server's version and variables into the record (best effort: without them the
// upgrade report only lacks the variables diff).
void describe_server(const MeasureTarget& t, results::CellRecord& rec) {
  auto admin = client::Connection::open(t.admin, client::Connection::Role::admin);
  if (!admin) return;  // the load itself will say what is wrong
  if (auto v = admin->query_value("SELECT VERSION()")) rec.server_version = *v;
  (void)host::capture_variables(*admin, t.variables_file);
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
void record_outcome(const Expected<LoadOutcome>& lr, bool server_died, const MeasureTarget& t,
                    results::CellRecord& rec) {
  if (lr) rec.warmup = warmup_record(*lr);
  if (lr && !server_died) return fill_figures(rec, lr->result);
  if (!server_died) return mark_failed(rec, with_hint(lr.error().message));
  rec.status = results::CellStatus::crashed;
  rec.error = "the server died under load" + (lr ? std::string() : ": " + lr.error().message) +
              "; its error log ends:\n" + t.log_tail();
}

// The usage snapshots at the measured interval's edges; none when the plan turned them off or
// the probe cannot connect (the cell then measures as before, without usage figures).
std::unique_ptr<load::UsageProbe> usage_probe(const MeasureTarget& t, const CellLoad& cl,
                                              load::DriverOptions& options) {
  if (!cl.efficiency) return nullptr;
  auto probe = t.open_probe(t.admin);
  if (!probe) return nullptr;
  auto owned = std::make_unique<load::UsageProbe>(std::move(*probe));
  owned->attach(options, cl.cpu_probe);
  return owned;
}

// "cell 3: prewarm 0.4 s, warmup 7.0 s (steady)": how the measured interval was reached.
void log_warmup(std::size_t index, const measured::WarmupRecord& w) {
  if (!w.recorded) return;
  const std::string prewarm = w.prewarm ? fmt::format("prewarm {:.1f} s, ", w.prewarm_seconds) : "";
  const char* rule = !w.until_steady ? "fixed" : w.steady ? "steady" : "not steady by warmup_max";
  log::info("cell {}: {}warmup {:.1f} s ({})", index, prewarm, w.seconds, rule);
}

// The server's count of the family's headline transactions at the measured interval's two
// edges (both quiet: load/drive/driver.h), over a connection of its own, after the edges'
// other hooks (the usage snapshots): for TPC-C, committed New-Orders (HammerDB's NOPM),
// beside the client's.
class HeadlineEdges {
 public:
  void attach(const MeasureTarget& t, load::DriverOptions& o) {
    family_ = &load::family_of(o.session.mix);
    if (!family_->counts_on_server()) return;
    client::Endpoint ep = t.bench;
    ep.database = "sbtest";
    auto conn = client::Connection::open(ep, client::Connection::Role::admin);
    if (!conn) return;  // the load itself will say what is wrong
    conn_.emplace(std::move(*conn));
    o.at_measure_start = [this, before = std::move(o.at_measure_start)](const load::LoadWatch& w) {
      if (before) before(w);
      before_ = read();
    };
    o.at_measure_end = [this, before = std::move(o.at_measure_end)](const load::LoadWatch& w) {
      if (before) before(w);
      after_ = read();
    };
  }
  // Committed headline transactions per minute over `seconds`; 0 when an edge could not be
  // read or the family has no such count.
  double per_minute(double seconds) const {
    if (!before_ || !after_ || !(seconds > 0)) return 0;
    return static_cast<double>(*after_ - *before_) * 60.0 / seconds;
  }

 private:
  std::optional<long long> read() {
    auto n = family_->server_count(*conn_);
    return n ? std::optional<long long>(*n) : std::nullopt;
  }
  const load::WorkloadFamily* family_ = nullptr;
  std::optional<client::Connection> conn_;
  std::optional<long long> before_, after_;
};

// The cell's watchdog: it follows the load on `board` and the server's process, and on an
// alarm gathers the diagnosis and kills the server (run/watchdog.h).
WatchHooks watch_hooks(const MeasureTarget& t, const load::LoadBoard& board,
                       const std::atomic<bool>* cancel) {
  WatchHooks h;
  h.board = &board;
  h.cancel = cancel;
  h.server_state = [&t] { return t.local_pid ? process_state(t.local_pid()) : char{0}; };
  h.gather = [&t] {
    return host::diagnose_server({t.admin, t.local_pid ? t.local_pid() : 0, t.log_tail});
  };
  h.kill = [&t] { return t.kill_now && t.kill_now(); };
  return h;
}

// What the watchdog saw, into the record: an alarm (but a signal's) makes the cell
// unresponsive whatever the load returned; an ok cell keeps its stalls.
void record_watch(const WatchReport& w, results::CellRecord& rec) {
  if (w.alarm == Alarm::none || w.alarm == Alarm::interrupted) {
    if (rec.status == results::CellStatus::ok) rec.stalls = w.stalls;
    return;
  }
  rec.status = results::CellStatus::unresponsive;
  rec.error = "the server stopped answering: " + w.reason + "; the watchdog " +
              (w.killed ? "killed it" : "stopped the cell and its stop killed it") +
              (w.diagnosis.empty() ? "" : " (diagnosis in results.json and run.log)");
  rec.diagnosis = w.diagnosis;
  rec.stalls = w.stalls;
  log::warn("cell unresponsive: {}\n{}", rec.error, rec.diagnosis);
}

// The statements and errors of a results pass, for its log line.
struct PassCounts {
  std::uint64_t statements = 0, errors = 0;
};
PassCounts pass_counts(const measured::QueryResults& r) {
  PassCounts n;
  for (const auto& c : r.classes) {
    n.statements += c.executions.size() + c.rest.executions;
    for (const auto& e : c.executions) n.errors += e.error != 0 ? 1 : 0;
  }
  return n;
}

// A pass that stopped may have left its statement running on the server: a read deadline ends
// only the client's wait. KILL QUERY over a connection of its own, so that the timed load does
// not start beside it. Error 1094 (unknown thread) means it had already ended.
void stop_left_statement(const load::SessionConfig& session, unsigned long id, std::size_t cell) {
  auto admin = client::Connection::open(session.endpoint, client::Connection::Role::admin);
  if (!admin)
    return log::warn("cell {}: results pass: no KILL QUERY {}: {}", cell, id,
                     admin.error().message);
  if (admin->execute(fmt::format("KILL QUERY {}", id)))
    return log::info("cell {}: results pass: its statement stopped on the server (KILL QUERY {})",
                     cell, id);
  if (admin->last_errno() == 1094)
    return log::info("cell {}: results pass: its statement had ended on the server", cell);
  log::warn("cell {}: results pass: KILL QUERY {} failed: {}", cell, id, admin->last_error());
}

// The family's unmeasured results pass (a replay's: what each statement returns), before the
// timed load and before the watchdog, which would take the idle load for a stalled server.
// Only in the first repeat's cells: the results are the log's, the same in every round. Over a
// connection of its own whose reads wait at most stall_timeout: a statement that takes longer
// ends the pass (recorded), not the cell. A pass that cannot run is logged; the timed load
// then says what is wrong.
void results_pass(const MeasureTarget& t, const CellJob& job, results::CellRecord& rec) {
  const load::SessionConfig session = driver_options(t, job.load).session;
  const load::WorkloadFamily& family = load::family_of(session.mix);
  if (job.where.repeat != 0 || !family.compares_results(session)) return;
  const auto deadline = std::max(std::chrono::seconds(1),
                                 std::chrono::ceil<std::chrono::seconds>(job.load.stall_timeout));
  auto conn = client::Connection::open(session.endpoint,
                                       {.timeout = std::chrono::seconds(5), .deadline = deadline});
  if (!conn)
    return log::warn("cell {}: no results pass: {}", job.where.index, conn.error().message);
  const unsigned long id = mysql_thread_id(conn->handle());
  auto r = family.results_pass(*conn, session, job.cancel);
  const bool stopping = job.cancel && job.cancel->load();  // the server is stopped anyway
  if (r && !r->stopped.empty() && !stopping) stop_left_statement(session, id, job.where.index);
  if (!r) return log::warn("cell {}: no results pass: {}", job.where.index, r.error().message);
  if (!r->recorded) return;
  const PassCounts n = pass_counts(*r);
  log::info("cell {}: results pass {:.1f} s, {} statements in {} classes, {} errors{}{}",
            job.where.index, r->seconds, n.statements, r->classes.size(), n.errors,
            r->stopped.empty() ? "" : "; stopped: ", r->stopped);
  rec.query_results = std::move(*r);
}

}  // namespace

void measure(const MeasureTarget& t, const CellJob& job, results::CellRecord& rec) {
  const Instance& inst = job.instance;
  const CellLoad& cl = job.load;
  const std::atomic<bool>* cancel = job.cancel;
  results_pass(t, job, rec);
  load::LoadBoard board;
  Watchdog dog(cell_watch_limits(cl.stall_timeout, cl.stall_limit, cl.driver.duration),
               watch_hooks(t, board, cancel));
  describe_server(t, rec);
  // The load stops early on a signal, or when the server died (mysqld_safe restarts a
  // crashed server: a new pid is the sign, since the clients may well reconnect).
  std::atomic<bool> stop_load{false};
  bool crashed = false;
  auto on_tick = [&](const load::LiveSample& s) {
    if ((cancel && cancel->load()) || dog.alarmed()) stop_load = true;
    if (t.died()) {
      crashed = true;
      stop_load = true;
    }
    double tps = s.elapsed_s > 0 ? static_cast<double>(s.transactions) / s.elapsed_s : 0;
    job.progress.cell_live(job.where, {s.warming_up, s.elapsed_s, tps, s.errors});
  };
  // The limits are checked first, over the admin connection: a cell they cannot hold fails.
  ServerLoad request{driver_options(t, cl), t.admin};
  request.engine = inst.spec.load.engine;
  request.prewarm = cl.prewarm;
  auto probe = usage_probe(t, cl, request.driver);
  HeadlineEdges headline;
  headline.attach(t, request.driver);
  if (cl.colocate)
    request.driver.at_ready = [&t](const load::LoadWatch& w) { return host::colocate(w, t.admin); };
  request.driver.board = &board;
  auto lr = run_server_load(request, on_tick, &stop_load);
  record_outcome(lr, crashed || t.died(), t, rec);
  const load::WorkloadFamily& family = load::family_of(cl.driver.session.mix);
  add_headline_rate(family, rec);
  if (probe && rec.status == results::CellStatus::ok) rec.usage = probe->result();
  if (rec.status == results::CellStatus::ok) rec.nopm_server = headline.per_minute(rec.seconds);
  if (family.checks_tables() && rec.status == results::CellStatus::ok)
    check_tables(family, t, cl.driver.session, rec);
  record_watch(dog.finish(), rec);
}

results::CellRecord logged(const results::CellCoordinates& where, const std::string& name,
                           const std::function<results::CellRecord()>& body) {
  const auto started = std::chrono::steady_clock::now();
  log::info("cell {} ({}): started", where.index, name);
  results::CellRecord rec = body();
  log_warmup(where.index, rec.warmup);
  log::info("cell {}: {} after {:.1f} s ({:.1f} tps, {} errors retried, {} reconnects){}{}",
            where.index, results::status_name(rec.status),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
            rec.tps, rec.counters.ignored_errors, rec.counters.reconnects,
            rec.error.empty() ? "" : ": ", rec.error);
  return rec;
}

results::CellRecord first_record(const Instance& inst, const CellLoad& cl,
                                 const results::CellCoordinates& where) {
  auto rec = blank_record(where);
  rec.mix = mix_record(cl.driver.session);
  rec.distribution = cl.driver.session.distribution;
  rec.transport = inst.spec.use_socket ? "socket" : "tcp";
  rec.warmup_s = std::chrono::duration<double>(cl.driver.warmup).count();
  rec.duration_s = std::chrono::duration<double>(cl.driver.duration).count();
  rec.max_requests = cl.driver.max_requests;
  return rec;
}

}  // namespace versus::run
