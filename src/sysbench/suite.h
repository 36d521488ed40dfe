#pragma once
// Suite: a named, ordered set of workloads one matrix key (`suite`) runs. `microbenchmarks`
// is the published release comparisons' 32 tests (docs/microbenchmarks.md): each in the group
// the summaries show it in (point queries, range queries without then with aggregation,
// writes), the reads in the order the published run takes them, then the writes in theirs.
#include <optional>
#include <string_view>
#include <vector>

#include "sysbench/workload.h"

namespace versus::sysbench {

enum class Suite { microbenchmarks };

std::string_view suite_name(Suite s);
std::optional<Suite> suite_from_name(std::string_view name);
const std::vector<std::string_view>& suite_names();

// The workloads of `s`, in the order they run: the reads, then the writes.
const std::vector<Workload>& suite_workloads(Suite s);
// Its read tests (every group but the writes), in order: the second pass after the writes.
std::vector<Workload> suite_reads(Suite s);
// Whether `w` runs after every read of the suite, the second pass included, as the published
// series runs delete and insert: they change the tables' row count, so a faster release would
// otherwise leave a smaller or larger table for the reads after them.
bool suite_runs_last(Workload w);

// The published tables' groups: point queries, range queries without and with aggregation,
// writes; a microbenchmark suite workload belongs to one.
enum class SuiteGroup { point, range, aggregation, writes };
std::string_view suite_group_name(SuiteGroup g);  // "point", "range", ...
// The group of `w`; none for a workload outside the microbenchmarks suite.
std::optional<SuiteGroup> suite_group(Workload w);

}  // namespace versus::sysbench
