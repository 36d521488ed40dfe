#pragma once
// The comparison pass of a replay: the script run once, unmeasured, before a cell's timed load,
// recording what each statement returned (measured/query_results.h) so that releases can be
// compared (docs/replay.md, "Results compared"). Every captured connection in turn on one
// session (mysql_reset_connection between two, a USE first where the log says another
// database, as ReplayProgram does), each statement sent as text (mysql_real_query) and every
// result set read to its end. An error is recorded, not returned: the timed pass decides the
// cell. A client error (the connection lost, as when a read waits past the connection's read
// deadline) ends the pass, its statement recorded with the error.
#include <mysql.h>

#include <atomic>
#include <string>

#include "load/family/replay/replay_script.h"
#include "measured/query_results.h"

namespace versus::load::replay {

struct PassOptions {
  std::string database;                       // the one the session starts in
  bool show_values = false;                   // replay_show_rows
  const std::atomic<bool>* cancel = nullptr;  // a stop request: the pass ends at once
};

// Runs `script` on `m` (a connected session in `options.database`).
measured::QueryResults run_results_pass(MYSQL* m, const ReplayScript& script,
                                        const PassOptions& options);

}  // namespace versus::load::replay
