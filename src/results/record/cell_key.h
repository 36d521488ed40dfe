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

// The choices beyond the coordinates that change what a workload measures, as one text: two
// cells whose variants differ are never compared, in a run, by `compare` or as one history
// series: for a family whose records carry one (sysbench/family_traits.h: has_variant), TPC-C,
// "tpcc_home: per_transaction, tpcc_mix: standard" (a tpcc result recorded
// before either was reads as per_connection and standard, what it ran); "" for the others.
std::string mix_variant(const MixRecord& mix);

}  // namespace versus::results
