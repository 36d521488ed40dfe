#pragma once
// `versus why RUN_DIR --server S [--profile P] [-o DIR] [--set KEY=VALUE]`: runs the experiment
// that splits S's gap to the baseline by settings group (run/why/why_run.h), prints the why run's
// report and then "what makes the difference" (report/why/why_writer.h), and writes it as
// why.txt and why.json into the why run's directory; the parent's reports are written again
// with every split of its directory. Exit status as `versus run`'s.
#include <functional>
#include <string>
#include <vector>

#include "run/why/why_run.h"
#include "util/expected.h"

namespace CLI {
class App;
}

namespace versus::cli {

struct WhyArgs {
  std::string run;  // the finished run's directory
  std::string server, profile, output;
  std::string group;  // "": by settings group; a group: within it, by setting
  std::vector<std::string> sets;
  std::size_t width = 100;
};

int why_command(const WhyArgs& args);

// why.txt and why.json in the why run's directory.
Expected<void> write_why_files(const run::WhyOutcome& why);

void add_why_command(CLI::App& app, std::function<int()>& action);

}  // namespace versus::cli
