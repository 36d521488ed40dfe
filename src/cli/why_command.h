#pragma once
// `versus why RUN_DIR --server S [--profile P] [-o DIR] [--set KEY=VALUE]`: runs the experiment
// that splits S's gap to the baseline by settings group (run/why_run.h), prints the why run's
// report and then "what makes the difference" (report/why/why_writer.h), and writes it as
// why.txt and why.json into the why run's directory. Exit status as `versus run`'s.
#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace versus::cli {

struct WhyArgs {
  std::string run;  // the finished run's directory
  std::string server, profile, output;
  std::vector<std::string> sets;
  std::size_t width = 100;
};

int why_command(const WhyArgs& args);

void add_why_command(CLI::App& app, std::function<int()>& action);

}  // namespace versus::cli
