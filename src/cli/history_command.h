#pragma once
// `versus history add RUN_DIR... [--db FILE]`: appends finished runs to the SQLite history
// (a run already there is skipped). `versus history show [--db FILE] [filters]
// [--format terminal|markdown|json]`: per cell series its trend and change points.
// Both return kOk, or kUsage when an input cannot be read or the history not opened.
// Also the append at the end of `versus run --history FILE`.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "results/record.h"
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
  std::string format = "terminal";            // terminal | markdown | json
  std::string multiple_comparisons = "holm";  // over every window test shown: holm | bh | none
};
int history_show_command(const HistoryShowArgs& args);

// Appends `run` to the history in `db`; the number of cell rows added (0: already there).
Expected<int> append_to_history(const results::RunResults& run, const std::string& db);

// Registers `history` with its `add` and `show` subcommands.
void add_history_command(CLI::App& app, std::function<int()>& action);

}  // namespace versus::cli
