#include "config/plan/plan_time.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "sysbench/suite.h"

namespace versus::config {
namespace {
constexpr double kInitS = 1, kStartS = 2, kStopS = 2, kRowsPerS = 80000;

bool shared(const Plan& p) {
  return p.lifecycle == Lifecycle::server;
}
// Whether a cell runs on a server started before it (its start and stop not its own).
bool on_live_server(const Plan& p) {
  return p.lifecycle != Lifecycle::cell;
}
}  // namespace

double cell_seconds(const Plan& p, const Cell& c) {
  const RunLength length = run_length(p, c);
  const auto warmup = p.warmup_steady ? p.warmup_max : length.warmup;  // the most it takes
  return (on_live_server(p) ? 0 : kStartS + kStopS) +
         std::chrono::duration<double>(warmup + length.duration).count();
}

double instance_seconds(const Plan& p, std::size_t size_index) {
  // lifecycle: server starts and stops a server per (server, profile), not per instance.
  const double restart = shared(p) ? 0 : kInitS + kStartS + kStopS;
  const double rows =
      static_cast<double>(p.tables) * static_cast<double>(p.table_sizes.at(size_index));
  return restart + rows / kRowsPerS / std::min(p.tables, 2);
}

namespace {
// lifecycle: cell: the suite's writes run once more per instance before the reads' second
// pass (run/after_writes.h), with a start and a stop; 0 without second-pass cells.
double writes_before_reads_seconds(const Plan& p, const Cell& like) {
  if (p.lifecycle != Lifecycle::cell) return 0;
  double s = kStartS + kStopS;
  for (std::size_t w = 0; w < p.workloads.size(); ++w) {
    if (!writes_before_second_pass(p, w)) continue;
    Cell c = like;
    c.workload = w;
    const RunLength length = run_length(p, c);
    s += std::chrono::duration<double>(length.warmup + length.duration).count();
  }
  return s;
}

// lifecycle: round: each (round, instance) of `cells` starts and stops its server once, and
// with a suite runs its warm-up passes (at most four: run/round_steps.h) there.
double round_servers_seconds(const Plan& p, const std::vector<Cell>& cells) {
  if (p.lifecycle != Lifecycle::round) return 0;
  std::set<std::tuple<int, std::size_t, std::size_t, std::size_t, std::size_t>> servers;
  for (const Cell& c : cells) servers.insert({c.repeat, c.server, c.profile, c.engine, c.size});
  const double warm = p.suite ? 4 * std::chrono::duration<double>(p.warm_duration).count() : 0;
  return static_cast<double>(servers.size()) * (kStartS + kStopS + warm);
}
}  // namespace

TimeEstimate estimate_time(const Plan& p, const std::vector<Cell>& cells) {
  TimeEstimate e;
  std::set<std::tuple<std::size_t, std::size_t, std::size_t, std::size_t>> instances;
  std::set<std::pair<std::size_t, std::size_t>> servers;
  for (const Cell& c : cells) {
    // Every column of an (engine, size) the cells touch: a shard holds whole rows.
    for (std::size_t s = 0; s < p.servers.size(); ++s)
      for (std::size_t f = 0; f < p.profiles.size(); ++f) {
        instances.insert({s, f, c.engine, c.size});
        servers.insert({s, f});
      }
    e.cells_s += cell_seconds(p, c);
    e.lower_bound = e.lower_bound || run_length(p, c).duration.count() == 0;
  }
  for (const auto& i : instances)  // a copy of another server's instance: a start and a stop
    e.prepare_s += data_source_of(p, std::get<0>(i)) ? kStartS + kStopS
                                                     : instance_seconds(p, std::get<3>(i));
  const auto second_pass = std::find_if(
      cells.begin(), cells.end(), [&](const Cell& c) { return runs_after_writes(p, c.workload); });
  if (second_pass != cells.end())
    e.prepare_s +=
        static_cast<double>(instances.size()) * writes_before_reads_seconds(p, *second_pass);
  if (shared(p)) e.prepare_s += static_cast<double>(servers.size()) * (kInitS + kStartS + kStopS);
  e.cells_s += round_servers_seconds(p, cells);
  // repeats: auto stops starting rounds at the budget: at most one round past it.
  const double budget = std::chrono::duration<double>(p.time_budget).count();
  if (p.auto_repeats && budget > 0)
    e.cells_s = std::min(e.cells_s, budget + e.cells_s / rounds_of(p));
  return e;
}

int why_rounds(const Plan& p) {
  return p.auto_repeats ? 5 : std::max(p.repeats, 5);
}

double explain_column_seconds(const Plan& p, std::size_t groups, std::size_t own_loads) {
  Plan why = p;
  why.servers.assign(groups + 3, p.servers.at(0));
  for (std::size_t s = 0; s < why.servers.size(); ++s) {
    why.servers[s].name = "s" + std::to_string(s);
    // The variants past own_loads are copies of the column's instances (servers[].data_from).
    if (s >= 2 && s - 2 >= own_loads) why.servers[s].data_from = "s1";
  }
  why.profiles = {p.profiles.at(0)};
  why.auto_repeats = false;
  why.repeats = why_rounds(p);
  why.excludes.clear();
  why.includes.clear();
  return estimate_time(why, expand_cells(why)).total_s();
}

}  // namespace versus::config
