#pragma once
// ErrorTally: the errors one client thread met, by code and kind, with the first message of
// each. Written by its thread only and read after the join (no lock, no atomics); the driver
// merges the threads' tallies (measured::merge_errors) as it merges their counters. Only the
// error path touches it: a code seen for the first time allocates its entry and copies its
// message.
#include <string_view>

#include "measured/error_counts.h"
#include "measured/measurement.h"

namespace versus::load {

class ErrorTally {
 public:
  void add(unsigned code, measured::ErrorKind kind, std::string_view message);
  const measured::ErrorCounts& counts() const { return counts_; }

 private:
  measured::ErrorCounts counts_;
};

}  // namespace versus::load
