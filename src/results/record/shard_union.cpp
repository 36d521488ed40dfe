#include "results/record/shard_union.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>

namespace versus::results {
namespace {
// "mariadb-10.11.18/default, innodb, oltp_read_only, 4 threads, 1000 rows, repeat 2".
std::string cell_text(const CellRecord& c) {
  return fmt::format("{}/{}, {}, {}, {} threads, {} rows, repeat {}", c.server, c.profile, c.engine,
                     c.workload, c.threads, c.table_size, c.repeat + 1);
}

Expected<void> check_one(const ShardRun& run) {
  const ShardInfo& s = run.results.info.shard;
  if (s.count == 0)
    return fail(run.dir +
                ": not a shard (its run had no --shard I/N); merge takes the run "
                "directories of versus run FILE --shard I/N");
  if (s.index == 0) return fail(run.dir + ": already a merged run, not a shard");
  return {};
}

// The same plan as the first run: identity, shard count, seed and columns.
Expected<void> check_same_plan(const ShardRun& first, const ShardRun& run) {
  const RunInfo &a = first.results.info, &b = run.results.info;
  std::string what;
  if (a.shard.plan_id != b.shard.plan_id)
    what = fmt::format("plan {} (matrix {}), not {} (matrix {})", b.shard.plan_id, b.matrix_file,
                       a.shard.plan_id, a.matrix_file);
  else if (a.shard.count != b.shard.count)
    what = fmt::format("{} shards, not {}", b.shard.count, a.shard.count);
  else if (a.seed != b.seed)
    what = fmt::format("seed {}, not {}", b.seed, a.seed);
  else if (a.servers != b.servers || a.profiles != b.profiles)
    what = "other servers or profiles";
  if (what.empty()) return {};
  return fail(
      fmt::format("{} is a shard of another plan than {}: {} (merge the shards of one "
                  "plan, run with the same matrix, overrides and seed)",
                  run.dir, first.dir, what));
}

// Each shard once; all of them unless partial.
Expected<void> check_coverage(const std::vector<ShardRun>& runs, const MergeRules& rules) {
  std::map<int, std::string> seen;
  for (const ShardRun& r : runs) {
    const int i = r.results.info.shard.index;
    if (auto [it, fresh] = seen.emplace(i, r.dir); !fresh)
      return fail(fmt::format("{} and {} both hold shard {}/{} (overlap): merge each shard once",
                              it->second, r.dir, i, r.results.info.shard.count));
  }
  std::vector<std::string> missing;
  for (int i = 1; i <= runs.front().results.info.shard.count; ++i)
    if (!seen.count(i))
      missing.push_back(fmt::format("{}/{}", i, runs.front().results.info.shard.count));
  if (missing.empty() || rules.partial) return {};
  std::vector<std::string> dirs;
  for (const auto& [i, dir] : seen) dirs.push_back(dir);
  return fail(
      fmt::format("shard(s) {} missing: {} hold(s) only {}; give every shard's run "
                  "directory, or --partial to merge what there is",
                  fmt::join(missing, ", "), fmt::join(dirs, ", "),
                  seen.size() == 1 ? "one shard" : fmt::format("{} shards", seen.size())));
}

Expected<void> check_hosts(const std::vector<ShardRun>& runs, const MergeRules& rules) {
  if (rules.allow_mixed_hosts) return {};
  const ShardRun& first = runs.front();
  for (const ShardRun& r : runs)
    if (!same_fingerprint(measured_machine(first.results.info), measured_machine(r.results.info)))
      return fail(fmt::format(
          "{} and {} ran on machines that differ ({} | {}): a report over both would put rows "
          "of one machine beside rows of another; --allow-mixed-hosts merges them anyway, "
          "each row marked with its host",
          first.dir, r.dir, host_text(measured_machine(first.results.info)),
          host_text(measured_machine(r.results.info))));
  return {};
}
}  // namespace

const MachineFacts& measured_machine(const RunInfo& info) {
  return info.server_host.empty() ? info.machine : info.server_machine;
}

bool same_fingerprint(const MachineFacts& a, const MachineFacts& b) {
  return a.cpu_model == b.cpu_model && a.cores == b.cores && a.memory_bytes == b.memory_bytes &&
         a.kernel == b.kernel && a.governor == b.governor;
}

std::string host_text(const MachineFacts& m) {
  return fmt::format("{}: {}, {} cores, {:.1f} GiB, {}, governor {}",
                     m.hostname.empty() ? "?" : m.hostname, m.cpu_model, m.cores,
                     static_cast<double>(m.memory_bytes) / (1024.0 * 1024 * 1024), m.kernel,
                     m.governor.empty() ? "none" : m.governor);
}

bool mixed_hosts(const RunInfo& info) {
  return std::any_of(info.hosts.begin(), info.hosts.end(), [&](const ShardHost& h) {
    return !same_fingerprint(h.machine, info.hosts.front().machine);
  });
}

namespace {
// Every cell once, each with its host's name; a cell twice is an error naming both places.
Expected<void> add_cells(const std::vector<const ShardRun*>& runs, RunResults& merged) {
  std::map<std::string, std::string> where;  // cell key -> run directory
  for (const ShardRun* r : runs)
    for (CellRecord c : r->results.cells) {
      if (auto [it, fresh] = where.emplace(cell_key(c), r->dir); !fresh)
        return fail(
            fmt::format("{} is in {} and in {} (overlap): each cell must be measured "
                        "once",
                        cell_text(c), it->second, r->dir));
      c.host = measured_machine(r->results.info).hostname;
      merged.cells.push_back(std::move(c));
    }
  return {};
}

void add_data_sizes(const std::vector<const ShardRun*>& runs, RunResults& merged) {
  std::set<std::tuple<std::string, std::string, std::string, int, std::int64_t>> have;
  for (const ShardRun* r : runs)
    for (const DataSizeRecord& d : r->results.data_sizes)
      if (have.insert({d.server, d.profile, d.engine, d.tables, d.table_size}).second)
        merged.data_sizes.push_back(d);
}
}  // namespace

Expected<RunResults> merge_shards(const std::vector<ShardRun>& runs, const MergeRules& rules) {
  if (runs.empty()) return fail("no run directory to merge");
  for (const ShardRun& r : runs) {
    if (auto ok = check_one(r); !ok) return fail(ok.error());
    if (auto ok = check_same_plan(runs.front(), r); !ok) return fail(ok.error());
  }
  if (auto ok = check_coverage(runs, rules); !ok) return fail(ok.error());
  if (auto ok = check_hosts(runs, rules); !ok) return fail(ok.error());
  std::vector<const ShardRun*> by_shard;
  for (const ShardRun& r : runs) by_shard.push_back(&r);
  std::sort(by_shard.begin(), by_shard.end(), [](const ShardRun* a, const ShardRun* b) {
    return a->results.info.shard.index < b->results.info.shard.index;
  });
  RunResults merged;
  merged.info = by_shard.front()->results.info;
  merged.info.shard.index = 0;
  for (const ShardRun* r : by_shard) {
    const RunInfo& i = r->results.info;
    merged.info.hosts.push_back({i.shard.index, i.run_id, measured_machine(i)});
    merged.info.started_at = std::min(merged.info.started_at, i.started_at);
  }
  if (auto ok = add_cells(by_shard, merged); !ok) return fail(ok.error());
  add_data_sizes(by_shard, merged);
  return merged;
}

}  // namespace versus::results
