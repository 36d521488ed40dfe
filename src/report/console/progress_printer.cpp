#include "report/console/progress_printer.h"

#include <fmt/format.h>

namespace versus::report {

std::string cell_label(const results::CellCoordinates& c) {
  int width = static_cast<int>(std::to_string(c.total).size());
  return fmt::format("[{:>{}}/{}] {} / {} / {}  {} t={} r{}", c.index, width, c.total, c.server,
                     c.profile, c.engine, c.workload, c.threads, c.repeat + 1);
}

void ProgressPrinter::clear_live_line() {
  if (line_open_) out_ << "\r\033[K";
  line_open_ = false;
}

void ProgressPrinter::note(const std::string& message) {
  if (quiet_ && message.rfind("failed", 0) != 0) return;
  clear_live_line();
  out_ << "versus: " << message << '\n' << std::flush;
}

void ProgressPrinter::cell_started(const results::CellCoordinates& cell) {
  if (!live_) return;
  out_ << cell_label(cell) << "  starting" << std::flush;
  line_open_ = true;
}

void ProgressPrinter::cell_live(const results::CellCoordinates& cell,
                                const results::LiveFigures& f) {
  if (!live_) return;
  clear_live_line();
  if (f.warming_up)
    out_ << cell_label(cell) << "  warming up" << std::flush;
  else
    out_ << fmt::format("{}  {:6.1f}s {:10.1f} tps", cell_label(cell), f.elapsed_s, f.tps)
         << std::flush;
  line_open_ = true;
}

void ProgressPrinter::cell_finished(const results::CellCoordinates& cell,
                                    const results::CellRecord& r, double wall_seconds) {
  if (quiet_ && r.status == results::CellStatus::ok) return;
  clear_live_line();
  out_ << cell_label(cell);
  switch (r.status) {
    case results::CellStatus::ok:
      out_ << fmt::format("  {:6.1f}s {:10.1f} tps {:10.1f} qps  p95 {:.2f} ms", wall_seconds,
                          r.tps, r.qps, r.latency.p95);
      break;
    case results::CellStatus::failed:
      out_ << "  FAILED: " << r.error;
      break;
    case results::CellStatus::crashed:
      out_ << "  CRASHED: " << r.error;
      break;
    case results::CellStatus::unresponsive:
      out_ << "  UNRESPONSIVE: " << r.error;
      break;
  }
  out_ << '\n' << std::flush;
}

namespace {
// The first kListed open comparisons, then how many more: a 40-comparison run's full list
// filled a screen after every round.
constexpr std::size_t kListed = 4;

std::string open_list(const std::vector<results::CellCoordinates>& open) {
  std::string text;
  for (std::size_t i = 0; i < open.size() && i < kListed; ++i) {
    const auto& c = open[i];
    text += fmt::format("{}{}/{}{} t={} {}/{}", text.empty() ? "" : ", ", c.workload, c.engine,
                        c.table_size > 0 ? fmt::format(" {} rows", c.table_size) : "", c.threads,
                        c.server, c.profile);
  }
  if (open.size() > kListed) text += fmt::format(" and {} more", open.size() - kListed);
  return text;
}

std::string next_text(const results::RoundStatus& s) {
  switch (s.next) {
    case results::RoundStatus::Next::round:
      return "next round";
    case results::RoundStatus::Next::decided:
      return "every comparison decided";
    case results::RoundStatus::Next::budget:
      return "time budget reached";
    case results::RoundStatus::Next::max_rounds:
      return "max_repeats reached";
  }
  return "";
}
}  // namespace

void ProgressPrinter::round_done(const results::RoundStatus& s) {
  clear_live_line();
  out_ << fmt::format("versus: round {} of {} done ({:.0f} s): {} of {} comparisons open{}{}; {}\n",
                      s.rounds_done, s.max_rounds, s.elapsed_s, s.open.size(), s.comparisons,
                      s.open.empty() ? "" : ": ", open_list(s.open), next_text(s))
       << std::flush;
}

}  // namespace versus::report
