#pragma once
// CSV in long format, one line per (table, row, column), for spreadsheets and scripts:
//   workload,engine,threads,server,profile,runs,failed,crashed,tps,qps,p95_ms,ratio,
//   n,mean,median,sd,cv,ci_low,ci_high,ratio_ci_low,ratio_ci_high,verdict,p_value,
//   dialect,transaction,lock_tables,point_selects,...,inserts,inlist_size,
//   rand_type,rand_spec_pct,rand_spec_res,rand_pareto_h,rand_zipfian_exp
// tps, qps and p95_ms (means over the ok runs) have 2 decimals and are empty when the
// cell has no ok run; ratio has 4 decimals, no "x", and is empty when there is none.
// n..ci_high describe the TPS of the ok runs (sd, cv, CI empty below 2 runs); the
// ratio_* fields, verdict and p_value compare the TPS with the first column's
// (docs/output.md). dialect..rand_zipfian_exp are the table's load as recorded in its cells
// (results::MixRecord, sysbench::RandSpec), the same on every line of a table.
// Fields are quoted per RFC 4180 when needed; lines end in "\n".
#include <ostream>
#include <string>
#include <vector>

#include "report/shared/comparison.h"

namespace versus::report {

void write_csv(std::ostream& out, const std::vector<ComparisonTable>& tables);

// RFC 4180: quoted (with quotes doubled) when it holds a comma, quote, CR or LF.
std::string csv_field(const std::string& text);

}  // namespace versus::report
