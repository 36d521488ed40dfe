#pragma once
// The trend model of `versus history show`: the history's rows grouped into one series
// per cell (workload, engine, server, profile, tables, table size, threads: the coordinates
// comparisons match cells by), one point per run in time order, with the change points of its
// TPS (results/stats/change_points.h). Pure data.
#include <optional>
#include <string>
#include <vector>

#include "report/compare/regression.h"
#include "results/history/history.h"
#include "results/stats/change_points.h"
#include "results/stats/statistics.h"

namespace versus::report {

// One run of the cell: its repeats pooled.
struct TrendPoint {
  std::string run_id, started_at, server_version;
  std::string transport;                    // of its first repeat: "socket" or "tcp"
  int ok = 0, failed = 0, crashed = 0;      // repeats by status
  int unresponsive = 0;                     // ... the server stopped answering (run/watchdog.h)
  std::optional<double> tps;                // mean over the ok repeats; none without one
  std::int64_t errors = 0, reconnects = 0;  // summed over the repeats
  std::vector<double> repeat_tps;           // TPS of each ok repeat, in repeat order
  std::optional<results::Interval> ci;      // 95% CI of the mean (Student t); 2+ ok repeats
  // TPC-C's New-Orders per minute, as tps, repeat_tps and ci are TPS's; none for the other
  // workloads and for rows stored without it.
  std::optional<double> nopm;
  std::vector<double> repeat_nopm;
  std::optional<results::Interval> nopm_ci;
};

struct TrendChange {
  std::size_t point = 0;        // index into Trend::points: the first run of the new level
  results::ChangePoint detail;  // its index counts only the points with a tps
};

struct Trend {
  CellKey key;
  std::vector<TrendPoint> points;    // ordered by started_at
  std::vector<TrendChange> changes;  // ordered by point
};

// `rows` as History::rows returns them (each series contiguous, in time order).
std::vector<Trend> build_trends(const std::vector<results::HistoryRow>& rows,
                                const results::ChangePointOptions& options = {});

}  // namespace versus::report
