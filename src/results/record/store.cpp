#include "results/record/store.h"

#include <algorithm>
#include <string>
#include <system_error>
#include <utility>

#include "results/record/legacy_sizes.h"
#include "results/record/record_json.h"
#include "util/whole_file.h"

namespace versus::results {

namespace {

namespace fs = std::filesystem;

// Invalid UTF-8 (say, a latin1 server error message) becomes U+FFFD instead of throwing.
std::string serialize(const RunResults& results) {
  return results_to_json(results).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

}  // namespace

Expected<RunResults> load_results(const fs::path& results_json) {
  auto text = read_whole_file(results_json);
  if (!text) return fail(text.error());
  auto results = parse_results(*text, results_json.string());
  if (results) fill_legacy_sizes(*results, results_json.parent_path() / "matrix.yaml");
  return results;
}

Expected<ResultStore> ResultStore::create(const fs::path& run_dir, RunInfo info) {
  return create(run_dir, RunResults{std::move(info), {}, {}});
}

Expected<ResultStore> ResultStore::create(const fs::path& run_dir, RunResults results) {
  std::error_code ec;
  fs::create_directories(run_dir, ec);
  if (ec) return fail(run_dir.string() + ": cannot create directory: " + ec.message());
  const fs::path file = run_dir / kResultsFileName;
  if (fs::exists(file, ec))
    return fail(file.string() + ": already exists (resume the run instead of starting it)");
  ResultStore store(file, std::move(results));
  if (auto written = write_file_atomically(file, serialize(store.results_)); !written)
    return fail(written.error());
  return store;
}

Expected<ResultStore> ResultStore::open(const fs::path& run_dir) {
  const fs::path file = run_dir / kResultsFileName;
  auto results = load_results(file);
  if (!results) return fail(results.error());
  return ResultStore(file, std::move(*results));
}

Expected<void> ResultStore::append(const CellRecord& cell) {
  results_.cells.push_back(cell);
  auto written = write_file_atomically(file_, serialize(results_));
  if (!written) results_.cells.pop_back();
  return written;
}

Expected<void> ResultStore::record_data_size(const DataSizeRecord& size) {
  auto saved = results_.data_sizes;
  auto& sizes = results_.data_sizes;
  auto same = [&](const DataSizeRecord& r) {
    return r.server == size.server && r.profile == size.profile && r.engine == size.engine &&
           r.tables == size.tables && r.table_size == size.table_size;
  };
  sizes.erase(std::remove_if(sizes.begin(), sizes.end(), same), sizes.end());
  sizes.push_back(size);
  auto written = write_file_atomically(file_, serialize(results_));
  if (!written) results_.data_sizes = std::move(saved);
  return written;
}

}  // namespace versus::results
