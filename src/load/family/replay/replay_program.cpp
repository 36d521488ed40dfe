#include "load/family/replay/replay_program.h"

#include <algorithm>
#include <utility>

#include "load/data/random.h"

namespace versus::load::replay {

ReplayProgram::ReplayProgram(std::shared_ptr<const ReplayScript> script, ReplaySeat seat)
    : script_(std::move(script)),
      dealt_(dealt_connections(script_->connections.size(), seat.ordinal, seat.sessions)),
      connected_db_(std::move(seat.database)),
      db_(connected_db_),
      weighted_(seat.order == sysbench::ReplayOrder::weighted) {}

// A new connection: in the endpoint's database, nothing of the old one's state.
Expected<void> ReplayProgram::prepare(MYSQL* m) {
  if (dealt_.empty()) return fail("the replay has no statement to send (its log unread)");
  if (weighted_ && script_->draws.empty())
    return fail("the replay has no statement a weighted order can draw");
  handle_ = m;
  db_ = connected_db_;
  return {};
}

// To the next unit: the next of its connection, else the next connection's first, looping.
void ReplayProgram::advance() {
  if (!started_) {
    started_ = true;
    return;
  }
  const ScriptConnection& c = script_->connections[dealt_[connection_]];
  if (++unit_ < c.units.size()) return;
  unit_ = 0;
  connection_ = (connection_ + 1) % dealt_.size();
  // A fresh session for the next captured connection; it keeps its database. A failure shows
  // in the next statement's error (a lost connection reconnects).
  if (handle_) (void)mysql_reset_connection(handle_);
}

// A USE of `db` (its backquotes doubled), the session then in it.
void ReplayProgram::add_use(StepList& steps, const std::string& db) {
  use_text_ = "USE `";
  for (char ch : db) use_text_ += ch == '`' ? std::string("``") : std::string(1, ch);
  use_text_ += "`";
  steps.add(nullptr, use_text_).klass = 0;  // kUseClass: the script's first class
  db_ = db;
}

// One statement of the draw list, each equally likely (a retry: the same again), in the
// database it ran in (unknown: the session's first).
void ReplayProgram::plan_draw(StepList& steps, Random& rng, bool after_error) {
  const std::size_t n = script_->draws.size();
  if (!after_error)
    draw_ =
        std::min(static_cast<std::size_t>(rng.uniform_double() * static_cast<double>(n)), n - 1);
  const ScriptDraw& d = script_->draws[draw_];
  const std::string& db = d.db.empty() ? connected_db_ : d.db;
  if (!db.empty() && db != db_) add_use(steps, db);
  const ScriptStatement& s = script_->connections[d.connection].statements[d.statement];
  steps.add(nullptr, s.text).klass = s.klass;
}

void ReplayProgram::plan_unit(StepList& steps) {
  const ScriptConnection& c = script_->connections[dealt_[connection_]];
  const ScriptUnit& u = c.units[unit_];
  for (std::size_t i = u.first; i < u.first + u.count; ++i) {
    const ScriptStatement& s = c.statements[i];
    if (!s.db.empty() && s.db != db_) add_use(steps, s.db);
    steps.add(nullptr, s.text).klass = s.klass;
    if (!s.use.empty()) db_ = s.use;
  }
}

void ReplayProgram::plan(StepList& steps, Random& rng, bool after_error) {
  if (dealt_.empty()) return;
  if (weighted_) {
    if (!script_->draws.empty()) plan_draw(steps, rng, after_error);
    return;
  }
  if (after_error) {
    const ScriptConnection& c = script_->connections[dealt_[connection_]];
    if (c.units[unit_].transaction) steps.add(nullptr, "ROLLBACK").klass = 1;  // kRollbackClass
  } else {
    advance();
  }
  plan_unit(steps);
}

}  // namespace versus::load::replay
