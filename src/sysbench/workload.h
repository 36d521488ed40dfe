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
  update_one,
  update_inlist,
  update_zipf,
  // oltp_read_only with its range_size fixed (the published read-only_range=N).
  read_only_range_10,
  read_only_range_100,
  read_only_range_10000,
  tpcc,  // TPC-C's five transactions on its nine tables (load/family/tpcc/), at a scale in warehouses
  // A workload file's (custom_workload.h): named by its file, never by workload_names().
  custom,
};

// Whether `w` is a sysbench 0.4 mix (its own table `sbtest`, its own statements).
bool is_legacy(Workload w);
// Whether `w` is a microbenchmark of one statement (point_query .. update_zipf).
bool is_micro(Workload w);
// Whether `w` runs on TPC-C's tables (sized in warehouses, not rows).
bool is_tpcc(Workload w);

// Whose statements `w` sends: "sysbench 1.0" (on sbtest1..N), "sysbench 1.0, ranges of N"
// (read_only_range_N: the same statements, ranges N ids long), "microbenchmark" (each its own,
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
// Whether `name` is the built-in tpcc workload's (cells and records carry workload names).
bool is_tpcc_named(std::string_view name);

std::string_view workload_name(Workload w);
std::optional<Workload> workload_from_name(std::string_view name);
// Every built-in workload name, in declaration order (for validation messages and docs);
// custom has none (workload_name says "custom").
const std::vector<std::string_view>& workload_names();

}  // namespace versus::sysbench
