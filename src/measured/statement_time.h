#pragma once
// StatementTime: how long one class of statements took over a measured interval (the load
// fills it from its per-class histograms: load/tally/statement_timer.h; results keep it per cell,
// reports print it). Only the statements of the interval's committed transactions count:
// counts are the mix's times the transactions. Plain data, milliseconds.
#include <cstdint>
#include <string>
#include <vector>

namespace versus::measured {

struct StatementTime {
  std::string statement;  // the class's name, "point select", "DISTINCT range", "COMMIT"
  std::uint64_t count = 0;
  double total_ms = 0;  // every statement of the class summed
  double mean_ms = 0, p50_ms = 0, p95_ms = 0, p99_ms = 0;
  friend bool operator==(const StatementTime&, const StatementTime&) = default;
};
// In the workload's class order; classes the load never ran are left out.
using StatementTimes = std::vector<StatementTime>;

}  // namespace versus::measured
