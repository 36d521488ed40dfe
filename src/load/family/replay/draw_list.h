#pragma once
// The draw list of a weighted replay (replay_order: weighted): the statements a session may
// send alone, in any order, on a connection in whatever state the draws before left it. A
// captured connection's state cannot be kept across random draws, so what builds or depends
// on it is left out: every statement inside a captured transaction (BEGIN/START TRANSACTION
// to COMMIT/ROLLBACK), a statement that sets or reads a connection's state (statement_rules.h
// stateless: BEGIN, COMMIT, SET, USE, CREATE/DROP TEMPORARY TABLE, a user variable, ...), and
// a statement naming a table the log creates as TEMPORARY. Pure; computed once per script.
#include <vector>

#include "load/family/replay/replay_script.h"

namespace versus::load::replay {

// The statements of `script` a weighted replay draws from, each once, in the order of the
// connections, then of their statements, each with the database it ran in.
std::vector<ScriptDraw> draw_list(const ReplayScript& script);

}  // namespace versus::load::replay
