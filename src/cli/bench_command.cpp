#include "cli/bench_command.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <chrono>
#include <iostream>
#include <memory>

#include "cli/exit_code.h"
#include "cli/signals.h"
#include "client/connection.h"
#include "client/option_file.h"
#include "config/duration.h"
#include "config/option_table.h"
#include "load/driver.h"
#include "load/loader.h"
#include "load/schema.h"
#include "load/usage_probe.h"
#include "report/bench_summary.h"
#include "run/server_load.h"
#include "sysbench/workload.h"
#include "util/pid.h"

namespace versus::cli {
namespace {
using Clock = std::chrono::steady_clock;

int error_exit(const std::string& message, int code) {
  std::cerr << "versus bench: " << message << '\n';
  return code;
}

Expected<client::Endpoint> endpoint_of(const BenchArgs& a) {
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

sysbench::RandSpec rand_of(const BenchArgs& a) {
  sysbench::RandSpec rand = a.rand;
  rand.type = *sysbench::rand_type_from_name(a.rand_type);  // CLI checked the name
  return rand;
}

// sysbench 0.4 asked the server for the table's engine (SHOW TABLE STATUS) to choose between
// BEGIN/COMMIT and LOCK TABLES; so does this, for the legacy mixes only.
Expected<bool> legacy_lock_tables(sysbench::Workload w, const client::Endpoint& ep) {
  if (!sysbench::is_legacy(w)) return false;
  auto conn = client::Connection::open(ep);
  if (!conn) return fail(conn.error());
  auto engine = conn->query_value(
      "SELECT LOWER(ENGINE) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() "
      "AND TABLE_NAME = '" +
      std::string(load::kLegacyTable) + "'");
  if (!engine) return fail(engine.error().context("finding the engine of sbtest"));
  return !load::engine_has_transactions(*engine);
}

Expected<load::DriverOptions> driver_options(const BenchArgs& a, const client::Endpoint& ep) {
  auto workload = sysbench::workload_from_name(a.workload);
  if (!workload) return fail("unknown workload '" + a.workload + "'");
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
  auto lock_tables = legacy_lock_tables(*workload, ep);
  if (!lock_tables) return fail(lock_tables.error());
  load::DriverOptions o;
  o.session.endpoint = ep;
  o.session.mix = load::mix_for(*workload, a.counts);
  o.session.distribution = rand_of(a);
  o.session.lock_tables = *lock_tables;
  o.session.tables = a.tables;
  o.session.table_size = static_cast<std::uint32_t>(a.table_size);
  o.threads = a.threads;
  o.client_threads = a.client_threads;
  o.warmup = *w;
  o.warmup_steady = steady;
  o.warmup_max = *w_max;
  o.duration = *d;
  o.max_requests = a.max_requests;
  o.rate = a.rate;
  return o;
}

report::BenchSummary summary_of(const BenchArgs& a, const client::Endpoint& ep,
                                const load::LoadResult& r) {
  report::BenchSummary s;
  s.workload = a.workload;
  s.target = ep.describe() + "/" + ep.database;
  s.threads = a.threads;
  s.rate = a.rate;
  s.seconds = r.seconds;
  s.series = r.series;
  s.counters = r.counters;
  s.errors = r.errors;
  s.latency = load::latency_summary(r.latency);
  return s;
}

void add_deltas(report::BenchSummary& s, const load::StatusDelta& delta) {
  for (const auto& name : load::workload_counters())
    if (delta.count(name)) s.status_deltas.emplace_back(name, delta.at(name));
}

// Live progress on stderr every `every_s` measured seconds, from the driver's cumulative
// samples (warmup not shown); separate from the final summary on stdout.
load::ProgressFn interval_printer(int every_s, int threads) {
  if (every_s <= 0) return {};
  auto last = std::make_shared<load::LiveSample>();
  last->warming_up = false;
  return [=](const load::LiveSample& now) {
    const double dt = now.elapsed_s - last->elapsed_s;
    if (now.warming_up || dt < every_s - 0.5) return;
    auto rate = [dt](std::uint64_t to, std::uint64_t from) {
      return static_cast<double>(to - from) / dt;
    };
    report::write_bench_interval(
        std::cerr, {now.elapsed_s, threads, rate(now.transactions, last->transactions),
                    rate(now.queries, last->queries), rate(now.errors, last->errors)});
    *last = now;
  };
}

// The server's pid: --server-pid, else the one in its own pid file (a server on this machine).
Expected<pid_t> server_pid(const BenchArgs& a, const client::Endpoint& ep) {
  if (a.server_pid > 0) {
    if (!process_alive(a.server_pid))
      return fail("--server-pid " + std::to_string(a.server_pid) + ": no such process");
    return static_cast<pid_t>(a.server_pid);
  }
  auto conn = client::Connection::open(ep);
  if (!conn) return fail(conn.error());
  auto file = conn->query_value("SELECT @@pid_file");
  if (!file) return fail(file.error().context("--efficiency: reading @@pid_file"));
  auto pid = read_pid_file(*file);
  if (!pid || !process_alive(*pid))
    return fail("--efficiency: cannot read the server's pid from its pid file " + *file +
                " (is the server on this machine?); give --server-pid");
  return *pid;
}

// --efficiency: the usage probe, hooked to the measured interval's edges.
Expected<std::unique_ptr<load::UsageProbe>> efficiency_probe(const BenchArgs& a,
                                                             const client::Endpoint& ep,
                                                             load::DriverOptions& o) {
  if (!a.efficiency) return std::unique_ptr<load::UsageProbe>();
  auto pid = server_pid(a, ep);
  if (!pid) return fail(pid.error());
  auto probe = load::UsageProbe::open(*pid, ep);
  if (!probe) return fail(probe.error());
  auto owned = std::make_unique<load::UsageProbe>(std::move(*probe));
  owned->attach(o);
  return owned;
}

int run_action(const BenchArgs& a, const client::Endpoint& ep) {
  auto o = driver_options(a, ep);
  if (!o) return error_exit(o.error().message, kUsage);
  auto probe = efficiency_probe(a, ep, *o);
  if (!probe) return error_exit(probe.error().message, kRunError);
  install_stop_handlers();
  const run::ServerLoad request{*o, ep, load::LimitsOwner::server, a.status_deltas, {}, a.prewarm};
  auto r = run::run_server_load(request, interval_printer(a.report_interval, a.threads),
                                &stop_requested());
  if (!r) return error_exit(r.error().message, kRunError);
  auto s = summary_of(a, ep, r->result);
  if (*probe) s.usage = (*probe)->result();
  if (r->status) add_deltas(s, *r->status);
  s.warmup = run::warmup_record(*r);
  if (a.format == "json")
    report::write_bench_json(std::cout, s);
  else
    report::write_bench_text(std::cout, s);
  return stop_requested() ? kInterrupted + stop_signal() : kOk;
}

// The tables of the workload, as a matrix instance loads them (load::tables_for), k with
// --rand-type as sysbench's prepare draws it.
int prepare_action(const BenchArgs& a, const client::Endpoint& ep) {
  const auto workload = *sysbench::workload_from_name(a.workload);  // CLI checked
  load::LoadSpec spec = load::tables_for({workload}, a.engine, a.tables, a.table_size, rand_of(a));
  spec.endpoint = ep;
  spec.parallel = a.threads;
  auto start = Clock::now();
  if (auto ok = load::load_tables(spec); !ok) return error_exit(ok.error().message, kRunError);
  double s = std::chrono::duration<double>(Clock::now() - start).count();
  std::cout << "versus bench: loaded " << a.tables << " table(s) x " << a.table_size
            << " rows into " << load::database_of(ep) << " in " << s << " s\n";
  return kOk;
}

int cleanup_action(const BenchArgs& a, const client::Endpoint& ep) {
  if (auto ok = load::drop_tables(ep, a.tables); !ok)
    return error_exit(ok.error().message, kRunError);
  std::cout << "versus bench: dropped " << a.tables << " table(s) from " << ep.database << '\n';
  return kOk;
}
}  // namespace

int bench_command(const BenchArgs& a) {
  if (a.table_size < 1 || a.table_size > INT32_MAX)
    return error_exit("--table-size must be 1..2147483647", kUsage);
  auto ep = endpoint_of(a);
  if (!ep) return error_exit(ep.error().message, kUsage);
  if (a.action == "prepare") return prepare_action(a, *ep);
  if (a.action == "cleanup") return cleanup_action(a, *ep);
  return run_action(a, *ep);
}

// A number strictly between 0 and 1, as the matrix's fraction keys.
CLI::Validator open_unit_interval() {
  return CLI::Validator(
      [](std::string& text) {
        double v = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        const bool ok = ec == std::errc{} && end == text.data() + text.size() && v > 0 && v < 1;
        return ok ? std::string() : "expected a number between 0 and 1 (exclusive), got " + text;
      },
      "0<x<1");
}

// A flag for a matrix key: its help and range from the option table.
template <class T>
void add_key_option(CLI::App* cmd, const std::string& flag, config::Key key, T& value) {
  const config::OptionSpec& spec = config::option(key);
  auto* opt = cmd->add_option(flag, value, std::string(spec.help))->capture_default_str();
  opt->group("Transaction mix (sysbench's options; each in `versus docs config`)");
  if (spec.kind == config::Kind::integer) opt->check(CLI::Range(spec.min, spec.max));
  if (spec.kind == config::Kind::fraction) opt->check(open_unit_interval());
}

void add_mix_options(CLI::App* cmd, BenchArgs& a) {
  using config::Key;
  add_key_option(cmd, "--point-selects", Key::point_selects, a.counts.point_selects);
  add_key_option(cmd, "--simple-ranges", Key::simple_ranges, a.counts.simple_ranges);
  add_key_option(cmd, "--sum-ranges", Key::sum_ranges, a.counts.sum_ranges);
  add_key_option(cmd, "--order-ranges", Key::order_ranges, a.counts.order_ranges);
  add_key_option(cmd, "--distinct-ranges", Key::distinct_ranges, a.counts.distinct_ranges);
  add_key_option(cmd, "--range-size", Key::range_size, a.counts.range_size);
  add_key_option(cmd, "--index-updates", Key::index_updates, a.counts.index_updates);
  add_key_option(cmd, "--non-index-updates", Key::non_index_updates, a.counts.non_index_updates);
  add_key_option(cmd, "--delete-inserts", Key::delete_inserts, a.counts.delete_inserts);
  add_key_option(cmd, "--rand-type", Key::rand_type, a.rand_type);
  cmd->get_option("--rand-type")
      ->check(CLI::IsMember(std::vector<std::string>(sysbench::rand_type_names().begin(),
                                                     sysbench::rand_type_names().end())));
  add_key_option(cmd, "--rand-spec-pct", Key::rand_spec_pct, a.rand.spec_pct);
  add_key_option(cmd, "--rand-spec-res", Key::rand_spec_res, a.rand.spec_res);
  add_key_option(cmd, "--rand-pareto-h", Key::rand_pareto_h, a.rand.pareto_h);
}

// Where the server is and who connects.
void add_connection_options(CLI::App* cmd, BenchArgs& a) {
  cmd->add_option("--host", a.host, "Server host (TCP)")->capture_default_str();
  cmd->add_option("--port", a.port, "Server port (TCP)")->capture_default_str();
  cmd->add_option("--socket", a.socket, "Unix socket; used instead of host and port");
  cmd->add_option("--user", a.user, "Account")->capture_default_str();
  cmd->add_option("--database", a.database, "Database of the tables")->capture_default_str();
  cmd->add_option("--defaults-file", a.defaults_file,
                  "0600 option file with [client] password=... (else $VERSUS_PASSWORD)");
}

// What load runs, for how long.
void add_load_options(CLI::App* cmd, BenchArgs& a) {
  cmd->add_option("--workload", a.workload, "A sysbench workload name")
      ->check(CLI::IsMember(std::vector<std::string>(sysbench::workload_names().begin(),
                                                     sysbench::workload_names().end())))
      ->capture_default_str();
  cmd->add_option("--engine", a.engine, "Storage engine of the tables (prepare)")
      ->capture_default_str();
  cmd->add_option("--tables", a.tables, "Number of tables")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--table-size", a.table_size, "Rows per table")->capture_default_str();
  cmd->add_option("--threads", a.threads, "Client connections (prepare: tables loaded at once)")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--client-threads", a.client_threads,
                  "Threads multiplexing them (0: one per 4 CPUs, at least 2)")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  cmd->add_option("--duration", a.duration,
                  "Measured time, e.g. 15s (default 10s, none with --max-requests)");
  cmd->add_option("--max-requests", a.max_requests, "Stop after this many transactions");
  cmd->add_option("--rate", a.rate,
                  "Transactions/s, Poisson arrivals, queueing in latency; 0: unlimited")
      ->capture_default_str();
  cmd->add_option("--report-interval", a.report_interval,
                  "Print tps, qps, errors/s to stderr every N s; 0: never")
      ->check(CLI::Range(0, 3600))
      ->capture_default_str();
  cmd->add_option("--warmup", a.warmup,
                  "Unmeasured time first, or steady: until the rate is steady")
      ->capture_default_str();
  cmd->add_option("--warmup-max", a.warmup_max, "--warmup steady: the longest warmup")
      ->capture_default_str();
  cmd->add_flag("--prewarm", a.prewarm, "Read the tables' indexes into the server's cache first");
}

// What is printed.
void add_output_options(CLI::App* cmd, BenchArgs& a) {
  cmd->add_option("--format", a.format, "text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->add_flag("--status-deltas", a.status_deltas, "Print SHOW GLOBAL STATUS deltas of the run");
  cmd->add_flag("--efficiency", a.efficiency,
                "Print each transaction's cost: server and client CPU, switches, KB read/written");
  cmd->add_option("--server-pid", a.server_pid,
                  "The server --efficiency measures (default: the pid in its @@pid_file)");
}

void add_bench_command(CLI::App& app, std::function<int()>& action) {
  auto a = std::make_shared<BenchArgs>();
  auto* cmd =
      app.add_subcommand("bench", "Drive a running server with one workload, as sysbench does");
  cmd->add_option("action", a->action, "prepare, run (default) or cleanup")
      ->check(CLI::IsMember({"prepare", "run", "cleanup"}));
  add_connection_options(cmd, *a);
  add_load_options(cmd, *a);
  add_output_options(cmd, *a);
  add_mix_options(cmd, *a);
  cmd->callback([a, &action] { action = [a] { return bench_command(*a); }; });
}

}  // namespace versus::cli
