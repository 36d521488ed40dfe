#pragma once
// Generators of a workload file (sysbench/custom_workload.h) for the tests of what draws from
// them.
#include <cstdint>

#include "sysbench/custom_workload.h"

namespace versus::testing {

// An integer generator over [min, max].
inline sysbench::ValueSpec integer_values(sysbench::Generator g, std::int64_t min,
                                          std::int64_t max) {
  sysbench::ValueSpec v;
  v.generator = g;
  v.min = min;
  v.max = max;
  return v;
}

}  // namespace versus::testing
