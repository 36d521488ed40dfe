#include "cli/app.h"

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/agent_command.h"
#include "cli/bench_command.h"
#include "cli/commands.h"
#include "cli/compare_command.h"
#include "cli/exit_code.h"
#include "cli/help.h"
#include "cli/history_command.h"
#include "cli/man_page.h"
#include "cli/shard_commands.h"
#include "cli/upgrade_command.h"
#include "cli/why_command.h"
#include "config/options/config_doc.h"
#include "config/options/workload_doc.h"
#include "config/plan/metric.h"
#include "results/evidence/settings_list.h"
#include "util/last_resort.h"

namespace versus::cli {

namespace {
void add_overrides(CLI::App* cmd, config::MatrixOverrides& o) {
  cmd->add_option("--server", o.servers,
                  "NAME=BASEDIR: the basedir of server NAME (sets or replaces the file's)");
  cmd->add_option("--set", o.sets,
                  "KEY=VALUE: a top-level key, VALUE read as YAML (--set duration=10s)");
}

void add_run(CLI::App& app, RunArgs& a, std::function<int()>& action) {
  auto* cmd = app.add_subcommand("run", "Run a matrix file and write results/<run-id>/");
  auto* matrix = cmd->add_option("matrix", a.matrix, "The matrix file (YAML)");
  auto* output =
      cmd->add_option("-o,--output", a.output, "Run directory (default results/<run-id>)");
  auto* resume =
      cmd->add_option("--resume", a.resume,
                      "Resume a run directory: stop the servers it left, run its missing cells");
  resume->excludes(matrix)->excludes(output);
  (void)output;
  cmd->add_flag("--keep-snapshots", a.keep_snapshots, "Keep each instance's loaded datadir");
  cmd->add_flag("--no-cache", a.no_cache,
                "Prepare every instance; neither use nor fill the instance cache");
  cmd->add_option("--baseline", a.baseline,
                  "Then compare with this run (dir or results.json); exit 1 on a regression");
  cmd->add_option("--threshold", a.threshold_pct, "Regression threshold (% TPS) for --baseline")
      ->check(CLI::Range(0.0, 100.0))
      ->default_val(5);
  auto* history =
      cmd->add_option("--history", a.history, "Then append the run to this history (SQLite)");
  cmd->add_option("--history-page", a.history_page,
                  "Then rewrite the history's page (HTML) at this file")
      ->needs(history);
  cmd->add_option("--seed", a.seed,
                  "Seed of every session's random ids (overrides the matrix's seed; recorded)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{4'611'686'018'427'387'903ULL}));
  cmd->add_option("--width", a.width, "Terminal table width")->default_val(100);
  cmd->add_option("--shard", a.shard,
                  "I/N: only shard I of N (whole comparison groups; versus plan --shards N)")
      ->excludes(resume);
  add_overrides(cmd, a.overrides);
  cmd->callback([&, matrix, resume] {
    if (matrix->count() == 0 && resume->count() == 0)
      throw CLI::RequiredError("a matrix file or --resume RUN_DIR");
    action = [&] { return run_command(a); };
  });
}

void add_plan(CLI::App& app, std::string& matrix, config::MatrixOverrides& overrides, int& shards,
              std::function<int()>& action) {
  auto* cmd =
      app.add_subcommand("plan", "Print the expanded matrix and its estimated time; start nothing");
  cmd->add_option("matrix", matrix, "The matrix file (YAML)")->required();
  cmd->add_option("--shards", shards, "Then what each of N shards holds and its estimated time")
      ->check(CLI::PositiveNumber);
  add_overrides(cmd, overrides);
  cmd->callback([&] { action = [&] { return plan_command(matrix, overrides, shards); }; });
}

void add_report(CLI::App& app, ReportArgs& a, std::function<int()>& action) {
  auto* cmd = app.add_subcommand("report", "Print the comparison of a finished run again");
  cmd->add_option("run_dir", a.run_dir, "A run directory (holding results.json)")->required();
  cmd->add_option("-f,--format", a.format, "terminal, markdown, csv, json or html")
      ->check(CLI::IsMember({"terminal", "markdown", "csv", "json", "html"}))
      ->default_val("terminal");
  cmd->add_option("--width", a.width, "Terminal table width")->default_val(100);
  cmd->add_option("--metric", a.metric,
                  "What the tables show: tps, qps, rw (read/write requests/s), p95 (ms) or nopm "
                  "(TPC-C); default: the run's matrix key metric (tps; nopm for tpcc)")
      ->check(CLI::IsMember(
          std::vector<std::string>(config::metric_names().begin(), config::metric_names().end())));
  cmd->callback([&] { action = [&] { return report_command(a); }; });
}

void add_docs(CLI::App& app, std::function<int()>& action) {
  auto* cmd = app.add_subcommand("docs", "Print generated documentation");
  auto* config = cmd->add_subcommand("config", "The matrix file reference (docs/config.md)");
  config->callback([&] {
    action = [] {
      std::cout << config::render_config_doc();
      return 0;
    };
  });
  auto* workload = cmd->add_subcommand("workload", "The workload file reference (docs/workload-file.md)");
  workload->callback([&] {
    action = [] {
      std::cout << config::render_workload_doc();
      return 0;
    };
  });
  auto* settings = cmd->add_subcommand("settings", "The settings reports name when they differ");
  settings->callback([&] {
    action = [] {
      std::cout << results::settings_list_markdown();
      return 0;
    };
  });
  auto* man = cmd->add_subcommand("man", "The man page versus(1), roff (installed by cmake)");
  man->callback([&] {
    action = [&] {
      std::cout << render_man(app);
      return 0;
    };
  });
  auto* completion = cmd->add_subcommand("completion", "The bash completion script");
  completion->callback([&] {
    action = [&] {
      std::cout << render_completion(app);
      return 0;
    };
  });
  cmd->require_subcommand(1);
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "versus: is server release B faster than release A, by how much, and can we trust it?"};
  app.set_version_flag("--version", std::string("versus ") + VERSUS_VERSION);
  app.require_subcommand(1);
  std::function<int()> action;
  RunArgs run_args;
  ReportArgs report_args;
  std::string plan_matrix;
  config::MatrixOverrides plan_overrides;
  int plan_shards = 0;
  add_run(app, run_args, action);
  add_plan(app, plan_matrix, plan_overrides, plan_shards, action);
  add_report(app, report_args, action);
  add_docs(app, action);
  add_bench_command(app, action);
  add_compare_command(app, action);
  add_history_command(app, action);
  add_upgrade_command(app, action);
  add_why_command(app, action);
  add_agent_command(app, action);
  add_shard_commands(app, action);
  VerbosityFlags verbosity;
  apply_conventions(app, verbosity);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kOk : kUsage;
  }
  log::set_verbosity(verbosity.verbosity());
  if (!action) return kUsage;
  // What escapes a command is a bug or a library's exception: said, and exit 4. A run has
  // stopped its servers by then (run/matrix_run.h); from a thread, the terminate handler does.
  install_terminate_handler(kRunError);
  int status = kUsage;
  if (auto ran = catch_unexpected([&] { status = action(); }); !ran) {
    std::cerr << "versus: " << ran.error().message << '\n';
    return kRunError;
  }
  return status;
}

}  // namespace versus::cli
