#pragma once
// A why run's cells for the tests of its split and its writer: one ok oltp_read_write cell of
// `server` under profile "p", innodb, 1000 rows, at `threads`, in round `round`, with `tps`.
#include <string>

#include "results/record/record.h"

namespace versus::testing {

inline results::CellRecord why_cell(const std::string& server, int round, double tps,
                                    int threads = 4) {
  results::CellRecord c;
  c.server = server;
  c.profile = "p";
  c.engine = "innodb";
  c.workload = "oltp_read_write";
  c.table_size = 1000;
  c.threads = threads;
  c.repeat = round;
  c.tps = tps;
  return c;
}

}  // namespace versus::testing
