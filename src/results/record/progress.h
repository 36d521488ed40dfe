#pragma once
// ProgressSink: live progress of a run, separate from the final report (as fio's eta.c).
// The run layer calls it; a reporter implements it. Plain data only.
#include <string>
#include <vector>

#include "results/record/record.h"

namespace versus::results {

struct CellCoordinates {
  std::size_t index = 0;  // 1-based position in the run
  std::size_t total = 0;
  std::string server, profile, engine, workload;
  int threads = 0;
  int repeat = 0;
  int tables = 0;
  std::int64_t table_size = 0;  // rows per table
};

struct LiveFigures {
  bool warming_up = true;
  double elapsed_s = 0;
  double tps = 0;  // since the measured interval began
  std::uint64_t errors = 0;
};

// repeats: auto, after each round (run/auto_repeats.h): the comparisons still open (their
// coordinates are the compared column's, repeat 0), and what happens next.
struct RoundStatus {
  enum class Next { round, decided, budget, max_rounds };
  int rounds_done = 0, max_rounds = 0;
  int comparisons = 0;
  std::vector<CellCoordinates> open;
  Next next = Next::round;
  double elapsed_s = 0;  // since the first cell started
};

class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  virtual void note(const std::string& message) = 0;  // a step of preparation, a warning
  virtual void cell_started(const CellCoordinates& cell) = 0;
  virtual void cell_live(const CellCoordinates& cell, const LiveFigures& figures) = 0;
  virtual void cell_finished(const CellCoordinates& cell, const CellRecord& record,
                             double wall_seconds) = 0;
  virtual void round_done(const RoundStatus&) {}  // repeats: auto only
};

}  // namespace versus::results
