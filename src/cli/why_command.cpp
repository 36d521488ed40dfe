#include "cli/why_command.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "cli/signals.h"
#include "report/console/progress_printer.h"
#include "report/run/run_report.h"
#include "results/record/store.h"
#include "report/why/why_writer.h"
#include "run/why/why_run.h"
#include "util/log.h"
#include "util/whole_file.h"

namespace versus::cli {

int why_command(const WhyArgs& a) {
  install_stop_handlers();
  const bool quiet = log::verbosity() == log::Verbosity::quiet;
  report::ProgressPrinter progress(std::cerr, ::isatty(STDERR_FILENO) != 0 && !quiet, quiet);
  run::WhyRunRequest request{a.run,  a.server,           a.profile, a.output,
                             a.sets, &stop_requested(), SIZE_MAX,  a.group};
  auto out = run::run_why(request, progress);
  if (!out) {
    std::cerr << "versus why: " << out.error().message << '\n';
    return stop_requested() ? kInterrupted + stop_signal() : kUsage;
  }
  const int status = report_run(out->run, a.width);
  std::ostringstream text;
  report::write_why(text, out->design, out->rows);
  std::cout << '\n' << text.str();
  if (auto ok = write_why_files(*out); !ok) std::cerr << "versus why: " << ok.error().message << '\n';
  // The parent's reports show every split of its directory: this one too.
  const std::filesystem::path run_dir(a.run);
  auto parent = results::load_results(run_dir / results::kResultsFileName);
  if (parent)
    if (auto ok = report::write_run_reports(run_dir, *parent); !ok)
      std::cerr << "versus why: " << ok.error().message << '\n';
  return status;
}

Expected<void> write_why_files(const run::WhyOutcome& why) {
  const auto& dir = why.run.dir;
  std::ostringstream text;
  report::write_why(text, why.design, why.rows);
  if (auto ok = write_file_atomically(dir / "why.txt", text.str()); !ok) return ok;
  return write_file_atomically(dir / "why.json",
                               report::why_json(why.design, why.rows).dump(2) + "\n");
}

void add_why_command(CLI::App& app, std::function<int()>& action) {
  auto a = std::make_shared<WhyArgs>();
  auto* cmd = app.add_subcommand(
      "why", "Split a column's gap to the baseline by settings group, by experiment");
  cmd->add_option("run_dir", a->run, "A finished run directory")->required();
  cmd->add_option("--server", a->server, "The column's server (not the first, the baseline)")
      ->required();
  cmd->add_option("--profile", a->profile, "The profile (default: the run's first)");
  cmd->add_option("--group", a->group,
                  "Split one settings group's part by setting instead (durability, ...)");
  cmd->add_option("-o,--output", a->output,
                  "The why run's directory (default RUN_DIR/why-SERVER[-GROUP])");
  cmd->add_option("--set", a->sets, "KEY=VALUE: a top-level key of the why run (--set repeats=5)");
  cmd->add_option("--width", a->width, "Terminal table width")->default_val(100);
  cmd->callback([a, &action] { action = [a] { return why_command(*a); }; });
}

}  // namespace versus::cli
