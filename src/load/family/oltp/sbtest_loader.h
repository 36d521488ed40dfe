#pragma once
// SbtestLoader: sysbench's `prepare` for the numbered tables sbtest1..N: the tables in parallel
// (one connection per table), each filled with ids 1..N in id order, k from the configured
// distribution, c and pad from sysbench's templates: one LOAD DATA LOCAL INFILE fed by a
// generated stream (no file), or multi-row INSERTs when the server refuses LOCAL. Then the
// secondary index on k (after the rows, as sysbench does). The binary log skipped when allowed.
#include <string>

#include "load/data/row_source.h"
#include "load/family/loader.h"
#include "util/expected.h"

namespace versus::load {

// Drops, creates and fills sbtest1..spec.tables in database_of(spec.endpoint), which exists.
Expected<void> load_numbered_tables(const LoadSpec& spec);

// Builds one multi-row INSERT (id, k, c, pad) of the next `count` rows of `rows`, fewer when
// it runs out (exposed for tests).
std::string build_insert(int table, RowSource& rows, int count);

}  // namespace versus::load
