#include "load/workload_mix.h"

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
}  // namespace

WorkloadMix mix_for(config::Workload w) {
  using config::Workload;
  WorkloadMix m;
  switch (w) {
    case Workload::oltp_read_write:
      return m;
    case Workload::oltp_read_only:
      return reads_only(m);
    case Workload::oltp_write_only:
      return writes_only(m);
    case Workload::oltp_point_select:
      m = nothing();
      m.point_selects = 1;
      return m;
    case Workload::oltp_update_index:
      m = nothing();
      m.index_updates = 1;
      return m;
    case Workload::oltp_update_non_index:
      m = nothing();
      m.non_index_updates = 1;
      return m;
    case Workload::oltp_delete:
      m = nothing();
      m.deletes = 1;
      return m;
    case Workload::oltp_insert:
      m = nothing();
      m.inserts = 1;
      return m;
  }
  return m;
}

}  // namespace versus::load
