#pragma once
// ErrorTally: the errors one client thread met, by code and kind, with the first message of
// each. Written by its thread only and read after the join (no lock, no atomics); the driver
// merges the threads' tallies as it merges their counters. Only the error path touches it:
// a code seen for the first time allocates its entry and copies its message.
#include <cstdint>
#include <string_view>

#include "load/measurement.h"

namespace versus::load {

class ErrorTally {
 public:
  void add(unsigned code, ErrorKind kind, std::string_view message);
  const ErrorCounts& counts() const { return counts_; }

 private:
  ErrorCounts counts_;
};

// Adds `from` to `into` per (kind, code): counts summed, the message `into` had kept (else
// from's). The result is ordered by kind, then code.
void merge_errors(ErrorCounts& into, const ErrorCounts& from);

// The sum of the counts of one kind.
std::uint64_t errors_of_kind(const ErrorCounts& counts, ErrorKind kind);

// "retried", "reconnected", "fatal": the kind's name in results.json and the reports.
std::string_view error_kind_name(ErrorKind kind);

}  // namespace versus::load
