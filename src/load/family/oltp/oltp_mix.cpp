// sysbench's mixes: each workload's statement counts, as its Lua script sets them.
#include "load/family/oltp/oltp_family.h"

#include "load/family/oltp/micro_statements.h"

namespace versus::load {
namespace {
WorkloadMix reads_only(WorkloadMix m) {
  m.index_updates = m.non_index_updates = m.delete_inserts = 0;
  return m;
}
WorkloadMix writes_only(WorkloadMix m) {
  m.point_selects = m.simple_ranges = m.sum_ranges = m.order_ranges = m.distinct_ranges = 0;
  return m;
}
WorkloadMix nothing() {
  WorkloadMix m = writes_only(reads_only({}));
  m.transaction = false;
  return m;
}

// Every statement kind with its count from `c` (sysbench's opt table; deletes and inserts
// as the workload sets them, none), then narrowed per workload.
WorkloadMix all_of(const sysbench::StatementCounts& c) {
  WorkloadMix m;
  static_cast<sysbench::StatementCounts&>(m) = c;
  m.deletes = m.inserts = 0;
  return m;
}

WorkloadMix legacy(WorkloadMix m, bool read_only) {
  m.dialect = Dialect::sysbench_0_4;
  m.delete_inserts = 1;
  return read_only ? reads_only(m) : m;
}

// The single-statement workloads: only `field` set, no transaction.
WorkloadMix only(int WorkloadMix::*field, int count) {
  WorkloadMix m = nothing();
  m.*field = count;
  return m;
}

// A microbenchmark: no transaction, one read or one write a transaction. Its range and a
// random_points test's IN-list are recorded at the sizes it sends (read_only_count's 1000 ids,
// random_points_10's 10), the other tests' as the run gives them.
WorkloadMix micro(sysbench::Workload w, const sysbench::StatementCounts& counts) {
  const MicroStatement& s = micro_statement(w);
  WorkloadMix m = s.write ? only(&WorkloadMix::index_updates, 1)
                          : only(&WorkloadMix::point_selects, 1);
  m.range_size = micro_range_size(s, counts);
  m.inlist_size = sysbench::random_points_fixed_size(w) ? micro_list_size(s, counts)
                                                         : counts.inlist_size;
  m.workload = w;
  return m;
}

WorkloadMix with_range(WorkloadMix m, int range_size) {
  m.range_size = range_size;
  return m;
}

// oltp_read_only with one range statement: `field`'s count 1, the other three kinds none, over
// kAggregateRange ids; the point selects as the run gives them (10 by default).
WorkloadMix one_range(WorkloadMix m, int WorkloadMix::*field) {
  m = reads_only(m);
  m.simple_ranges = m.sum_ranges = m.order_ranges = m.distinct_ranges = 0;
  m.*field = 1;
  return with_range(m, kAggregateRange);
}
}  // namespace

WorkloadMix oltp_mix(sysbench::Workload w, const sysbench::StatementCounts& counts) {
  using sysbench::Workload;
  const WorkloadMix m = all_of(counts);
  if (sysbench::is_micro(w)) return micro(w, counts);
  switch (w) {
    case Workload::oltp_read_write:
      return m;
    case Workload::oltp_read_only:
      return reads_only(m);
    case Workload::oltp_write_only:
      return writes_only(m);
    case Workload::oltp_point_select:  // its prepare_statements() sets point_selects=1
      return only(&WorkloadMix::point_selects, 1);
    case Workload::oltp_update_index:
      return only(&WorkloadMix::index_updates, counts.index_updates);
    case Workload::oltp_update_non_index:
      return only(&WorkloadMix::non_index_updates, counts.non_index_updates);
    case Workload::oltp_delete:
      return only(&WorkloadMix::deletes, 1);
    case Workload::oltp_insert:
      return only(&WorkloadMix::inserts, 1);
    case Workload::legacy_complex:
      return legacy(m, false);
    case Workload::legacy_read_only:
      return legacy(m, true);
    case Workload::read_only_range_10:
      return with_range(reads_only(m), 10);
    case Workload::read_only_range_100:
      return with_range(reads_only(m), 100);
    case Workload::read_only_range_10000:
      return with_range(reads_only(m), 10000);
    case Workload::read_only_simple:
      return one_range(m, &WorkloadMix::simple_ranges);
    case Workload::read_only_sum:
      return one_range(m, &WorkloadMix::sum_ranges);
    case Workload::read_only_order:
      return one_range(m, &WorkloadMix::order_ranges);
    case Workload::read_only_distinct:
      return one_range(m, &WorkloadMix::distinct_ranges);
    case Workload::read_write_range_10:
      return with_range(m, 10);
    default:  // the microbenchmarks, above; the other families' workloads
      break;
  }
  return m;
}

}  // namespace versus::load
