#pragma once
// WorkloadMix: how many statements of each kind one transaction (sysbench "event") of a
// workload runs, and in which sysbench version's manner.
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "sysbench/custom_workload.h"
#include "sysbench/statement_counts.h"
#include "sysbench/workload.h"

namespace versus::load {

// Whose statements: sysbench 1.0's oltp_*.lua, or sysbench 0.4.12's --test=oltp (complex
// mode, tests/oltp/sb_oltp.c): one table `sbtest`; range starts clamped so a range stays inside
// the table; the DISTINCT range spans range_size + 1 ids; each delete/insert pair is preceded
// by an index UPDATE of the same id; all ids drawn before the transaction runs, so a retry
// after a deadlock runs the same ids again; LOCK TABLES ... UNLOCK TABLES instead of
// BEGIN ... COMMIT on engines without transactions.
// tpcc: TPC-C's five transactions (load/family/tpcc/tpcc_program.h); no statement counts apply.
// custom: a workload file's transactions (load/family/custom/custom_program.h); nor do they.
enum class Dialect { sysbench_1_0, sysbench_0_4, tpcc, custom };

// The statement counts of one transaction (sysbench/statement_counts.h) and how it runs them.
struct WorkloadMix : sysbench::StatementCounts {
  Dialect dialect = Dialect::sysbench_1_0;
  bool transaction = true;  // BEGIN ... COMMIT (0.4: or LOCK/UNLOCK TABLES) around the statements
  // Dialect::custom: the workload file it runs.
  std::shared_ptr<const sysbench::CustomWorkload> custom;
  // A microbenchmark (sysbench::is_micro): its one statement (load/family/oltp/micro_statements.h) is the
  // transaction; the counts then say only whether it reads (point_selects 1) or writes
  // (index_updates 1).
  std::optional<sysbench::Workload> micro;

  int reads() const {
    return point_selects + simple_ranges + sum_ranges + order_ranges + distinct_ranges;
  }
  int writes() const {
    const int per_pair = dialect == Dialect::sysbench_0_4 ? 3 : 2;
    return index_updates + non_index_updates + per_pair * delete_inserts + deletes + inserts;
  }
  int others() const { return transaction ? 2 : 0; }
};

// The kinds of transaction the mix runs, by the index Session::kind() returns: TPC-C's five
// (load/family/tpcc/card_deck.h), a workload file's transactions by name; none for a sysbench mix,
// whose transactions are all alike.
std::vector<std::string_view> kind_names(const WorkloadMix& mix);

// The mix of `w` with sysbench's defaults, `counts` applied where `w` runs that kind of
// statement, as sysbench does (oltp_point_select always runs one point select; oltp_delete
// and oltp_insert one statement; 0.4 has no option for the delete/insert pair: always one;
// read_only_range_N is oltp_read_only with range_size N).
WorkloadMix mix_for(sysbench::Workload w, const sysbench::StatementCounts& counts = {});

}  // namespace versus::load
