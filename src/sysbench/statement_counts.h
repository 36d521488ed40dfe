#pragma once
// StatementCounts: how many statements of each kind one transaction (sysbench "event") runs,
// with sysbench 1.0's defaults (oltp_read_write). The one type for them: the matrix's keys
// (--point-selects, ..., --range-size) fill it, the load engine runs it (load/step/workload_mix.h
// narrows it per workload), results.json records it.
namespace versus::sysbench {

struct StatementCounts {
  int point_selects = 10;
  int simple_ranges = 1;
  int sum_ranges = 1;
  int order_ranges = 1;
  int distinct_ranges = 1;
  int range_size = 100;  // rows each range statement spans (at least 1)
  int index_updates = 1;
  int non_index_updates = 1;
  int delete_inserts = 1;  // DELETE by id, then INSERT of that id (0.4: after an UPDATE of it)
  // No key sets these two: the workload does (oltp_delete, oltp_insert run one a transaction).
  int deletes = 0;        // oltp_delete: DELETE by id alone
  int inserts = 0;        // oltp_insert: INSERT with an auto-increment id (plain query)
  int inlist_size = 100;  // values in random_points' IN-list (sysbench --random-points)
};

// Calls f(name, field) for every field (an int) of `counts`, a StatementCounts const or not, in
// declaration order; the name is the field's matrix key, results.json field and CSV column.
template <class Counts, class F>
void for_each_count(Counts& counts, F&& f) {
  f("point_selects", counts.point_selects);
  f("simple_ranges", counts.simple_ranges);
  f("sum_ranges", counts.sum_ranges);
  f("order_ranges", counts.order_ranges);
  f("distinct_ranges", counts.distinct_ranges);
  f("range_size", counts.range_size);
  f("index_updates", counts.index_updates);
  f("non_index_updates", counts.non_index_updates);
  f("delete_inserts", counts.delete_inserts);
  f("deletes", counts.deletes);
  f("inserts", counts.inserts);
  f("inlist_size", counts.inlist_size);
}

}  // namespace versus::sysbench
