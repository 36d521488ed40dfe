#pragma once
// What a load measured, as plain numbers (load/drive/driver.h fills them; results/record/record.h keeps
// them in a cell's record). Nothing here formats text.
#include <cstdint>
#include <string>
#include <vector>

namespace versus::measured {

// Latency of whole transactions, in milliseconds.
struct LatencyMs {
  double min = 0, avg = 0, p50 = 0, p90 = 0, p95 = 0, p99 = 0, p999 = 0, max = 0;
  friend bool operator==(const LatencyMs&, const LatencyMs&) = default;
};

// Counts over the measured interval only (the warmup is never counted).
struct Counters {
  std::uint64_t transactions = 0;
  std::uint64_t reads = 0;           // SELECT statements
  std::uint64_t writes = 0;          // INSERT / UPDATE / DELETE statements
  std::uint64_t other = 0;           // BEGIN / COMMIT and the like
  std::uint64_t ignored_errors = 0;  // deadlocks, lock wait timeouts: retried, counted
  std::uint64_t reconnects = 0;
  // In flight when the run stopped and still unanswered kDrainLimit later (a hung server):
  // never counted as transactions.
  std::uint64_t abandoned = 0;
  std::uint64_t queries() const { return reads + writes + other; }
};

// What became of a failed transaction (client/error_class.h): retried with new values (the
// ignored errors), retried after a reconnect (connection lost), or fatal (the cell failed).
enum class ErrorKind { retried, reconnected, fatal };

// The errors of one code and kind over the measured interval, with the server's text of the
// first one (MariaDB names the table in it: "Record has changed since last read in table
// 'sbtest1'"). A load's list is ordered by kind, then code.
struct ErrorCount {
  unsigned code = 0;
  ErrorKind kind = ErrorKind::retried;
  std::uint64_t count = 0;
  std::string message;
  friend bool operator==(const ErrorCount&, const ErrorCount&) = default;
};
using ErrorCounts = std::vector<ErrorCount>;

// One second of the measured interval (the last may be shorter).
struct SecondSample {
  double t_s = 0;      // end of the interval, seconds since the measured interval began
  double seconds = 0;  // its length
  std::uint64_t transactions = 0;
  std::uint64_t queries = 0;
  std::uint64_t errors = 0;  // ignored (retried) errors
  double p95_ms = 0;         // from a coarse histogram: within about 6%
};

// A stretch of a load in which the server answered no session at all (run/watchdog.h), at
// least the plan's stall_limit long.
struct Stall {
  double start_s = 0;  // since the measured interval began; negative: it began in the warmup
  double seconds = 0;  // its length
  friend bool operator==(const Stall&, const Stall&) = default;
};

}  // namespace versus::measured
