#pragma once
// The TPC-C family: TPC-C's nine tables at a scale in warehouses (population_loader.h), its
// five transactions dealt from the card deck (tpcc_program.h), NOPM as its headline rate (the
// client's count and the server's), and the specification's consistency conditions checked on
// the tables every cell leaves (consistency.h).
#include <string>
#include <vector>

#include "load/family/workload_family.h"

namespace versus::load {

const WorkloadFamily& tpcc_family();

namespace tpcc {
// The statements that read TPC-C's nine tables: each clustered index (AVG of its first key
// column, forced on PRIMARY; history, which has none, by a plain scan) and the two secondary
// indexes (idx_customer, idx_orders), each as an aggregate over the index itself.
std::vector<std::string> prewarm_statements();
}  // namespace tpcc

}  // namespace versus::load
