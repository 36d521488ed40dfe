#pragma once
// `versus upgrade-report RUN_DIR --from A --to B [--profile P]`: the upgrade-decision report
// (report/upgrade/upgrade_report.h) as Markdown on stdout, and with --html FILE as a page
// (report/upgrade/upgrade_html.h). Returns kOk, or kUsage when the run
// cannot be read or does not have both servers in the profile. Missing variables.json
// files only leave the variables section empty (with a note).
#include <functional>
#include <string>

namespace CLI {
class App;
}

namespace versus::cli {

struct UpgradeArgs {
  std::string run;  // a run directory
  std::string from, to;
  std::string profile;  // empty: the first profile both servers ran in
  std::string html;     // also write the HTML report there; empty: none
};

int upgrade_command(const UpgradeArgs& args);

void add_upgrade_command(CLI::App& app, std::function<int()>& action);

}  // namespace versus::cli
