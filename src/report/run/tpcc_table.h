#pragma once
// The TPC-C tables: one per (engine, warehouses, threads) among a run's tpcc cells, a block of
// rows per server/profile column in the run's order: all transactions (TPM) first, then each
// kind (New-Order's per minute is NOPM) with its latency percentiles and retried share. Each
// figure is the mean over the column's ok repeats. Pure: text cells the writers lay out
// (report/run/text_table.h).
#include <vector>

#include "report/run/text_table.h"
#include "results/record/record.h"

namespace versus::report {

std::vector<TextTable> tpcc_tables(const results::RunResults& results);

}  // namespace versus::report
