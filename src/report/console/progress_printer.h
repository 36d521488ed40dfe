#pragma once
// ProgressPrinter: live progress on a stream (stderr), one line per finished cell:
//   [ 3/12] mariadb-10.11.19 / ps-on / innodb  oltp_read_write t=4 r1   21.4s   1094.2 tps
// On a terminal the line of the running cell is redrawn each second. Quiet (-q): only the
// lines of failed or crashed cells and instances.
#include <ostream>

#include "results/record/progress.h"

namespace versus::report {

class ProgressPrinter : public results::ProgressSink {
 public:
  ProgressPrinter(std::ostream& out, bool live, bool quiet = false)
      : out_(out), live_(live), quiet_(quiet) {}
  void note(const std::string& message) override;
  void cell_started(const results::CellCoordinates& cell) override;
  void cell_live(const results::CellCoordinates& cell, const results::LiveFigures& f) override;
  void cell_finished(const results::CellCoordinates& cell, const results::CellRecord& record,
                     double wall_seconds) override;
  // "round 3 of 10 done (41 s): 2 of 6 comparisons open: oltp_read_only/innodb 10000 rows t=1
  // a2/base, ..." (the table size: a size sweep's sizes are separate comparisons)
  void round_done(const results::RoundStatus& status) override;

 private:
  void clear_live_line();
  std::ostream& out_;
  bool live_;  // redraw the running cell's line (a terminal)
  bool quiet_;
  bool line_open_ = false;
};

// "[ 3/12] server / profile / engine  workload t=4 r1"
std::string cell_label(const results::CellCoordinates& cell);

}  // namespace versus::report
