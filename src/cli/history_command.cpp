#include "cli/history_command.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/compare_command.h"
#include "cli/exit_code.h"
#include "report/history_trend.h"
#include "report/history_writer.h"
#include "results/history.h"

namespace versus::cli {

namespace {

int usage_error(const Error& error) {
  std::cerr << "versus: " << error.message << '\n';
  return kUsage;
}

void write_trends(const std::vector<report::Trend>& trends, const std::string& format) {
  if (format == "json")
    report::write_history_json(std::cout, trends);
  else if (format == "markdown")
    report::write_history_markdown(std::cout, trends);
  else
    report::write_history_terminal(std::cout, trends);
}

void add_add(CLI::App& history, std::function<int()>& action) {
  auto a = std::make_shared<HistoryAddArgs>();
  auto* cmd = history.add_subcommand("add", "Append finished runs to the history");
  cmd->add_option("run_dir", a->runs, "Run directories (or their results.json)")->required();
  cmd->add_option("--db", a->db, "The history file (SQLite)")->capture_default_str();
  cmd->callback([a, &action] { action = [a] { return history_add_command(*a); }; });
}

void add_show(CLI::App& history, std::function<int()>& action) {
  auto a = std::make_shared<HistoryShowArgs>();
  auto* cmd =
      history.add_subcommand("show", "Per cell: the trend across runs and its change points");
  cmd->add_option("--db", a->db, "The history file (SQLite)")->capture_default_str();
  cmd->add_option("--workload", a->workload, "Only this workload");
  cmd->add_option("--server", a->server, "Only this server");
  cmd->add_option("--profile", a->profile, "Only this profile");
  cmd->add_option("--engine", a->engine, "Only this engine");
  cmd->add_option("--threads", a->threads, "Only this thread count");
  cmd->add_option("--table-size", a->table_size, "Only this table size (rows per table)");
  cmd->add_option("--multiple-comparisons", a->multiple_comparisons,
                  "holm, bh or none: error control over every window test of every series shown")
      ->check(CLI::IsMember({"holm", "bh", "none"}))
      ->capture_default_str();
  cmd->add_option("-f,--format", a->format, "terminal, markdown or json")
      ->check(CLI::IsMember({"terminal", "markdown", "json"}))
      ->capture_default_str();
  cmd->callback([a, &action] { action = [a] { return history_show_command(*a); }; });
}

}  // namespace

Expected<int> append_to_history(const results::RunResults& run, const std::string& db) {
  auto history = results::History::open(db);
  if (!history) return fail(history.error());
  return history->append(run);
}

int history_add_command(const HistoryAddArgs& a) {
  for (const auto& path : a.runs) {
    auto run = load_run(path);
    if (!run) return usage_error(run.error());
    auto added = append_to_history(*run, a.db);
    if (!added) return usage_error(added.error());
    std::cerr << "versus: " << run->info.run_id << ": "
              << (*added > 0 ? std::to_string(*added) + " cell runs added"
                             : std::string("already in the history"))
              << '\n';
  }
  return kOk;
}

int history_show_command(const HistoryShowArgs& a) {
  if (!std::filesystem::exists(a.db)) return usage_error(Error{a.db + ": no such history"});
  auto history = results::History::open(a.db);
  if (!history) return usage_error(history.error());
  auto rows = history->rows({a.workload, a.server, a.profile, a.engine, a.threads, a.table_size});
  if (!rows) return usage_error(rows.error());
  results::ChangePointOptions options;
  options.adjustment = *results::adjustment_from_name(a.multiple_comparisons);  // CLI-checked
  write_trends(report::build_trends(*rows, options), a.format);
  return kOk;
}

void add_history_command(CLI::App& app, std::function<int()>& action) {
  auto* cmd =
      app.add_subcommand("history", "Keep runs in a SQLite history; show trends and change points");
  add_add(*cmd, action);
  add_show(*cmd, action);
  cmd->require_subcommand(1);
}

}  // namespace versus::cli
