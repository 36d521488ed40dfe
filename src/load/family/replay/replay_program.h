#pragma once
// ReplayProgram: one session of a replay. It replays the log's connections dealt to it
// (dealt_connections), one after another, each statement in captured order as a text query,
// looping; a transaction is one unit (BEGIN to COMMIT), a statement outside one a unit of its
// own. The session is one connection, so what a captured connection sets (SET, user
// variables, temporary tables, an open transaction) holds for its later statements; before
// the session starts a captured connection again (the next one dealt to it, or the same one
// looping) it resets that state (mysql_reset_connection: one blocking round trip, outside
// the timed statements, once per captured connection replayed). The log's database is kept by
// a USE sent when the session is in another one. After a retried error (a deadlock) the unit
// runs again, a transaction after a ROLLBACK.
// With replay_order: weighted, each transaction is instead one statement drawn from the
// script's draw list (draw_list.h), each equally likely, by the session's seeded generator
// (so a seed gives the same sequence), after a USE when it ran in another database than the
// session is in; nothing else is sent, no state is reset, a retried draw sends it again.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "load/family/replay/replay_script.h"
#include "load/step/transaction_program.h"
#include "sysbench/replay_workload.h"

namespace versus::load::replay {

// Which session of the cell a program is, and how it replays.
struct ReplaySeat {
  int ordinal = 0;         // the session's number in the cell, 0-based
  int sessions = 1;        // the cell's sessions
  std::string database{};  // the one a (re)connected session is in
  sysbench::ReplayOrder order = sysbench::ReplayOrder::captured;
};

class ReplayProgram final : public TransactionProgram {
 public:
  // `script` outlives the program (it is shared, read-only).
  ReplayProgram(std::shared_ptr<const ReplayScript> script, ReplaySeat seat);

  // Keeps `m` to reset the session between captured connections (null: never reset, tests).
  Expected<void> prepare(MYSQL* m) override;
  void plan(StepList& steps, Random& rng, bool after_error) override;
  bool before_step(std::size_t, Step&) override { return true; }
  void after_step(std::size_t, const Step&) override {}
  int kind() const override { return 0; }
  bool takes_results() const override { return false; }

 private:
  void advance();
  void plan_unit(StepList& steps);
  void plan_draw(StepList& steps, Random& rng, bool after_error);
  void add_use(StepList& steps, const std::string& db);

  std::shared_ptr<const ReplayScript> script_;
  std::vector<std::size_t> dealt_;  // its connections, in the order it replays them
  std::size_t connection_ = 0;      // index into dealt_
  std::size_t unit_ = 0;            // index into that connection's units
  bool started_ = false;            // whether a unit has been planned
  MYSQL* handle_ = nullptr;         // the session's connection, reset between connections
  std::string connected_db_;        // the database a new connection starts in
  std::string db_;                  // the database the session is in, as far as it knows
  std::string use_text_;            // reused for the USE statements it adds
  bool weighted_ = false;           // replay_order: weighted
  std::size_t draw_ = 0;            // index into the script's draws: the last one drawn
};

}  // namespace versus::load::replay
