#include "cli/commands.h"

#include <unistd.h>

#include <iostream>

#include "cli/compare_command.h"
#include "cli/why_command.h"
#include "cli/exit_code.h"
#include "cli/history_command.h"
#include "cli/signals.h"
#include "config/plan/metric.h"
#include "config/plan/shards.h"
#include "config/reading/matrix_parser.h"
#include "report/console/plan_writer.h"
#include "report/console/progress_printer.h"
#include "report/run/run_csv.h"
#include "report/run/run_json.h"
#include "report/run/run_markdown.h"
#include "report/run/run_report.h"
#include "report/run/run_terminal.h"
#include "report/why/why_writer.h"
#include "report/shared/comparison.h"
#include "results/record/store.h"
#include "run/why/explain.h"
#include "run/matrix_run.h"
#include "run/preflight.h"
#include "run/schedule.h"
#include "util/log.h"

namespace versus::cli {
namespace {
int error_exit(const Error& e, int code) {
  std::cerr << "versus: " << e.message << '\n';
  return code;
}

int status_of(const run::RunOutcome& out) {
  if (out.interrupted) return kInterrupted + stop_signal();
  if (out.stop_error) return kRunError;
  for (const auto& c : out.results.cells)
    if (c.status != results::CellStatus::ok) return kCellsFailed;
  return kOk;
}

void summarize(const run::RunOutcome& out) {
  int failed = 0, crashed = 0, unresponsive = 0;
  for (const auto& c : out.results.cells) {
    failed += c.status == results::CellStatus::failed;
    crashed += c.status == results::CellStatus::crashed;
    unresponsive += c.status == results::CellStatus::unresponsive;
  }
  if (log::verbosity() == log::Verbosity::quiet && !failed && !crashed && !unresponsive &&
      !out.interrupted &&
      !out.stop_error)
    return;
  std::cerr << "versus: " << out.results.cells.size() << " cells recorded";
  if (failed) std::cerr << ", " << failed << " failed";
  if (crashed) std::cerr << ", " << crashed << " crashed";
  if (unresponsive) std::cerr << ", " << unresponsive << " unresponsive";
  if (out.interrupted) std::cerr << "; interrupted by signal " << stop_signal();
  if (out.stop_error)
    std::cerr << "\nversus: the run stopped: " << out.stop_error->message
              << "\nversus: every cell recorded before it is intact in results.json; "
              << "versus run --resume " << out.dir.string() << " runs the rest";
  std::cerr << "\nversus: results in " << out.dir.string() << "/ (results.json, comparison.md)\n"
            << "versus: report: " << (out.dir / report::kHtmlReportName).string() << '\n';
}
}  // namespace

// The run's table on stdout, its report files, the closing summary; the run's exit status.
int report_run(const run::RunOutcome& out, std::size_t width) {
  report::write_report(std::cout, report::ReportFormat::terminal,
                       report::build_comparison(out.results), out.results,
                       report::read_report_context(out.dir), {width});
  auto reports = report::write_run_reports(out.dir, out.results);
  if (!reports) std::cerr << "versus: " << reports.error().message << '\n';
  summarize(out);
  return reports ? status_of(out) : kRunError;
}

namespace {
// explain: settings after the run: its second runs, each reported in its own directory, then
// the run's reports written again with their splits and the block printed. The run's status
// unless a second run was interrupted or had to stop.
int explain_run(const config::Plan& plan, const run::RunOutcome& out,
                results::ProgressSink& progress, int status) {
  auto x = run::run_explain(plan, out, &stop_requested(), progress);
  for (const auto& split : x.splits) {
    auto ok = report::write_run_reports(split.run.dir, split.run.results);
    if (ok) ok = write_why_files(split);
    if (!ok) std::cerr << "versus: " << ok.error().message << '\n';
  }
  if (auto ok = report::write_run_reports(out.dir, out.results); !ok)
    return error_exit(ok.error(), kRunError);
  const auto context = report::read_report_context(out.dir);
  for (const auto& t : report::explanation_tables(context.explanations)) {
    std::cout << '\n';
    report::write_text_table(std::cout, t);
  }
  for (const auto& line : report::skipped_lines(context.explanations)) std::cout << line << '\n';
  if (x.interrupted) return kInterrupted + stop_signal();
  if (x.stop_error) return error_exit(x.stop_error->context("explain: settings"), kRunError);
  return status;
}
}  // namespace

int run_command(const RunArgs& a) {
  bool resume = !a.resume.empty();
  auto overrides =
      resume ? config::read_overrides_file(std::filesystem::path(a.resume) / "matrix.overrides")
             : Expected<config::MatrixOverrides>(a.overrides);
  if (!overrides) return error_exit(overrides.error(), kUsage);
  auto plan = config::parse_matrix_file(
      resume ? (std::filesystem::path(a.resume) / "matrix.yaml").string() : a.matrix, *overrides);
  if (!plan) return error_exit(plan.error(), kUsage);
  if (a.seed != 0) plan->seed = a.seed;
  auto baseline = load_baseline(a.baseline);  // read before the run: fail fast
  if (!baseline) return error_exit(baseline.error(), kUsage);
  install_stop_handlers();
  const bool quiet = log::verbosity() == log::Verbosity::quiet;
  report::ProgressPrinter progress(std::cerr, ::isatty(STDERR_FILENO) != 0 && !quiet, quiet);
  run::RunOptions opts{resume ? a.resume : a.output, a.keep_snapshots, &stop_requested(), resume};
  opts.no_cache = a.no_cache;
  if (!a.shard.empty()) {
    auto shard = config::parse_shard(a.shard);
    if (!shard) return error_exit(shard.error(), kUsage);
    opts.shard = *shard;
  }
  auto out = run::run_matrix(*plan, opts, progress);
  if (!out)
    return error_exit(out.error(), stop_requested() ? kInterrupted + stop_signal() : kUsage);
  int status = report_run(*out, a.width);
  if (plan->explain_settings) status = explain_run(*plan, *out, progress, status);
  if (!a.history.empty() && !out->interrupted) {
    if (auto added = append_to_history(out->results, a.history, out->dir); !added)
      return error_exit(added.error().context("--history"), kRunError);
    if (!a.history_page.empty())
      if (auto ok = write_history_page(a.history, a.history_page); !ok)
        return error_exit(ok.error().context("--history-page"), kRunError);
  }
  if (status != kOk || !*baseline) return status;
  return check_against_baseline(**baseline, out->results, a.threshold_pct, std::cout);
}

int plan_command(const std::string& matrix, const config::MatrixOverrides& overrides, int shards) {
  auto plan = config::parse_matrix_file(matrix, overrides);
  if (!plan) return error_exit(plan.error(), kUsage);
  // The whole preflight `run` does (release detection, profiles): a plan that passes starts.
  if (auto pf = run::run_preflight(*plan); !pf) return error_exit(pf.error(), kUsage);
  if (shards == 0) {
    report::write_plan(std::cout, *plan, run::schedule_cells(*plan));
    return kOk;
  }
  auto split = config::assign_shards(*plan, shards);
  if (!split) return error_exit(split.error(), kUsage);
  auto id = config::plan_id(*plan);
  if (!id) return error_exit(id.error(), kUsage);
  report::write_plan(std::cout, *plan, run::schedule_cells(*plan));
  report::write_shards(std::cout, *plan, *split,
                       {*id, plan->seed != 0 ? plan->seed : run::shard_seed(*id)});
  return kOk;
}

int report_command(const ReportArgs& a) {
  const std::filesystem::path dir(a.run_dir);
  auto r = results::load_results(dir / results::kResultsFileName);
  if (!r) return error_exit(r.error(), kUsage);
  auto tables = a.metric.empty() ? report::build_comparison(*r)
                                 : report::build_comparison(
                                       *r, *config::metric_from_name(a.metric));  // CLI checked
  report::write_report(std::cout,
                       report::report_format_from_name(a.format).value_or(
                           report::ReportFormat::terminal),  // CLI checked
                       tables, *r, report::read_report_context(dir), {a.width});
  return kOk;
}

}  // namespace versus::cli
