#pragma once
// The identity of a cell within a plan, as one string: server, profile, engine, workload,
// threads, repeat and table size. Two records of one run with the same key are the same cell
// measured twice; a resumed run looks up which cells it still lacks by it, a merge of shards
// which cells each shard holds.
#include <string>

#include "results/record/progress.h"
#include "results/record/record.h"

namespace versus::results {

// "server|profile|engine|workload|threads|repeat|table_size".
std::string cell_key(const CellRecord& cell);
// The same key for the cell these coordinates name (their index and total play no part).
std::string cell_key(const CellCoordinates& cell);

}  // namespace versus::results
