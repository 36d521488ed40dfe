#pragma once
// Results written before cells recorded `tables` and `table_size` ran one size: the plan's
// single values, still in the run's copy of the matrix beside results.json.
#include <filesystem>

#include "results/record/record.h"

namespace versus::results {

// Gives every cell without tables/table_size (0) the values of `matrix_copy`'s top-level
// `tables` and `table_size` keys, or the defaults versus had then (1 and 10000) for keys the
// copy lacks. Leaves 0 when the copy is missing or unreadable, or names a list of sizes.
void fill_legacy_sizes(RunResults& results, const std::filesystem::path& matrix_copy);

}  // namespace versus::results
