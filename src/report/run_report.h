#pragma once
// RunReport: every report file of a run, written next to its results.json:
// comparison.md, comparison.csv, comparison.json.
#include <filesystem>

#include "results/record.h"
#include "util/expected.h"

namespace versus::report {

Expected<void> write_run_reports(const std::filesystem::path& run_dir,
                                 const results::RunResults& results);

}  // namespace versus::report
