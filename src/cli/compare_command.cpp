#include "cli/compare_command.h"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/exit_code.h"
#include "report/compare/compare_html.h"
#include "report/compare/compare_writer.h"
#include "report/compare/regression.h"
#include "report/shared/comparison.h"
#include "results/record/store.h"
#include "util/whole_file.h"

namespace versus::cli {

namespace {

int unreadable(const Error& error) {
  std::cerr << "versus: " << error.message << '\n';
  return kUsage;
}

int exit_status(const report::RegressionReport& report, bool fail_on_undecided) {
  if (report.has_regression()) return kRegression;
  const int open = report.count(report::Outcome::undecided) +
                   report.count(report::Outcome::insufficient_data);
  if (!fail_on_undecided || open == 0) return kOk;
  std::cerr << "versus: " << open
            << " matched cell(s) undecided or with too few runs (--fail-on-undecided)\n";
  return kRegression;
}

void write_report(std::ostream& out, const report::RegressionReport& report,
                  const std::string& format) {
  if (format == "json")
    report::write_regression_json(out, report);
  else if (format == "terminal")
    report::write_regression_terminal(out, report);
  else
    report::write_regression_markdown(out, report);
}

}  // namespace

bool write_html_file(const std::string& path, const std::string& html) {
  auto written = write_file_atomically(path, html);
  if (!written) std::cerr << "versus: --html: " << written.error().message << '\n';
  return static_cast<bool>(written);
}

Expected<results::RunResults> load_run(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path p(path);
  if (std::filesystem::is_directory(p, ec))
    return results::load_results(p / results::kResultsFileName);
  return results::load_results(p);
}

Expected<std::optional<results::RunResults>> load_baseline(const std::string& path) {
  if (path.empty()) return std::optional<results::RunResults>();
  auto run = load_run(path);
  if (!run) return fail(run.error().context("--baseline"));
  return std::optional<results::RunResults>(std::move(*run));
}

int compare_command(const CompareArgs& a) {
  auto base = load_run(a.base);
  if (!base) return unreadable(base.error());
  auto now = load_run(a.now);
  if (!now) return unreadable(now.error());
  const std::string& method =
      a.multiple_comparisons.empty() ? now->info.multiple_comparisons : a.multiple_comparisons;
  const auto adjustment =
      results::adjustment_from_name(method).value_or(results::Adjustment::holm);  // validated
  const auto report = report::compare_runs(*base, *now, {a.threshold_pct, 0.95, adjustment});
  write_report(std::cout, report, a.format);
  if (!a.html.empty()) {
    std::ostringstream html;
    report::write_regression_html(html, report);
    if (!write_html_file(a.html, html.str())) return kRunError;
  }
  return exit_status(report, a.fail_on_undecided);
}

int check_against_baseline(const results::RunResults& base, const results::RunResults& now,
                           double threshold_pct, std::ostream& out) {
  const auto report =
      report::compare_runs(base, now, {threshold_pct, 0.95, report::run_adjustment(now.info)});
  report::write_regression_terminal(out, report);
  return exit_status(report, false);
}

void add_compare_command(CLI::App& app, std::function<int()>& action) {
  auto a = std::make_shared<CompareArgs>();
  auto* cmd = app.add_subcommand(
      "compare", "Compare two runs cell by cell; exit 1 on a significant regression");
  cmd->add_option("base", a->base, "The baseline: a run directory or its results.json")->required();
  cmd->add_option("new", a->now, "The run to check: a run directory or its results.json")
      ->required();
  cmd->add_option("--threshold", a->threshold_pct,
                  "Percent of TPS a significant loss must exceed to count as a regression")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
  cmd->add_option("--multiple-comparisons", a->multiple_comparisons,
                  "holm, bh or none: error control over all matched cells (default: NEW's "
                  "multiple_comparisons, holm for new runs)")
      ->check(CLI::IsMember({"holm", "bh", "none"}));
  cmd->add_option("-f,--format", a->format, "markdown, terminal or json")
      ->check(CLI::IsMember({"markdown", "terminal", "json"}))
      ->capture_default_str();
  cmd->add_option("--html", a->html, "Also write the report as a self-contained HTML page here");
  cmd->add_flag("--fail-on-undecided", a->fail_on_undecided,
                "Exit 1 also when a matched cell is undecided (its interval neither inside nor "
                "beyond +-threshold) or has too few runs: a gate that decided nothing fails");
  cmd->callback([a, &action] { action = [a] { return compare_command(*a); }; });
}

}  // namespace versus::cli
