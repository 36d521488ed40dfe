#pragma once
// ResultStore: the durable record of a run, <run-dir>/results.json. Every append
// rewrites the whole file atomically, so a crash at any moment leaves either the
// previous or the new complete file; nothing recorded is lost or half-written.
#include <filesystem>
#include <string>
#include <utility>

#include "results/record/record.h"
#include "util/expected.h"

namespace versus::results {

inline constexpr const char* kResultsFileName = "results.json";

class ResultStore {
 public:
  // Starts a run: creates run_dir if needed and writes a results.json without cells.
  // Fails if results.json already exists (resume with open() instead).
  static Expected<ResultStore> create(const std::filesystem::path& run_dir, RunInfo info);
  // The same with records already made (a merge of shards: cluster/shard_merge.h), written at once.
  static Expected<ResultStore> create(const std::filesystem::path& run_dir, RunResults results);
  // Resumes a run from its results.json. A damaged file is reported and left untouched.
  static Expected<ResultStore> open(const std::filesystem::path& run_dir);

  // Records one more cell and durably rewrites results.json. On failure the cell is
  // not kept in memory; the file holds the old or the new content (never a mix), and
  // the caller should stop the run rather than retry blindly.
  Expected<void> append(const CellRecord& cell);
  // Records the data size of one instance (replacing an earlier one of the same coordinates:
  // a resumed run prepares its instances again) and rewrites results.json the same way.
  Expected<void> record_data_size(const DataSizeRecord& size);

  const RunResults& results() const { return results_; }
  const std::filesystem::path& file() const { return file_; }

 private:
  ResultStore(std::filesystem::path file, RunResults results)
      : file_(std::move(file)), results_(std::move(results)) {}

  std::filesystem::path file_;
  RunResults results_;
};

// Reads and validates a results.json; errors start with the file's path. Cells written before
// tables/table_size were recorded get them from the matrix.yaml beside it (legacy_sizes.h).
Expected<RunResults> load_results(const std::filesystem::path& results_json);

}  // namespace versus::results
