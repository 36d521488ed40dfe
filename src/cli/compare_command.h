#pragma once
// `versus compare BASE NEW`: is NEW slower than BASE beyond noise and a threshold? Prints
// the regression report (report/compare/compare_writer.h) and returns kRegression (1) when any
// matched cell regressed, kOk (0) otherwise, kUsage (2) when an input cannot be read.
// Also the check at the end of `versus run --baseline FILE`.
#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "results/record/record.h"
#include "util/expected.h"

namespace CLI {
class App;
}

namespace versus::cli {

struct CompareArgs {
  std::string base, now;            // run directories or results.json files
  double threshold_pct = 5;         // regressions are significant losses beyond this
  std::string format = "markdown";  // markdown | terminal | json
  std::string html;                 // also write the HTML report there; empty: none
  // holm | bh | none over the matched cells; empty: NEW's run's multiple_comparisons.
  std::string multiple_comparisons;
  // Exit 1 also when a matched cell is undecided or has too few runs: a gate that decided
  // nothing does not pass.
  bool fail_on_undecided = false;
};

int compare_command(const CompareArgs& args);

// Writes an HTML report to `path` atomically; false (with the reason on stderr) on failure.
bool write_html_file(const std::string& path, const std::string& html);

// Registers the subcommand; when it is chosen, `action` runs it.
void add_compare_command(CLI::App& app, std::function<int()>& action);

// Reads a run: `path` is a run directory (holding results.json) or a results.json file.
Expected<results::RunResults> load_run(const std::string& path);

// The run named by `run --baseline`, or none when `path` is empty.
Expected<std::optional<results::RunResults>> load_baseline(const std::string& path);

// The regression check of `run --baseline`: writes the terminal report to `out` and
// returns kRegression or kOk.
int check_against_baseline(const results::RunResults& base, const results::RunResults& now,
                           double threshold_pct, std::ostream& out);

}  // namespace versus::cli
