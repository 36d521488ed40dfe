#pragma once
// RoundSteps: what a lifecycle: round server runs between a suite's cells, never measured, in
// the places the published run (all_small.sh) takes them: point_query.warm and scan.warmpre
// right after the server starts; the postwrite step (run/postwrite.h) after the last write
// that comes before the reads' second pass, before whatever follows it; scan.warm and
// points_covered_si.warm before the first cell of their test after the writes. A warm-up pass
// runs its test's load for warm_duration at the plan's highest thread count. Without a suite,
// or for a cell excluded from the plan, there is none; without warm_duration, no warm-up
// pass (the postwrite step still runs). Pure.
#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "config/plan/plan.h"

namespace versus::run {

struct RoundStep {
  enum class Kind { warm, postwrite };
  Kind kind = Kind::warm;
  std::string name;           // "point_query.warm", "scan.warmpre", ..., "postwrite"
  std::size_t workload = 0;   // warm: the plan's workload whose load it runs
};

// What a round's server has run so far; starts empty with each server.
struct RoundProgress {
  bool started = false;           // its first cell came
  bool wrote = false;             // a write that comes before the second pass ran
  bool settled = false;           // the postwrite step ran
  std::set<std::string> warmed;   // the warm-up passes that ran
};

// The steps to run before `next` on the round's server, in order; `progress` is advanced past
// them and past `next`.
std::vector<RoundStep> steps_before(const config::Plan& plan, const config::Cell& next,
                                    RoundProgress& progress);

// The cell a warm-up step runs as: `like`'s coordinates, the step's workload, the plan's
// highest thread count.
config::Cell warm_cell(const config::Plan& plan, const RoundStep& step, const config::Cell& like);

// A resumed lifecycle: round run: given the schedule indexes (run/schedule.h) of the cells it
// still lacks, the recorded cells of each (round, instance) it left unfinished that come
// before that round's first missing one: to run again, unmeasured, so the missing cells see
// what they left. Schedule indexes, ascending.
std::set<std::size_t> round_replays(const config::Plan& plan,
                                    const std::vector<std::size_t>& missing);

}  // namespace versus::run
