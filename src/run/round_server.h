#pragma once
// RoundServer: lifecycle: round. In each round, each instance's server starts once on a fresh
// copy of the instance's snapshot (as a lifecycle: cell cell's does) and runs that round's
// cells of the instance back to back in plan order, each seeing what the cells before it left,
// with the suite's unmeasured steps between them (run/round_steps.h: warm-up passes, the
// postwrite step), each logged and noted with its time. The next round starts again from the
// snapshot, so rounds are alike and pair: the instances take turns within a round
// (run/schedule.h). Cells must come in schedule order. A crash, or a cell's watchdog killing
// an unresponsive server, ends that server: the round's remaining cells of the instance fail
// without running; the next round starts a new one. Nothing is left running after finish()
// or destruction.
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "config/plan/plan.h"
#include "host/run_directory.h"
#include "host/server_host.h"
#include "results/record/progress.h"
#include "results/record/record.h"
#include "run/instance.h"
#include "run/round_steps.h"
#include "run/schedule.h"

namespace versus::run {

struct RoundServerContext {
  const config::Plan& plan;
  const host::RunDirectory& dir;
  const std::atomic<bool>* cancel = nullptr;
  results::ProgressSink& progress;
};

class RoundServer {
 public:
  explicit RoundServer(RoundServerContext context) : ctx_(context) {}
  ~RoundServer() { finish(); }
  RoundServer(const RoundServer&) = delete;
  RoundServer& operator=(const RoundServer&) = delete;

  // The record of `cell`, measured on its round's server for `inst` (cell's instance), which
  // is first started (the previous one stopped) when the round or the instance changes.
  results::CellRecord run(const Instance& inst, const config::Cell& cell,
                          const results::CellCoordinates& where);
  // Runs `cell`'s load again unmeasured on its round's server (a resumed run: a cell recorded
  // before the interruption, so the missing ones after it see what it left); a failure is
  // noted and fails the round's remaining cells of the instance.
  void replay(const Instance& inst, const config::Cell& cell);
  // Stops the current server, keeps its error log, removes its datadir; idempotent.
  void finish();

 private:
  void enter(const Instance& inst, const config::Cell& cell);
  void begin(const Instance& inst, const config::Cell& cell);
  Expected<void> start();
  Expected<void> run_steps(const config::Cell& cell);
  Expected<void> run_step(const RoundStep& step, const config::Cell& cell);
  std::string lost_text() const;

  RoundServerContext ctx_;
  std::optional<std::pair<int, InstanceKey>> current_;  // (round, instance)
  const Instance* inst_ = nullptr;
  std::string name_;  // "<instance>.round<N>": its error log's name
  host::Configured conf_;
  std::unique_ptr<host::StartedServer> srv_;
  RoundProgress steps_;
  std::string error_;           // why the round's server cannot run cells; empty when it can
  std::size_t crashed_in_ = 0;  // the cell the server crashed in (or was killed in); 0 = none
  bool lost_unresponsive_ = false;
};

}  // namespace versus::run
