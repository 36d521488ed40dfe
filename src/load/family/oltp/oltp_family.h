#pragma once
// The sysbench family: sysbench 1.0's OLTP mixes and read_only_range_N, sysbench 0.4.12's
// complex mode (the legacy mixes), and the microbenchmarks, on sysbench's tables (sbtest1..N,
// 0.4's sbtest). Named "oltp" in the code so as not to be taken for
// src/sysbench/, the workload vocabulary every layer shares.
#include <string_view>
#include <vector>

#include "load/family/workload_family.h"

namespace versus::load {

const WorkloadFamily& oltp_family();

// The mix of `w` with sysbench's defaults, `counts` applied where `w` runs that kind of
// statement, as sysbench does (oltp_point_select always runs one point select; oltp_delete
// and oltp_insert one statement; 0.4 has no option for the delete/insert pair: always one;
// read_only_range_N is oltp_read_only with range_size N; read_only_simple, _sum, _order and
// _distinct oltp_read_only with one range of that kind, the others none, over kAggregateRange
// ids (micro_statements.h); read_write_range_10 oltp_read_write with range_size 10). oltp_mix.cpp.
WorkloadMix oltp_mix(sysbench::Workload w, const sysbench::StatementCounts& counts);

// The class names of a sysbench mix (oltp::Class order; a microbenchmark's one statement is
// class 0, named after it); `lock_tables`: LOCK TABLES / UNLOCK TABLES for BEGIN / COMMIT.
std::vector<std::string_view> oltp_statement_classes(const WorkloadMix& mix, bool lock_tables);
// How many statements of each class one committed transaction of `mix` runs.
std::vector<int> oltp_statements_per_transaction(const WorkloadMix& mix);

// sysbench 1.0's and the microbenchmarks' statements on sbtest1 when the load has numbered
// tables, read_only_range_N's at their N (and at 1000, read_only_simple .. read_only_distinct's;
// at 10 with the writes too, read_write_range_10's), 0.4's on sbtest when it has that table
// (explain_template.h says which values). oltp_explain.cpp.
void add_oltp_explain_templates(const LoadSpec& load, const sysbench::StatementCounts& counts,
                                std::vector<ExplainTemplate>& out);

}  // namespace versus::load
