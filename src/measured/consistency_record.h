#pragma once
// ConsistencyRecord: one of the TPC-C specification's consistency conditions 1-10 as checked on a
// cell's tables after its run (load/family/tpcc/consistency.h): a cell where one fails is marked failed.
#include <cstdint>

namespace versus::measured {

struct ConsistencyRecord {
  int condition = 0;            // 1..4, as the specification numbers them
  std::int64_t violations = 0;  // warehouses or districts breaking it; 0: it holds
  friend bool operator==(const ConsistencyRecord&, const ConsistencyRecord&) = default;
};

}  // namespace versus::measured
