#pragma once
// The data-size tables (seed 004's third experiment: the .MYD of the same table in 5.1 and
// 5.5): one per (engine, tables) among a run's data-size records, rows = table sizes
// ascending, columns = server/profile in the run's order. A cell is the tables' bytes on
// disk in MiB (data + index files, or the shared tablespace's growth), the server's own
// figure (DATA_LENGTH + INDEX_LENGTH) in parentheses, and the ratio of the files' bytes to
// the first column's. Pure: text cells the writers lay out (report/run/text_table.h).
#include <cstdint>
#include <string>
#include <vector>

#include "report/run/text_table.h"
#include "results/record/record.h"
#include "sysbench/family_traits.h"

namespace versus::report {

std::vector<TextTable> data_size_tables(const results::RunResults& results);

// The family of a cell the run ran on the instance `r` when that family sizes its tables in
// something else than rows (sysbench/family_traits.h: TPC-C's warehouses), so that is what
// r.table_size counts (the size records name no workload); null when it counts rows.
const sysbench::FamilyTraits* size_family(const results::RunResults& run,
                                          const results::DataSizeRecord& r);

// Whether an instance's record holds sizes of versus's tables: one that loaded none of them (a
// replay's dump alone) measured nothing and is left out of the tables and charts.
bool has_measured_size(const results::DataSizeRecord& r);

// Bytes as MiB with one decimal: "118.2"; "0.0" for none.
std::string mib_text(std::uint64_t bytes);

}  // namespace versus::report
