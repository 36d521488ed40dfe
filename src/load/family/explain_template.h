#pragma once
// Explain templates: every statement a load's tables are read and written with, by statement
// class, its parameters bound as literals with representative values, for the run to EXPLAIN
// on each instance after ANALYZE TABLE (its plans recorded in results.json). A function of
// the tables alone (not of the workloads a plan runs), so that an instance kept in the
// instance cache carries the plans of whatever workload a later run reads it with. Pure.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "load/family/loader.h"
#include "sysbench/statement_counts.h"

namespace versus::load {

struct ExplainTemplate {
  std::string statements;  // whose (sysbench::statements_of_named): "sysbench 1.0", a file's name
  std::string statement_class;  // as statement_classes() names it ("ORDER BY range")
  std::string sql;              // runnable: literals where the session binds parameters
  // The database it runs in: "" for the instance's (load::kDatabase), else made current first
  // (a replayed statement runs where the log says it ran).
  std::string database{};
};

// The representative values: the id in the middle of the table (table_size / 2, at least 1),
// ranges of counts.range_size ids from it (sysbench 0.4's DISTINCT range one more, as it runs
// it), an insert of the id after the table's last, c and pad from sysbench's templates; an
// IN-list's ids spread evenly over the table (a hot list as the workload draws it).
// sysbench 1.0's and the microbenchmarks' on sbtest1 when the load has numbered tables, 0.4's
// on sbtest when it has that table; TPC-C's (every statement but BEGIN, COMMIT and ROLLBACK,
// under "TPC-C") at warehouse, district, customer, item and order 1 (Stock-Level over the
// load's last 20 orders) when the load has its tables. A workload file's statements, each with one literal per parameter (an integer range's
// middle, a string of its length, a list's first value), `statements` being the workload's
// name.
std::vector<ExplainTemplate> explain_templates(const LoadSpec& load,
                                               const sysbench::StatementCounts& counts);

// `sql` with `{}` replaced by `table` and each `?` by the next of `literals`, in order
// (literals are inserted as given: quote text yourself).
std::string bind_literals(std::string_view sql, std::string_view table,
                          const std::vector<std::string>& literals);

}  // namespace versus::load
