// A history row of a nightly series: cell trunk/default/innodb/oltp_read_only at `threads`,
// run number `run` (run_id r1NN, started 2026-11-(10+run)), with its TPS.
#pragma once

#include <string>

#include "results/history/history.h"

namespace versus::testing {

inline results::HistoryRow history_row(int run, int threads, double tps,
                                       const std::string& status = "ok", int repeat = 0) {
  results::HistoryRow r;
  r.run_id = "r" + std::to_string(100 + run);
  r.started_at = "2026-11-" + std::to_string(10 + run) + "T01:00:00Z";
  r.server = "trunk";
  r.profile = "default";
  r.engine = "innodb";
  r.workload = "oltp_read_only";
  r.threads = threads;
  r.repeat = repeat;
  r.status = status;
  r.server_version = "11.8.0";
  r.tps = tps;
  return r;
}

}  // namespace versus::testing
