#pragma once
// Statement classes: the kinds of statements a workload sends, by name. Each family declares
// its workloads' lists (WorkloadFamily::statement_classes); each planned Step
// (load/step/transaction_program.h) carries its class's index into that list (a microbenchmark's
// one statement is class 0), and the engine times every statement by it
// (load/tally/statement_timer.h). Pure.
#include <string_view>
#include <vector>

#include "load/step/transaction_program.h"
#include "load/step/workload_mix.h"

namespace versus::load {

// The class names of `mix`'s transactions, indexed by its steps' classes. `lock_tables`:
// the frame is LOCK TABLES ... UNLOCK TABLES (SessionConfig::lock_tables).
std::vector<std::string_view> statement_classes(const WorkloadMix& mix, bool lock_tables = false);

// How many statements of each class one committed transaction of `mix` runs, by class index
// (the same length as statement_classes(mix)); empty when that depends on the transaction
// (TPC-C, a workload file).
std::vector<int> statements_per_transaction(const WorkloadMix& mix);

}  // namespace versus::load
