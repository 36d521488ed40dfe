#include "cli/history_command.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/compare_command.h"
#include "cli/exit_code.h"
#include "report/history/history_html.h"
#include "report/history/history_trend.h"
#include "report/history/history_writer.h"
#include "results/history/history.h"
#include "util/whole_file.h"

namespace versus::cli {

namespace {

int usage_error(const Error& error) {
  std::cerr << "versus: " << error.message << '\n';
  return kUsage;
}

void write_trends(std::ostream& out, const std::vector<report::Trend>& trends,
                  const std::string& format) {
  if (format == "json")
    report::write_history_json(out, trends);
  else if (format == "markdown")
    report::write_history_markdown(out, trends);
  else
    report::write_history_terminal(out, trends);
}

// The directory a run argument names: itself, or the one holding its results.json.
std::filesystem::path run_dir_of(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path p(path);
  return std::filesystem::is_directory(p, ec) ? p : p.parent_path();
}

Expected<std::string> history_page_html(const results::History& history,
                                        std::vector<report::Trend> trends,
                                        const report::HistoryPageInputs& inputs) {
  auto source = [&](const report::CellKey& k) {
    return history.counters(
        {k.workload, k.engine, k.server, k.profile, k.threads, k.tables, k.table_size});
  };
  auto page = report::build_history_page(std::move(trends), inputs, source);
  if (!page) return fail(page.error());
  std::ostringstream html;
  report::write_history_html(html, *page, VERSUS_VERSION);
  return html.str();
}

// The page of `rows`, to be read at `page_file` (its links are relative to it).
Expected<std::string> page_of(const results::History& history,
                              const std::vector<results::HistoryRow>& rows,
                              const results::ChangePointOptions& options,
                              const std::filesystem::path& page_file, std::size_t recent) {
  auto dirs = history.run_dirs();
  if (!dirs) return fail(dirs.error());
  report::HistoryPageInputs inputs{history.file(), page_file, std::move(*dirs), recent, options};
  return history_page_html(history, report::build_trends(rows, options), inputs);
}

Expected<std::string> show_text(const results::History& history, const HistoryShowArgs& a) {
  auto rows = history.rows({a.workload, a.server, a.profile, a.engine, a.threads, a.table_size});
  if (!rows) return fail(rows.error());
  results::ChangePointOptions options;
  options.adjustment = *results::adjustment_from_name(a.multiple_comparisons);  // CLI-checked
  options.window = a.window;
  if (a.format == "html")
    return page_of(history, *rows, options, a.output.empty() ? "page.html" : a.output, a.recent);
  std::ostringstream out;
  write_trends(out, report::build_trends(*rows, options), a.format);
  return out.str();
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
  cmd->add_option("-f,--format", a->format, "terminal, markdown, json or html (the history page)")
      ->check(CLI::IsMember({"terminal", "markdown", "json", "html"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", a->output, "Write to this file instead of stdout");
  cmd->add_option("--recent", a->recent, "html: list the change points of the last N runs on top")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--window", a->window, "Runs on each side of a change point's test")
      ->check(CLI::Range(std::size_t{2}, std::size_t{1000}))
      ->capture_default_str();
  cmd->callback([a, &action] { action = [a] { return history_show_command(*a); }; });
}

}  // namespace

Expected<int> append_to_history(const results::RunResults& run, const std::string& db,
                                const std::filesystem::path& run_dir) {
  auto history = results::History::open(db);
  if (!history) return fail(history.error());
  return history->append(run, run_dir);
}

Expected<void> write_history_page(const std::string& db, const std::string& page) {
  auto history = results::History::open(db);
  if (!history) return fail(history.error());
  auto rows = history->rows({});
  if (!rows) return fail(rows.error());
  auto html = page_of(*history, *rows, {}, page, report::kDefaultRecentRuns);
  if (!html) return fail(html.error());
  return write_file_atomically(page, *html);
}

int history_add_command(const HistoryAddArgs& a) {
  for (const auto& path : a.runs) {
    auto run = load_run(path);
    if (!run) return usage_error(run.error());
    auto added = append_to_history(*run, a.db, run_dir_of(path));
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
  auto text = show_text(*history, a);
  if (!text) return usage_error(text.error());
  if (a.output.empty()) {
    std::cout << *text;
    return kOk;
  }
  if (auto ok = write_file_atomically(a.output, *text); !ok) {
    std::cerr << "versus: " << ok.error().message << '\n';
    return kRunError;
  }
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
