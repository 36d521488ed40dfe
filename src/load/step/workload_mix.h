#pragma once
// WorkloadMix: what one transaction (sysbench "event") of a workload runs: the workload, how
// many statements of each kind (sysbench's mixes) and in which sysbench version's manner. Made
// by its family (load/family/registry.h mix_for).
#include <memory>
#include <optional>

#include "sysbench/custom_workload.h"
#include "sysbench/statement_counts.h"
#include "sysbench/workload.h"

namespace versus::load {

// Whose statements, for sysbench's mixes: sysbench 1.0's oltp_*.lua, or sysbench 0.4.12's
// --test=oltp (complex mode, tests/oltp/sb_oltp.c): one table `sbtest`; range starts clamped so
// a range stays inside the table; the DISTINCT range spans range_size + 1 ids; each
// delete/insert pair is preceded by an index UPDATE of the same id; all ids drawn before the
// transaction runs, so a retry after a deadlock runs the same ids again; LOCK TABLES ... UNLOCK
// TABLES instead of BEGIN ... COMMIT on engines without transactions. Other families' mixes
// keep the default.
enum class Dialect { sysbench_1_0, sysbench_0_4 };

// The statement counts of one transaction (sysbench/statement_counts.h) and how it runs them;
// only sysbench's mixes have counts.
struct WorkloadMix : sysbench::StatementCounts {
  sysbench::Workload workload = sysbench::Workload::oltp_read_write;  // chooses its family
  Dialect dialect = Dialect::sysbench_1_0;
  bool transaction = true;  // BEGIN ... COMMIT (0.4: or LOCK/UNLOCK TABLES) around the statements
  // A workload file's mix: the file it runs.
  std::shared_ptr<const sysbench::CustomWorkload> custom;
  // A microbenchmark (sysbench::is_micro) when `workload` is one: its one statement
  // (load/family/oltp/micro_statements.h) is the transaction; the counts then say only whether
  // it reads (point_selects 1) or writes (index_updates 1).
  std::optional<sysbench::Workload> micro() const {
    return sysbench::is_micro(workload) ? std::optional(workload) : std::nullopt;
  }

  int reads() const {
    return point_selects + simple_ranges + sum_ranges + order_ranges + distinct_ranges;
  }
  int writes() const {
    const int per_pair = dialect == Dialect::sysbench_0_4 ? 3 : 2;
    return index_updates + non_index_updates + per_pair * delete_inserts + deletes + inserts;
  }
  int others() const { return transaction ? 2 : 0; }
};

// The mix of a family whose program says what runs (TPC-C, a workload file): `w`, none of
// sysbench's statement counts, in a transaction.
inline WorkloadMix program_mix(sysbench::Workload w) {
  WorkloadMix m;
  m.workload = w;
  m.point_selects = m.simple_ranges = m.sum_ranges = m.order_ranges = m.distinct_ranges = 0;
  m.index_updates = m.non_index_updates = m.delete_inserts = m.deletes = m.inserts = 0;
  return m;
}

}  // namespace versus::load
