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
#include "report/why/why_writer.h"
#include "run/why_run.h"
#include "util/log.h"
#include "util/whole_file.h"

namespace versus::cli {

int why_command(const WhyArgs& a) {
  install_stop_handlers();
  const bool quiet = log::verbosity() == log::Verbosity::quiet;
  report::ProgressPrinter progress(std::cerr, ::isatty(STDERR_FILENO) != 0 && !quiet, quiet);
  auto out = run::run_why({a.run, a.server, a.profile, a.output, a.sets, &stop_requested()},
                          progress);
  if (!out) {
    std::cerr << "versus why: " << out.error().message << '\n';
    return stop_requested() ? kInterrupted + stop_signal() : kUsage;
  }
  const int status = report_run(out->run, a.width);
  std::ostringstream text;
  report::write_why(text, out->design, out->rows);
  std::cout << '\n' << text.str();
  const auto dir = out->run.dir;
  if (auto ok = write_file_atomically(dir / "why.txt", text.str()); !ok)
    std::cerr << "versus why: " << ok.error().message << '\n';
  if (auto ok = write_file_atomically(dir / "why.json",
                                      report::why_json(out->design, out->rows).dump(2) + "\n");
      !ok)
    std::cerr << "versus why: " << ok.error().message << '\n';
  return status;
}

void add_why_command(CLI::App& app, std::function<int()>& action) {
  auto a = std::make_shared<WhyArgs>();
  auto* cmd = app.add_subcommand(
      "why", "Split a column's gap to the baseline by settings group, by experiment");
  cmd->add_option("run_dir", a->run, "A finished run directory")->required();
  cmd->add_option("--server", a->server, "The column's server (not the first, the baseline)")
      ->required();
  cmd->add_option("--profile", a->profile, "The profile (default: the run's first)");
  cmd->add_option("-o,--output", a->output, "The why run's directory (default RUN_DIR/why-SERVER)");
  cmd->add_option("--set", a->sets, "KEY=VALUE: a top-level key of the why run (--set repeats=5)");
  cmd->add_option("--width", a->width, "Terminal table width")->default_val(100);
  cmd->callback([a, &action] { action = [a] { return why_command(*a); }; });
}

}  // namespace versus::cli
