#include "config/plan/shards.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <sstream>

#include "util/whole_file.h"

namespace versus::config {

Expected<ShardSpec> parse_shard(std::string_view text, std::string_view flag) {
  const auto bad = [&] {
    return fail(
        fmt::format("{} {}: expected I/N, the shard I of N (1 <= I <= N), as 2/3", flag, text));
  };
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return bad();
  ShardSpec s;
  const auto* first = text.data();
  const auto* mid = first + slash;
  const auto* last = first + text.size();
  auto a = std::from_chars(first, mid, s.index);
  auto b = std::from_chars(mid + 1, last, s.count);
  if (a.ec != std::errc() || a.ptr != mid || b.ec != std::errc() || b.ptr != last) return bad();
  if (s.count < 1 || s.index < 1 || s.index > s.count) return bad();
  return s;
}

GroupKey group_of(const Plan& plan, const Cell& c) {
  if (plan.lifecycle == Lifecycle::round) return {c.engine, c.size, 0, 0};
  return {c.engine, c.size, c.workload, c.threads};
}

namespace {
// Every group of the plan with its cells (canonical order).
std::map<GroupKey, std::vector<Cell>> groups_of(const Plan& plan) {
  std::map<GroupKey, std::vector<Cell>> groups;
  for (const Cell& c : expand_cells(plan)) groups[group_of(plan, c)].push_back(c);
  return groups;
}

// Seconds group `g` adds to a shard that already prepares the instances of `have`: its cells,
// and every column's instance at its (engine, size) if the shard has none there yet.
double added_seconds(const Plan& plan, const std::set<std::pair<std::size_t, std::size_t>>& have,
                     const GroupKey& g, double cells_s) {
  if (have.count({g.engine, g.size})) return cells_s;
  const double columns = static_cast<double>(plan.servers.size() * plan.profiles.size());
  return cells_s + columns * instance_seconds(plan, g.size);
}
}  // namespace

Expected<std::vector<Shard>> assign_shards(const Plan& plan, int count, std::string_view flag) {
  const auto groups = groups_of(plan);
  if (count < 1) return fail(fmt::format("{} {}: expected at least 1", flag, count));
  if (groups.size() < static_cast<std::size_t>(count))
    return fail(fmt::format(
        "{} {}: the plan has {} comparison group(s) (rows of its tables: engine, table size, "
        "workload, threads) and a shard holds whole groups; at most {} shard(s)",
        flag, count, groups.size(), groups.size()));
  std::vector<std::pair<GroupKey, double>> order;  // longest first; ties in canonical order
  for (const auto& [key, cells] : groups) {
    double s = 0;
    for (const Cell& c : cells) s += cell_seconds(plan, c);
    order.emplace_back(key, s);
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<double> load(static_cast<std::size_t>(count), 0);
  std::vector<std::set<std::pair<std::size_t, std::size_t>>> have(load.size());
  std::vector<std::vector<GroupKey>> taken(load.size());
  for (const auto& [key, cells_s] : order) {
    std::size_t best = 0;  // the shard that would end soonest; the lowest index on a tie
    for (std::size_t i = 1; i < load.size(); ++i)
      if (load[i] + added_seconds(plan, have[i], key, cells_s) <
          load[best] + added_seconds(plan, have[best], key, cells_s))
        best = i;
    load[best] += added_seconds(plan, have[best], key, cells_s);
    have[best].insert({key.engine, key.size});
    taken[best].push_back(key);
  }
  std::vector<Shard> shards(load.size());
  for (std::size_t i = 0; i < shards.size(); ++i) {
    std::sort(taken[i].begin(), taken[i].end());
    shards[i].groups = taken[i];
    for (const GroupKey& g : taken[i])
      for (const Cell& c : groups.at(g)) shards[i].cells.push_back(c);
    shards[i].time = estimate_time(plan, shards[i].cells);
  }
  return shards;
}

bool in_shard(const Plan& plan, const std::vector<Shard>& shards, const ShardSpec& spec,
              const Cell& cell) {
  if (!spec.sharded()) return true;
  const auto& groups = shards.at(static_cast<std::size_t>(spec.index - 1)).groups;
  return std::binary_search(groups.begin(), groups.end(), group_of(plan, cell));
}

Expected<std::string> plan_id(const Plan& plan) {
  auto source = read_whole_file(plan.source);
  if (!source) return fail(plan.source.string() + ": cannot read");
  std::ostringstream text;
  text << *source << '\0' << overrides_text(plan.overrides);
  std::uint64_t h = 14695981039346656037ULL;  // FNV-1a 64
  for (unsigned char ch : text.str()) h = (h ^ ch) * 1099511628211ULL;
  return fmt::format("{:016x}", h);
}

}  // namespace versus::config
