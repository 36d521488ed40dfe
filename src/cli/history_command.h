#pragma once
// `versus history add RUN_DIR... [--db FILE]`: appends finished runs to the SQLite history
// (a run already there is skipped), each with its directory. `versus history show [--db FILE]
// [filters] [--format terminal|markdown|json|html] [-o FILE]`: per cell series its trend and
// change points; html is the history page (report/history/history_html.h). Both return kOk, or
// kUsage when an input cannot be read or the history not opened (kRunError: -o not written). Also
// the append at the end of `versus run --history FILE` and its `--history-page FILE`.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "results/record/record.h"
#include "util/expected.h"

namespace CLI {
class App;
}

namespace versus::cli {

inline constexpr const char* kDefaultHistory = "results/history.sqlite";

struct HistoryAddArgs {
  std::vector<std::string> runs;  // run directories or results.json files
  std::string db = kDefaultHistory;
};
int history_add_command(const HistoryAddArgs& args);

struct HistoryShowArgs {
  std::string db = kDefaultHistory;
  std::string workload, server, profile, engine;
  std::optional<int> threads;
  std::optional<std::int64_t> table_size;     // rows per table
  std::string format = "terminal";            // terminal | markdown | json | html
  std::string multiple_comparisons = "holm";  // over every window test shown: holm | bh | none
  std::string output;                         // -o: write there instead of stdout
  std::size_t recent = 14;                    // html: "what changed" over the last N runs
  std::size_t window = 5;                     // runs on each side of a change point's test
};
int history_show_command(const HistoryShowArgs& args);

// Appends `run`, measured in `run_dir`, to the history in `db`; the number of cell rows added
// (0: already there).
Expected<int> append_to_history(const results::RunResults& run, const std::string& db,
                                const std::filesystem::path& run_dir);

// Writes the history page of every series in `db` to `page` (default options).
Expected<void> write_history_page(const std::string& db, const std::string& page);

// Registers `history` with its `add` and `show` subcommands.
void add_history_command(CLI::App& app, std::function<int()>& action);

}  // namespace versus::cli
