#pragma once
// TransactionKind: what a load measured of one kind of transaction, for a workload whose
// transactions are of several kinds (TPC-C's New-Order, Payment, Order-Status, Delivery,
// Stock-Level); over the measured interval only. A sysbench mix has none.
#include <cstdint>
#include <string>

#include "measured/measurement.h"

namespace versus::measured {

struct TransactionKind {
  std::string name;                // as the workload names it: "new_order"
  std::uint64_t transactions = 0;  // that ended (TPC-C: a New-Order rolled back on purpose too)
  std::uint64_t retried = 0;       // attempts that hit a retried error (deadlock, lock wait)
  LatencyMs latency;               // of the whole transaction, its retries included
  friend bool operator==(const TransactionKind&, const TransactionKind&) = default;
};

}  // namespace versus::measured
