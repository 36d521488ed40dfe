// A merge of two shards: servers a and b at 1 and 4 threads, the 1-thread cells run on node1
// (shard 1), the 4-thread ones on node2 (shard 2); both hosts Xeon, 2 cores, 4 GiB, Linux 6.1
// until a test changes one.
#pragma once

#include "results/record/record.h"
#include "support/cell_builder.h"

namespace versus::testing {

inline results::RunResults merged_two_shards() {
  results::RunResults r;
  r.info.run_id = "merged";
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  r.info.shard = {"0123456789abcdef", 0, 2};
  results::MachineFacts m{"Xeon", 2, "Linux 6.1", "", 1ULL << 32, "node1"};
  r.info.hosts = {{1, "s1", m}, {2, "s2", m}};
  r.info.hosts[1].machine.hostname = "node2";
  for (const char* s : {"a", "b"})
    for (int t : {1, 4}) {
      results::CellRecord c = CellBuilder(s).threads(t).tps(100 * t);
      c.host = t == 1 ? "node1" : "node2";
      r.cells.push_back(c);
    }
  return r;
}

}  // namespace versus::testing
