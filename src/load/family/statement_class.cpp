#include "load/family/statement_class.h"

#include "load/family/registry.h"

namespace versus::load {

std::vector<std::string_view> statement_classes(const WorkloadMix& mix, bool lock_tables) {
  return family_of(mix).statement_classes(mix, lock_tables);
}

std::vector<int> statements_per_transaction(const WorkloadMix& mix) {
  return family_of(mix).statements_per_transaction(mix);
}

}  // namespace versus::load
