#include "cluster/shard_merge.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "config/plan/shards.h"
#include "config/reading/matrix_parser.h"
#include "host/run_directory.h"
#include "results/record/store.h"
#include "run/cell_inputs.h"
#include "run/schedule.h"
#include "util/whole_file.h"

namespace versus::cluster {
namespace fs = std::filesystem;

namespace {
Expected<std::vector<results::ShardRun>> read_runs(const std::vector<fs::path>& dirs) {
  std::vector<results::ShardRun> runs;
  for (const fs::path& d : dirs) {
    auto r = results::load_results(d / results::kResultsFileName);
    if (!r) return fail(r.error());
    runs.push_back({d.string(), std::move(*r)});
  }
  return runs;
}

// The plan the shards ran, from the first one's copy of it. Its cells are all merge needs,
// not its releases: every basedir is replaced by the shard's directory, so a merge works on
// a host without the releases (the shards' identity is their recorded plan id).
Expected<config::Plan> plan_of(const fs::path& dir, const std::vector<std::string>& servers) {
  auto overrides = config::read_overrides_file(dir / "matrix.overrides");
  if (!overrides) return fail(overrides.error());
  overrides->servers.clear();
  for (const auto& name : servers)
    overrides->servers.push_back(name + "=" + fs::absolute(dir).string());
  return config::parse_matrix_file(dir / "matrix.yaml", *overrides);
}

// Cell keys a shard must hold. repeats: auto: its groups' first two rounds, and every column
// of each later round a group ran (a row runs all its columns or none).
std::set<std::string> expected_keys(const config::Plan& plan, const config::Shard& shard,
                                    const std::set<std::string>& recorded) {
  std::map<config::GroupKey, int> last_round;  // the latest round a group ran, by its records
  for (const config::Cell& c : shard.cells)
    if (recorded.count(results::cell_key(run::coordinates(plan, c, 0, 0))))
      last_round[config::group_of(plan, c)] = std::max(last_round[config::group_of(plan, c)], c.repeat);
  std::set<std::string> keys;
  for (const config::Cell& c : shard.cells)
    if (!plan.auto_repeats || c.repeat < 2 || c.repeat <= last_round[config::group_of(plan, c)])
      keys.insert(results::cell_key(run::coordinates(plan, c, 0, 0)));
  return keys;
}

// Every shard holds its cells (unless partial), and only those.
Expected<void> check_cells(const config::Plan& plan, const std::vector<config::Shard>& shards,
                           const std::vector<results::ShardRun>& runs, bool partial) {
  for (const auto& run : runs) {
    const auto& info = run.results.info.shard;
    std::set<std::string> recorded;
    for (const auto& c : run.results.cells) recorded.insert(results::cell_key(c));
    const auto keys =
        expected_keys(plan, shards.at(static_cast<std::size_t>(info.index - 1)), recorded);
    std::vector<std::string> missing, foreign;
    std::set_difference(keys.begin(), keys.end(), recorded.begin(), recorded.end(),
                        std::back_inserter(missing));
    std::set_difference(recorded.begin(), recorded.end(), keys.begin(), keys.end(),
                        std::back_inserter(foreign));
    if (!missing.empty() && !partial)
      return fail(fmt::format(
          "{} (shard {}/{}) lacks {} of its {} cells (the first: {}): "
          "finish it with versus run --resume {}, or --partial",
          run.dir, info.index, info.count, missing.size(), keys.size(), missing.front(), run.dir));
    if (!foreign.empty() && !plan.auto_repeats)
      return fail(
          fmt::format("{} (shard {}/{}) holds {} cell(s) its shard does not (the first: "
                      "{}): not a shard of this plan",
                      run.dir, info.index, info.count, foreign.size(), foreign.front()));
  }
  return {};
}

// The merged cells in the order the unsharded plan runs them.
void order_by_plan(const config::Plan& plan, std::vector<results::CellRecord>& cells) {
  std::map<std::string, std::size_t> place;
  const auto order = run::schedule_cells(plan);
  for (std::size_t i = 0; i < order.size(); ++i)
    place.emplace(results::cell_key(run::coordinates(plan, order[i], 0, 0)), i);
  std::stable_sort(cells.begin(), cells.end(), [&](const auto& a, const auto& b) {
    return place[results::cell_key(a)] < place[results::cell_key(b)];
  });
}
}  // namespace

namespace {
// The matrix copy, its overrides and every shard's kept error logs into the merged directory.
Expected<void> copy_files(const std::vector<fs::path>& dirs, const host::RunDirectory& out) {
  std::error_code ec;
  fs::copy_file(dirs.front() / "matrix.yaml", out.matrix_copy(), ec);
  if (!ec && fs::exists(dirs.front() / "matrix.overrides"))
    fs::copy_file(dirs.front() / "matrix.overrides", out.overrides_copy(), ec);
  for (const fs::path& d : dirs) {
    if (ec || !fs::is_directory(d / "logs")) continue;
    for (const auto& entry : fs::directory_iterator(d / "logs", ec))
      if (!ec)
        fs::copy_file(entry.path(), out.path() / "logs" / entry.path().filename(),
                      fs::copy_options::skip_existing, ec);
  }
  if (ec) return fail("cannot copy into " + out.path().string() + ": " + ec.message());
  return {};
}
}  // namespace

Expected<Merged> merge_shard_dirs(const MergeRequest& request) {
  auto runs = read_runs(request.dirs);
  if (!runs) return fail(runs.error());
  auto merged = results::merge_shards(*runs, request.rules);
  if (!merged) return fail(merged.error());
  auto plan = plan_of(request.dirs.front(), merged->info.servers);
  if (!plan) return fail(plan.error().context("reading the shards' plan"));
  auto shards = config::assign_shards(*plan, merged->info.shard.count, "the shards' count");
  if (!shards) return fail(shards.error());
  if (auto ok = check_cells(*plan, *shards, *runs, request.rules.partial); !ok)
    return fail(ok.error());
  order_by_plan(*plan, merged->cells);
  if (fs::exists(request.output / results::kResultsFileName))
    return fail(request.output.string() + ": already a run directory; merge into a new one");
  auto dir = host::RunDirectory::create(request.output);
  if (!dir) return fail(dir.error());
  merged->info.run_id = dir->id();
  if (auto ok = copy_files(request.dirs, *dir); !ok) return fail(ok.error());
  auto store = results::ResultStore::create(dir->path(), *merged);
  if (!store) return fail(store.error());
  return Merged{dir->path(), store->results()};
}

}  // namespace versus::cluster
