#pragma once
// WorkloadMix: how many statements of each kind one transaction (sysbench "event") of a
// workload runs, with sysbench 1.0's defaults.
#include <cstdint>

#include "config/workload.h"

namespace versus::load {

struct WorkloadMix {
  bool transaction = true;  // BEGIN ... COMMIT around the statements
  int point_selects = 10;
  int simple_ranges = 1;
  int sum_ranges = 1;
  int order_ranges = 1;
  int distinct_ranges = 1;
  int index_updates = 1;
  int non_index_updates = 1;
  int delete_inserts = 1;  // DELETE by id, then INSERT of that id
  int deletes = 0;         // oltp_delete: DELETE by id alone
  int inserts = 0;         // oltp_insert: INSERT with an auto-increment id (plain query)
  std::uint32_t range_size = 100;

  int reads() const {
    return point_selects + simple_ranges + sum_ranges + order_ranges + distinct_ranges;
  }
  int writes() const {
    return index_updates + non_index_updates + 2 * delete_inserts + deletes + inserts;
  }
  int others() const { return transaction ? 2 : 0; }
};

WorkloadMix mix_for(config::Workload w);

}  // namespace versus::load
