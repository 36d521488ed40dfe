#pragma once
// KindTally: one client thread's measured transactions of one kind (load/family/registry.h
// kind_names): how many ended, how many attempts were retried, their latency. Written by that
// thread only and read after the join, like the slot's Histogram: no atomics, no lock.
#include <cstdint>

#include "load/tally/histogram.h"

namespace versus::load {

struct KindTally {
  std::uint64_t transactions = 0;
  std::uint64_t retried = 0;
  Histogram latency;  // nanoseconds per transaction
  void merge(const KindTally& other) {
    transactions += other.transactions;
    retried += other.retried;
    latency.merge(other.latency);
  }
};

}  // namespace versus::load
