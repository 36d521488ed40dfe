#include "config/reading/matrix_shape.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>

#include "config/options/duration.h"
#include "sysbench/family_traits.h"
#include "sysbench/workload.h"

namespace versus::config {
namespace {

template <class T>
std::string joined(const std::vector<T>& values) {
  return fmt::format("{}", fmt::join(values, ", "));
}

std::vector<std::string> server_names(const Plan& p) {
  std::vector<std::string> out;
  for (const auto& s : p.servers) out.push_back(s.name);
  return out;
}

std::vector<std::string> profile_names(const Plan& p) {
  std::vector<std::string> out;
  for (const auto& s : p.profiles) out.push_back(s.name);
  return out;
}

std::vector<std::string> workload_list(const Plan& p) {
  std::vector<std::string> out;
  for (std::size_t w = 0; w < p.workloads.size(); ++w) out.push_back(workload_label(p, w));
  return out;
}

template <class T>
void check_axis(const std::optional<T>& value, const std::vector<T>& plan_values, const char* axis,
                const std::string& path, int line, Problems& problems) {
  if (!value || std::find(plan_values.begin(), plan_values.end(), *value) != plan_values.end())
    return;
  problems.add(line, path,
               fmt::format("matches no cell: {} {} is not one of the plan's ({})", axis, *value,
                           joined(plan_values)));
}

void check_selector(const Plan& p, const CellSelector& s, const std::string& path,
                    Problems& problems) {
  check_axis(s.server, server_names(p), "server", path, s.line, problems);
  check_axis(s.profile, profile_names(p), "profile", path, s.line, problems);
  check_axis(s.engine, p.engines, "engine", path, s.line, problems);
  check_axis(s.workload, workload_list(p), "workload", path, s.line, problems);
  check_axis(s.threads, p.threads, "threads", path, s.line, problems);
  check_axis(s.table_size, p.table_sizes, "table_size", path, s.line, problems);
}

std::string cell_text(const Plan& p, const Cell& c) {
  return fmt::format("{}/{}/{}/{}, {} thread{}, {} rows", p.servers[c.server].name,
                     p.profiles[c.profile].name, p.engines[c.engine], workload_label(p, c.workload),
                     c.threads, c.threads == 1 ? "" : "s", p.table_sizes[c.size]);
}

// One run length key of the include[] entries: its name, and its value in an entry as text
// ("" when the entry does not set it).
struct RunKey {
  const char* name;
  std::string (*value)(const RunLengthOverride&);
};

const RunKey kRunKeys[] = {
    {"duration",
     [](const RunLengthOverride& o) { return o.duration ? format_duration(*o.duration) : ""; }},
    {"max_requests",
     [](const RunLengthOverride& o) {
       return o.max_requests ? std::to_string(*o.max_requests) : "";
     }},
    {"warmup",
     [](const RunLengthOverride& o) { return o.warmup ? format_duration(*o.warmup) : ""; }},
};

// Each conflicting pair (first, second entry) and key once, at the first cell it shows in.
void check_conflicts(const Plan& p, Problems& problems) {
  std::set<std::tuple<std::size_t, std::size_t, const char*>> seen;
  for (const Cell& c : expand_cells(p)) {
    if (c.repeat > 0) continue;
    for (const RunKey& key : kRunKeys) {
      std::optional<std::size_t> first;
      for (std::size_t i = 0; i < p.includes.size(); ++i) {
        const std::string v = key.value(p.includes[i]);
        if (v.empty() || !selects(p, p.includes[i].select, c)) continue;
        if (!first) {
          first = i;
        } else if (v != key.value(p.includes[*first]) && seen.emplace(*first, i, key.name).second) {
          problems.add(p.includes[i].select.line, fmt::format("include[{}]", i),
                       fmt::format("sets {} {} for cell {}, but include[{}] (line {}) sets {}",
                                   key.name, v, cell_text(p, c), *first,
                                   p.includes[*first].select.line, key.value(p.includes[*first])));
        }
      }
    }
  }
}

}  // namespace

void check_matrix_shape(const Plan& p, Problems& problems) {
  for (std::size_t i = 0; i < p.excludes.size(); ++i)
    check_selector(p, p.excludes[i], fmt::format("exclude[{}]", i), problems);
  for (std::size_t i = 0; i < p.includes.size(); ++i)
    check_selector(p, p.includes[i].select, fmt::format("include[{}]", i), problems);
  if (!problems.empty()) return;
  if (!p.excludes.empty() && expand_cells(p).empty())
    problems.add(p.excludes.front().line, "exclude", "leaves no cell to run");
  check_conflicts(p, problems);
}

void check_lifecycle(const Plan& p, const LifecycleKeys& keys, Problems& problems) {
  if (p.lifecycle == Lifecycle::round && p.auto_repeats)
    problems.add(keys.lifecycle_line, "lifecycle",
                 "round runs every cell of an instance's round on one server, each after the "
                 "ones before, but repeats: auto leaves the decided rows out of later rounds; use "
                 "a fixed repeats count or lifecycle: cell");
  if (p.lifecycle != Lifecycle::server) return;
  if (p.auto_repeats)
    problems.add(keys.lifecycle_line, "lifecycle",
                 "server runs each server's cells back to back, but repeats: auto needs rounds "
                 "interleaved across servers; use lifecycle: cell or a fixed repeats count");
  if (keys.estimate_given && p.estimate == "paired")
    problems.add(keys.estimate_line, "estimate",
                 "paired needs rounds interleaved across servers, but lifecycle: server runs "
                 "each server's cells back to back; use estimate: independent or lifecycle: "
                 "cell");
}

void check_explain(const Plan& p, const ExplainLines& lines, Problems& problems) {
  if (!p.explain_settings) {
    if (lines.budget > 0)
      problems.add(lines.budget, "explain_budget",
                   "caps the second runs of explain: settings, but explain is none; set explain: "
                   "settings or leave it out");
    return;
  }
  const auto add = [&](const std::string& why) {
    problems.add(lines.explain, "explain", (p.explain_variables ? "variables " : "settings ") + why);
  };
  if (p.servers.size() < 2)
    add("splits a column's gap to the baseline column (servers[0]), but there is one server; "
        "add the release to compare with");
  if (p.lifecycle == Lifecycle::server)
    add("needs rounds that pair the variants with the column, but lifecycle: server runs each "
        "server's cells back to back; use lifecycle: cell or round");
  for (const ServerSpec& s : p.servers)
    if (!s.host.empty()) {
      add("runs its variants on this machine, but server " + s.name + " runs on host " + s.host +
          "; not supported yet");
      break;
    }
}

void check_families(const Plan& p, int workloads_line, const KeyLine& line_of,
                    Problems& problems) {
  for (const sysbench::FamilyTraits* family : sysbench::family_traits()) {
    const auto count = std::count_if(p.workloads.begin(), p.workloads.end(), family->runs);
    if (count == 0) {
      for (std::string_view key : family->own_keys)
        if (const int line = key.empty() ? 0 : line_of(key); line > 0)
          problems.add(line, std::string(key), std::string(family->keys_without_it));
    } else if (static_cast<std::size_t>(count) != p.workloads.size() &&
               !family->runs_alone.empty()) {
      problems.add(workloads_line, "workloads", std::string(family->runs_alone));
    }
  }
}

void check_read_passes(const Plan& p, const ReadPassLines& lines, Problems& problems) {
  if (lines.after > 0 && !p.suite)
    problems.add(lines.after, "reads_after_writes",
                 "says whether a suite's read tests run again after its writes; add suite: "
                 "microbenchmarks or leave it out");
  if (lines.before > 0 && !p.suite)
    problems.add(lines.before, "reads_before_writes",
                 "says whether a suite's read tests run before its writes; add suite: "
                 "microbenchmarks or leave it out");
  if (p.suite && !p.reads_before_writes && !p.reads_after_writes)
    problems.add(lines.before, "reads_before_writes",
                 "false with reads_after_writes: false leaves the suite no read test; measure "
                 "the reads before or after the writes (the published run: after)");
}

void check_suite_durations(const Plan& p, const SuiteDurationLines& lines, Problems& problems) {
  if (!p.suite) {
    for (auto [line, key] : {std::pair<int, const char*>{lines.read, "read_duration"},
                             std::pair<int, const char*>{lines.write, "write_duration"},
                             std::pair<int, const char*>{lines.insert, "insert_duration"}})
      if (line > 0)
        problems.add(line, key,
                     "sets the measured interval of a suite's tests; add suite: microbenchmarks "
                     "or use duration");
  }
  if (lines.warm > 0 && (!p.suite || p.lifecycle != Lifecycle::round))
    problems.add(lines.warm, "warm_duration",
                 "sets the suite's warm-up passes, which run on a round's server; add suite: "
                 "microbenchmarks and lifecycle: round or leave it out");
}

void check_inlist_sizes(const Plan& p, int line, Problems& problems) {
  if (p.inlist_sizes.size() < 2) return;
  std::vector<std::string> others;
  for (int size : p.inlist_sizes)
    if (sysbench::random_points_of_size(size) == sysbench::Workload::random_points)
      others.push_back(std::to_string(size));
  if (others.size() < 2) return;
  problems.add(line, "inlist_size",
               fmt::format("expected at most one size other than 10 and 1000 in a list (each "
                           "size is a test of its own name: 10 runs as random_points_10, 1000 "
                           "as random_points_1000, any other as random_points), got {}",
                           fmt::join(others, ", ")));
}

void check_stall_keys(const Plan& p, int line, Problems& problems) {
  if (p.stall_limit < p.stall_timeout) return;
  problems.add(line, "stall_limit",
               fmt::format("{} ms is not below stall_timeout ({} ms): expected a shorter stall_limit "
                           "(the shortest stall recorded) or a longer stall_timeout (the "
                           "longest one tolerated)",
                           p.stall_limit.count(), p.stall_timeout.count()));
}

}  // namespace versus::config
