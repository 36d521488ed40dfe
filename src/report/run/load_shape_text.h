#pragma once
// The load a table was measured with, in one sentence for a report: the statements of one
// transaction and how their ids were drawn, as recorded in every cell (results::MixRecord,
// sysbench::RandSpec), so a reader knows what ran without the matrix file.
#include <string>

#include "results/record/record.h"

namespace versus::report {

// "Per transaction (sysbench 1.0): BEGIN, 10 point selects, ..., COMMIT; ids: special (1% of
// them take 75% of the draws)".
std::string load_shape_text(const results::MixRecord& mix, const sysbench::RandSpec& distribution);

}  // namespace versus::report
