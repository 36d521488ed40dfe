#include "load/family/replay/replay_program.h"

#include <utility>

namespace versus::load::replay {

ReplayProgram::ReplayProgram(std::shared_ptr<const ReplayScript> script, int ordinal, int sessions,
                             std::string database)
    : script_(std::move(script)),
      dealt_(dealt_connections(script_->connections.size(), ordinal, sessions)),
      connected_db_(std::move(database)),
      db_(connected_db_) {}

// A new connection: in the endpoint's database, nothing of the old one's state.
Expected<void> ReplayProgram::prepare(MYSQL* m) {
  if (dealt_.empty()) return fail("the replay has no statement to send (its log unread)");
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

void ReplayProgram::plan_unit(StepList& steps) {
  const ScriptConnection& c = script_->connections[dealt_[connection_]];
  const ScriptUnit& u = c.units[unit_];
  for (std::size_t i = u.first; i < u.first + u.count; ++i) {
    const ScriptStatement& s = c.statements[i];
    if (!s.db.empty() && s.db != db_) {
      use_text_ = "USE `";
      for (char ch : s.db) use_text_ += ch == '`' ? std::string("``") : std::string(1, ch);
      use_text_ += "`";
      steps.add(nullptr, use_text_).klass = 0;  // kUseClass: the script's first class
      db_ = s.db;
    }
    steps.add(nullptr, s.text).klass = s.klass;
    if (!s.use.empty()) db_ = s.use;
  }
}

void ReplayProgram::plan(StepList& steps, Random&, bool after_error) {
  if (dealt_.empty()) return;
  if (after_error) {
    const ScriptConnection& c = script_->connections[dealt_[connection_]];
    if (c.units[unit_].transaction) steps.add(nullptr, "ROLLBACK").klass = 1;  // kRollbackClass
  } else {
    advance();
  }
  plan_unit(steps);
}

}  // namespace versus::load::replay
