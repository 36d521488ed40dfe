#pragma once
// The model of the history page (`versus history show --format html`, `versus run
// --history-page`): the trends shown, what changed lately (every change point whose first run
// of the new level is one of the last N runs of the history shown, biggest step first, with
// the server versions on both sides and the counters per transaction that moved most across
// it) and every run with a link to its report.html when its directory is known. Pure but for
// the counters, which come through a callback (the CLI reads them from the history).
#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "report/history/history_trend.h"
#include "results/evidence/counter_ranking.h"
#include "results/evidence/statement_ranking.h"
#include "results/history/history.h"
#include "util/expected.h"

namespace versus::report {

inline constexpr std::size_t kDefaultRecentRuns = 14;

struct PageRun {
  std::string run_id, started_at;
  std::string href;  // its report.html relative to the page, URL-escaped; "" when unknown
};

struct RecentChange {
  std::size_t trend = 0;  // index into HistoryPage::trends
  TrendChange change;
  std::size_t run = 0;  // index into HistoryPage::runs: the first run of the new level
  // server_version of the last run with a TPS before the step, and of the step's first run.
  std::string version_before, version_after;
  // Ranked (results::rank_changes) between the means over the window's runs before the step
  // and from it on; empty when either side has no counters recorded (counters_known false).
  std::vector<results::CounterChange> counters;
  bool counters_known = false;
  // With the counters: the retried errors per transaction of each side (results::kRetriedErrors
  // and "errors.<code>"), the same means; report/notes/error_notes.h words them.
  results::PerTransaction errors_before, errors_after;
  // With the counters, first: the statement classes whose ms per transaction moved most
  // (results::rank_statements over the same means); empty without statement times.
  std::vector<results::StatementChange> statements;
};

struct HistoryPage {
  std::string title;
  std::vector<Trend> trends;
  std::vector<std::string> titles;  // one per trend (series_titles)
  std::vector<PageRun> runs;        // every run of the trends, ordered by started_at, run_id
  std::vector<RecentChange> recent;
  std::size_t recent_runs = kDefaultRecentRuns;
  results::ChangePointOptions options;  // what found the change points
};

// Every run of `trends`, ordered by started_at then run_id, without links.
std::vector<PageRun> page_runs(const std::vector<Trend>& trends);

// The change points whose first run is among the last `recent_runs` of `runs`, the largest
// |change| first (then the smaller adjusted p, then trend order); counters not yet attached.
std::vector<RecentChange> recent_changes(const std::vector<Trend>& trends,
                                         const std::vector<PageRun>& runs, std::size_t recent_runs);

// The counters that moved most across `change` of `trend`: each side is the `window` runs
// with a TPS before the step and from it on (the runs the change point's test compared); a
// side's value is the mean over its cell runs with counters, a counter absent from one of
// them counting 0 there. `counters_known` says whether both sides had any.
void attach_step_counters(RecentChange& change, const Trend& trend,
                          const std::vector<results::CellRunCounters>& counters,
                          std::size_t window);

// The link from the page at `page_file` to the report.html of a run whose directory the
// history at `history_file` stores as `stored_run_dir` (relative to the history's directory
// unless absolute); "" for an empty `stored_run_dir`. Path arithmetic only.
std::string report_href(const std::filesystem::path& history_file,
                        const std::string& stored_run_dir, const std::filesystem::path& page_file);

struct HistoryPageInputs {
  std::filesystem::path history_file, page_file;
  std::map<std::string, std::string> run_dirs;  // History::run_dirs
  std::size_t recent_runs = kDefaultRecentRuns;
  results::ChangePointOptions options;  // those build_trends used
};

// A cell series' stored counters (History::counters of its key).
using CounterSource =
    std::function<Expected<std::vector<results::CellRunCounters>>(const CellKey& key)>;

// The page of `trends` (build_trends with in.options): runs with their links, the recent
// changes with their counters (read once per series that has one). Fails when the source does.
Expected<HistoryPage> build_history_page(std::vector<Trend> trends, const HistoryPageInputs& in,
                                         const CounterSource& counters);

}  // namespace versus::report
