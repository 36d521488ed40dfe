#pragma once
// Workload: the transaction mixes versus can drive: sysbench 1.0's by their sysbench names, and
// sysbench 0.4.12's --test=oltp --oltp-test-mode=complex as legacy_complex (legacy_read_only
// with --oltp-read-only=on). The microbenchmarks below them each isolate one access path, named
// after the published tests they stand for (docs/microbenchmarks.md).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace versus::sysbench {

enum class Workload {
  oltp_read_write,
  oltp_read_only,
  oltp_write_only,
  oltp_point_select,
  oltp_update_index,
  oltp_update_non_index,
  oltp_insert,
  oltp_delete,
  legacy_complex,
  legacy_read_only,
  // Microbenchmarks: one statement per transaction, no BEGIN/COMMIT (load/family/oltp/micro_statements.h).
  point_query,
  random_points,
  random_points_10,    // random_points with an IN-list of 10 ids, whatever inlist_size says
  random_points_1000,  // ... of 1000 ids
  hot_points,
  points_covered_pk,
  points_notcovered_pk,
  points_covered_si,
  points_notcovered_si,
  range_covered_pk,
  range_notcovered_pk,
  range_covered_si,
  range_notcovered_si,
  scan,
  read_only_count,  // one COUNT(c) over a range of 1000 ids, autocommit
  update_one,
  update_inlist,
  update_zipf,
  // oltp_read_only with its range_size fixed (the published read-only_range=N).
  read_only_range_10,
  read_only_range_100,
  read_only_range_10000,
  // oltp_read_only with one range of one kind over 1000 ids, the others none (the published
  // read-only-simple, -sum, -order and -distinct).
  read_only_simple,
  read_only_sum,
  read_only_order,
  read_only_distinct,
  // oltp_read_write with its range_size fixed at 10 (the published read-write_range=10).
  read_write_range_10,
  tpcc,  // TPC-C's five transactions on its nine tables (load/family/tpcc/), at a scale in warehouses
  // A workload file's (custom_workload.h): named by its file, never by workload_names().
  custom,
  // A query log replayed (replay_workload.h): named by its log, never by workload_names().
  replay,
};
// What each workload's family is and needs, asked without naming it: family_traits.h.

// Whether `w` is a sysbench 0.4 mix (its own table `sbtest`, its own statements).
bool is_legacy(Workload w);
// Whether `w` is a microbenchmark of one statement (point_query .. update_zipf).
bool is_micro(Workload w);
// The IN-list size a random_points test fixes under its own name (random_points_10: 10,
// random_points_1000: 1000); 0 for random_points (its size is inlist_size) and any other.
int random_points_fixed_size(Workload w);
// The random_points test that sends `ids` ids: random_points_10 or random_points_1000 for
// those sizes, random_points (with inlist_size `ids`) for any other.
Workload random_points_of_size(int ids);

// Whose statements `w` sends: "sysbench 1.0" (on sbtest1..N), "sysbench 1.0, ranges of N"
// (read_only_range_N, read_write_range_10 and, N = 1000, read_only_simple .. read_only_distinct:
// the same statements, ranges N ids long), "microbenchmark" (each its own,
// on sbtest1..N), "sysbench 0.4" (the legacy mixes, on sbtest) or "TPC-C". The statement plans
// recorded per instance are grouped by it.
std::string_view statements_of(Workload w);
// statements_of the built-in workload named `name`; a workload file's cells send their own
// statements, grouped under the workload's name.
std::string statements_of_named(std::string_view name);
// A suite's second pass of a read test, after its writes, is named by the workload's name and
// this suffix ("point_query.after_writes"): the same statements, measured on the tables the
// writes left (config::Plan::after_writes).
inline constexpr std::string_view kAfterWritesSuffix = ".after_writes";
bool names_after_writes(std::string_view label);
// `label` without kAfterWritesSuffix: the workload it is a pass of (else `label` itself).
std::string_view without_after_writes(std::string_view label);

std::string_view workload_name(Workload w);
std::optional<Workload> workload_from_name(std::string_view name);
// Every built-in workload name, in declaration order (for validation messages and docs);
// custom and replay have none (workload_name says "custom", "replay").
const std::vector<std::string_view>& workload_names();

}  // namespace versus::sysbench
