#pragma once
// ConsistencyRecord: one of the TPC-C specification's consistency conditions 1-10 as checked on a
// cell's tables after its run (load/family/tpcc/consistency.h): a cell where one fails is marked failed.
#include <cstdint>

namespace versus::measured {

struct ConsistencyRecord {
  int condition = 0;            // 1..10, as the specification numbers them
  std::int64_t violations = 0;  // rows breaking it (warehouses, districts, orders ...); 0: it holds
  double seconds = 0;           // its query's wall time; 0 in results recorded before it was
  friend bool operator==(const ConsistencyRecord&, const ConsistencyRecord&) = default;
};

}  // namespace versus::measured
