#include "cli/bench_command.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <iostream>
#include <memory>

#include "cli/exit_code.h"
#include "cli/signals.h"
#include "config/options/option_table.h"
#include "report/bench/bench_summary.h"
#include "sysbench/family_traits.h"
#include "sysbench/replay_workload.h"
#include "sysbench/tpcc_options.h"
#include "sysbench/workload.h"

namespace versus::cli {
namespace {
int error_exit(const std::string& message, int code) {
  std::cerr << "versus bench: " << message << '\n';
  return code;
}

int run_action(const run::BenchPlan& plan, const std::string& format) {
  install_stop_handlers();
  auto print_interval = [](const measured::BenchInterval& i) {
    report::write_bench_interval(std::cerr, i);
  };
  auto s = run::run_bench(plan, print_interval, &stop_requested());
  if (!s) return error_exit(s.error().message, kRunError);
  if (format == "json")
    report::write_bench_json(std::cout, *s);
  else
    report::write_bench_text(std::cout, *s);
  if (stop_requested()) return kInterrupted + stop_signal();
  return s->consistency_error.empty() ? kOk : kCellsFailed;  // its figures came from broken tables
}

int prepare_action(const run::BenchPlan& plan) {
  auto seconds = run::prepare_bench_tables(plan);
  if (!seconds) return error_exit(seconds.error().message, kRunError);
  if (const auto& custom = plan.driver.session.mix.custom; custom && custom->replay)
    std::cout << "versus bench: "
              << (plan.options.replay_data.empty() ? "no --replay-data: nothing loaded"
                                                   : "ran the dump " + plan.options.replay_data)
              << " into " << run::bench_database(plan) << " in " << *seconds << " s\n";
  else if (custom)
    std::cout << "versus bench: loaded the tables of " << custom->source << " into "
              << run::bench_database(plan) << " in " << *seconds << " s\n";
  else if (const auto& family = sysbench::traits_of_named(plan.options.workload);
           !family.sized_in_rows())  // sized by --warehouses, the one other size option
    std::cout << "versus bench: loaded " << family.name << "'s tables, " << plan.options.warehouses
              << " " << family.size.one << "(s), into " << run::bench_database(plan) << " in "
              << *seconds << " s\n";
  else
    std::cout << "versus bench: loaded " << plan.options.tables << " table(s) x "
              << plan.options.table_size << " rows into " << run::bench_database(plan) << " in "
              << *seconds << " s\n";
  return kOk;
}

// check: the conditions' results, each with its time; exit 3 when one does not hold.
int check_action(const run::BenchPlan& plan, const std::string& format) {
  auto s = run::check_bench(plan);
  if (!s) return error_exit(s.error().message, kRunError);
  if (format == "json")
    report::write_bench_check_json(std::cout, *s);
  else
    report::write_bench_check_text(std::cout, *s);
  return s->consistency_error.empty() ? kOk : kCellsFailed;
}

int cleanup_action(const run::BenchPlan& plan) {
  if (auto ok = run::drop_bench_tables(plan); !ok) return error_exit(ok.error().message, kRunError);
  if (const auto& custom = plan.driver.session.mix.custom; custom && custom->replay) {
    // As a matrix's instance: what a dump made is not known table by table.
    std::cout << "versus bench: a replay's dump is not dropped (what it made is not known "
                 "table by table): drop its tables or database yourself\n";
    return kOk;
  }
  std::cout << "versus bench: dropped " << plan.options.tables << " table(s) from "
            << plan.options.database << '\n';
  return kOk;
}
}  // namespace

int bench_command(const BenchArgs& a) {
  auto plan = run::plan_bench(a);
  if (!plan) return error_exit(plan.error().message, kUsage);
  if (a.action == "prepare") return prepare_action(*plan);
  if (a.action == "cleanup") return cleanup_action(*plan);
  if (a.action == "check") return check_action(*plan, a.format);
  return run_action(*plan, a.format);
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
  // A list key (inlist_size) takes one value here: its range is the list's elements'.
  if (spec.kind == config::Kind::integer || spec.kind == config::Kind::integer_list)
    opt->check(CLI::Range(spec.min, spec.max));
  if (spec.kind == config::Kind::fraction) opt->check(open_unit_interval());
}

// A flag for a matrix key whose value is one of `names`.
void add_choice_option(CLI::App* cmd, const std::string& flag, config::Key key, std::string& value,
                       const std::vector<std::string_view>& names) {
  add_key_option(cmd, flag, key, value);
  cmd->get_option(flag)->check(CLI::IsMember(std::vector<std::string>(names.begin(), names.end())));
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
  add_key_option(cmd, "--inlist-size", Key::inlist_size, a.counts.inlist_size);
  add_key_option(cmd, "--rand-type", Key::rand_type, a.rand_type);
  add_key_option(cmd, "--warehouses", Key::warehouses, a.warehouses);  // tpcc's scale
  cmd->get_option("--warehouses")->check(CLI::Range(1, 10'000));
  cmd->get_option("--rand-type")
      ->check(CLI::IsMember(std::vector<std::string>(sysbench::rand_type_names().begin(),
                                                     sysbench::rand_type_names().end())));
  add_choice_option(cmd, "--tpcc-home", Key::tpcc_home, a.tpcc_home, sysbench::tpcc_home_names());
  add_choice_option(cmd, "--tpcc-mix", Key::tpcc_mix, a.tpcc_mix, sysbench::tpcc_mix_names());
  add_choice_option(cmd, "--tpcc-checks", Key::tpcc_checks, a.tpcc_checks,
                    sysbench::tpcc_checks_names());
  add_key_option(cmd, "--rand-spec-pct", Key::rand_spec_pct, a.rand.spec_pct);
  add_key_option(cmd, "--rand-spec-res", Key::rand_spec_res, a.rand.spec_res);
  add_key_option(cmd, "--rand-pareto-h", Key::rand_pareto_h, a.rand.pareto_h);
  add_key_option(cmd, "--rand-zipfian-exp", Key::rand_zipfian_exp, a.rand.zipfian_exp);
}

// Where the server is and who connects.
void add_connection_options(CLI::App* cmd, BenchArgs& a) {
  cmd->add_option("--host", a.host, "Server host (TCP)")->capture_default_str();
  cmd->add_option("--port", a.port, "Server port (TCP)")->capture_default_str();
  cmd->add_option("--socket", a.socket, "Unix socket; used instead of host and port");
  cmd->add_option("--user", a.user, "Account")->capture_default_str();
  cmd->add_option("--database", a.database, "Database of the tables")->capture_default_str();
  cmd->add_option("--defaults-file", a.defaults_file,
                  "0600 [client] password=... file (else $VERSUS_PASSWORD)");
}

// A query log replayed, as a matrix's {replay: LOG, ...} entry (docs/replay.md).
void add_replay_options(CLI::App* cmd, BenchArgs& a) {
  cmd->add_option("--replay", a.replay,
                  "Replay a query log (docs/replay.md)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--replay-data", a.replay_data,
                  "--replay: the dump it reads (prepare)")
      ->check(CLI::ExistingFile);
  cmd->add_flag("--replay-writes", a.replay_writes,
                "--replay: writes too (else refused)");
  cmd->add_option("--replay-sample", a.replay_sample,
                  "--replay: 1 in N connections")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000}))
      ->capture_default_str();
  cmd->add_option("--replay-order", a.replay_order, "--replay: captured or weighted")
      ->check(CLI::IsMember(std::vector<std::string>(sysbench::replay_order_names().begin(),
                                                     sysbench::replay_order_names().end())))
      ->capture_default_str();
}

// What load runs, for how long.
void add_load_options(CLI::App* cmd, BenchArgs& a) {
  // The names are the matrix key's (`versus docs config`, workloads): too many for a screen.
  cmd->add_option("--workload", a.workload, "A workload of the matrix key (`versus docs config`)")
      ->check(CLI::IsMember(std::vector<std::string>(sysbench::workload_names().begin(),
                                                     sysbench::workload_names().end()))
                  .description(""))
      ->capture_default_str();
  cmd->add_option("--workload-file", a.workload_file, "Your own SQL (docs/own-sql.md)")
      ->check(CLI::ExistingFile);
  add_replay_options(cmd, a);
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
  cmd->add_flag_callback(
      "--no-statement-timing", [&a] { a.statement_timing = false; },
      "Do not time statements by class (measures what the timing costs)");
}

// What is printed.
void add_output_options(CLI::App* cmd, BenchArgs& a) {
  cmd->add_option("--format", a.format, "text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->add_flag("--status-deltas", a.status_deltas, "Print SHOW GLOBAL STATUS deltas of the run");
  cmd->add_flag("--efficiency", a.efficiency,
                "Print the cost per transaction (CPU, switches, KB read/written)");
  cmd->add_option("--server-pid", a.server_pid,
                  "The server --efficiency measures (default: the pid in its @@pid_file)");
}

void add_bench_command(CLI::App& app, std::function<int()>& action) {
  auto a = std::make_shared<BenchArgs>();
  auto* cmd =
      app.add_subcommand("bench", "Drive a running server with one workload, as sysbench does");
  cmd->add_option("action", a->action,
                  "prepare, run (default), check (tpcc's consistency alone) or cleanup")
      ->check(CLI::IsMember({"prepare", "run", "check", "cleanup"}));
  add_connection_options(cmd, *a);
  add_load_options(cmd, *a);
  add_output_options(cmd, *a);
  add_mix_options(cmd, *a);
  cmd->callback([a, &action] { action = [a] { return bench_command(*a); }; });
}

}  // namespace versus::cli
