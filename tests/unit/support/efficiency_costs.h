#pragma once
// Test builder: an efficiency with the five costs and the CPU per query, none of the kernel's
// counts (the report tests' cells).
#include "results/evidence/efficiency.h"

namespace versus::testing {

inline results::Efficiency costs(double server, double client, double switches, double read,
                                 double write, double per_query) {
  results::Efficiency e;
  e.server_cpu_us = server;
  e.client_cpu_us = client;
  e.switches = switches;
  e.read_kb = read;
  e.write_kb = write;
  e.server_cpu_us_per_query = per_query;
  return e;
}

}  // namespace versus::testing
