#include "cli/upgrade_command.h"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/compare_command.h"
#include "cli/exit_code.h"
#include "host/server_variables.h"
#include "report/upgrade/upgrade_html.h"
#include "report/upgrade/upgrade_markdown.h"

namespace versus::cli {

namespace {

int usage_error(const Error& error) {
  std::cerr << "versus: " << error.message << '\n';
  return kUsage;
}

// The variables of instance <server>.<profile>.<engine>, or none (with a warning).
std::optional<report::VariableMap> variables_of(const std::string& run_dir,
                                                const std::string& server,
                                                const report::UpgradeScope& s) {
  const auto file = std::filesystem::path(run_dir) / "instances" /
                    (server + "." + s.profile + "." + s.engine) / host::kVariablesFileName;
  auto vars = host::load_variables(file);
  if (vars) return *vars;
  std::cerr << "versus: warning: " << vars.error().message << '\n';
  return std::nullopt;
}

}  // namespace

int upgrade_command(const UpgradeArgs& a) {
  auto run = load_run(a.run);
  if (!run) return usage_error(run.error());
  auto scope = report::resolve_upgrade_scope(*run, a.from, a.to, a.profile);
  if (!scope) return usage_error(scope.error());
  // A results.json given directly: its run directory is the one holding it.
  std::error_code ec;
  const std::string dir = std::filesystem::is_directory(a.run, ec)
                              ? a.run
                              : std::filesystem::path(a.run).parent_path().string();
  const auto from = variables_of(dir, a.from, *scope);
  const auto to = variables_of(dir, a.to, *scope);
  auto report =
      report::build_upgrade_report(*run, *scope, from ? &*from : nullptr, to ? &*to : nullptr);
  report.why = report::explanations_for(report::read_explanations(dir), scope->from, scope->to,
                                        scope->profile);
  report::write_upgrade_markdown(std::cout, report);
  if (!a.html.empty()) {
    std::ostringstream html;
    report::write_upgrade_html(html, report);
    if (!write_html_file(a.html, html.str())) return kRunError;
  }
  return kOk;
}

void add_upgrade_command(CLI::App& app, std::function<int()>& action) {
  auto a = std::make_shared<UpgradeArgs>();
  auto* cmd = app.add_subcommand(
      "upgrade-report", "Should we upgrade from one release to another? A Markdown report");
  cmd->add_option("run_dir", a->run, "A run directory that measured both servers")->required();
  cmd->add_option("--from", a->from, "The server in use now")->required();
  cmd->add_option("--to", a->to, "The server to upgrade to")->required();
  cmd->add_option("--profile", a->profile, "The profile (default: the first both ran)");
  cmd->add_option("--html", a->html, "Also write the report as a self-contained HTML page here");
  cmd->callback([a, &action] { action = [a] { return upgrade_command(*a); }; });
}

}  // namespace versus::cli
