#include "report/console/plan_writer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "config/plan/plan_time.h"
#include "results/evidence/settings_list.h"
#include "sysbench/family_traits.h"

namespace versus::report {

std::string seconds_text(double s) {
  auto whole = static_cast<long long>(std::llround(s));
  if (whole < 120) return fmt::format("{} s", whole);
  return fmt::format("{} min {:02} s", whole / 60, whole % 60);
}

namespace {
// The line a lifecycle other than cell gets above the cells; "" for cell.
std::string lifecycle_text(const config::Plan& p) {
  if (p.lifecycle == config::Lifecycle::server)
    return "lifecycle: server (one server per server/profile, started once; its instances "
           "loaded one after the other, their cells back to back)\n";
  if (p.lifecycle != config::Lifecycle::round) return "";
  std::string text =
      "lifecycle: round (each round, one server per instance from its snapshot, its cells back "
      "to back in this order";
  if (p.suite && p.warm_duration.count() > 0)
    text += fmt::format("; the warm-up passes point_query.warm, scan.warmpre, scan.warm and "
                        "points_covered_si.warm, {} s each, unmeasured",
                        std::chrono::duration<double>(p.warm_duration).count());
  if (p.suite) text += "; the postwrite step after the writes";
  return text + ")\n";
}


std::string sizes_text(const config::Plan& p) {
  return fmt::format("{}", fmt::join(p.table_sizes, ", "));
}

// How a tpcc plan's cells run: where their homes are drawn, the deck, the conditions checked.
std::string tpcc_text(const sysbench::TpccOptions& t) {
  using sysbench::TpccChecks, sysbench::TpccHome, sysbench::TpccMix;
  return fmt::format(
      "{}; {}; {}",
      t.home == TpccHome::per_connection
          ? "each connection keeps one home warehouse (tpcc_home: per_connection): a cell "
            "works min(connections, warehouses) of them"
          : "each transaction draws its home warehouse (tpcc_home: per_transaction): every "
            "cell works all of them",
      t.mix == TpccMix::hammerdb
          ? "HammerDB's deck, 10/23 New-Order (tpcc_mix: hammerdb)"
          : "the standard deck, 45% New-Order (tpcc_mix: standard)",
      t.checks == TpccChecks::cheap
          ? "consistency conditions 1-3, 8, 9 checked after each cell (tpcc_checks: cheap)"
          : "consistency conditions 1-10 checked after each cell (tpcc_checks: all)");
}

// "1 table(s) x 10000 rows", or for a family sized in its own unit (sysbench/family_traits.h)
// its sizes and how its cells run: TPC-C's warehouses and options, the plan's only family
// options.
std::string data_text(const config::Plan& p) {
  const sysbench::FamilyTraits* family = sysbench::sizing_family(p.workloads);
  // A plan of workloads that each load their own data (replays): no numbered tables.
  const bool own_data_only =
      !p.workloads.empty() && std::all_of(p.workloads.begin(), p.workloads.end(), [](auto w) {
        return !sysbench::traits_of(w).own_data.empty();
      });
  if (own_data_only) return std::string(sysbench::traits_of(p.workloads.front()).own_data);
  if (!family) return fmt::format("{} table(s) x {} rows", p.tables, sizes_text(p));
  return fmt::format("{} at {} {}(s); {}", family->name, sizes_text(p), family->size.one,
                     tpcc_text(p.tpcc));
}

std::string limit_text(const config::Plan& p) {
  std::string t = p.warmup_steady
                      ? fmt::format("warmup until steady, at most {} s",
                                    std::chrono::duration<double>(p.warmup_max).count())
                      : fmt::format("warmup {} s", std::chrono::duration<double>(p.warmup).count());
  if (p.prewarm) t = "prewarm, " + t;
  auto seconds = [](std::chrono::milliseconds d) { return std::chrono::duration<double>(d).count(); };
  if (p.duration.count() > 0) t += fmt::format(", duration {} s", seconds(p.duration));
  if (p.suite && p.read_duration.count() > 0)
    t += fmt::format(", the suite's reads {} s", seconds(p.read_duration));
  if (p.suite && p.write_duration.count() > 0)
    t += fmt::format(", its writes {} s", seconds(p.write_duration));
  if (p.max_requests > 0) t += fmt::format(", at most {} transactions", p.max_requests);
  return t;
}
// "3 repeats", or "at most 10 rounds (repeats: auto, time budget 20 min 00 s)".
std::string repeats_text(const config::Plan& p) {
  if (!p.auto_repeats) return fmt::format("{} repeats", p.repeats);
  const double budget = std::chrono::duration<double>(p.time_budget).count();
  return fmt::format("at most {} rounds (repeats: auto{})", p.max_repeats,
                     budget > 0 ? ", time budget " + seconds_text(budget) : std::string());
}
}  // namespace

namespace {
// What explain: settings adds after the run, and its time.
std::string explain_text(const config::Plan& p) {
  const std::size_t groups = results::settings_group_count();
  const std::size_t columns = p.servers.size() - 1;
  const double one = config::explain_column_seconds(p, 1);
  const double most = config::explain_column_seconds(p, groups);
  const double budget = std::chrono::duration<double>(p.explain_budget).count();
  std::string text = fmt::format(
      "explain: settings: then, for each of the {} column{} whose gap to {} is decided in a row, "
      "a second run of the matrix under profile {}: {}, the column, one variant per settings "
      "group that differs (at most {}) and one with every group alike, {} rounds: {} to {} a "
      "column, at most {} for all, every variant loading its own tables (one that changes only "
      "server options is a copy of the column's instance, restarted: less)",
      columns, columns == 1 ? "" : "s", p.servers[0].name, p.profiles[0].name, p.servers[0].name,
      groups, config::why_rounds(p), seconds_text(one), seconds_text(most),
      seconds_text(most * static_cast<double>(columns)));
  if (budget > 0)
    text += fmt::format("; explain_budget {} caps them (the widest gaps first, then the groups "
                        "of the largest expected effect)",
                        seconds_text(budget));
  return text + "\n";
}
}  // namespace

PlanEstimate estimate_wall_time(const config::Plan& p) {
  return config::estimate_time(p, config::expand_cells(p));
}

void write_plan(std::ostream& out, const config::Plan& p, const std::vector<config::Cell>& order) {
  out << fmt::format(
      "plan {}: {} cells ({} servers x {} profiles x {} engines x {} workloads x "
      "{} thread counts x {})\n",
      p.source.string(), order.size(), p.servers.size(), p.profiles.size(), p.engines.size(),
      p.workloads.size(), p.threads.size(), repeats_text(p));
  out << fmt::format("data: {}; {}{}\n", data_text(p), limit_text(p),
                     p.includes.empty() ? "" : " (include[] entries change some cells')");
  out << lifecycle_text(p) << "\n";
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto& c = order[i];
    out << fmt::format(
        "{:>4}  {} / {} / {}  {} t={} r{}{}\n", i + 1, p.servers[c.server].name,
        p.profiles[c.profile].name, p.engines[c.engine],
        config::workload_label(p, c.workload), c.threads, c.repeat + 1,
        p.table_sizes.size() > 1 ? fmt::format(" rows={}", p.table_sizes[c.size]) : "");
  }
  auto e = estimate_wall_time(p);
  const char* bound = p.auto_repeats ? "at most " : "";  // rounds stop when decided
  out << fmt::format("\nestimated wall time: {}{}{} (preparing instances {}, cells {})\n", bound,
                     e.lower_bound ? "at least " : "", seconds_text(e.prepare_s + e.cells_s),
                     seconds_text(e.prepare_s), seconds_text(e.cells_s));
  if (p.explain_settings) out << explain_text(p);
}

namespace {
// "innodb, 10000 rows, oltp_read_only: 1, 4, 16 threads" per (engine, size, workload).
std::vector<std::string> group_lines(const config::Plan& p,
                                     const std::vector<config::GroupKey>& groups) {
  std::vector<std::string> lines;
  std::vector<int> threads;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const auto& g = groups[i];
    threads.push_back(g.threads);
    const bool last = i + 1 == groups.size() || groups[i + 1].engine != g.engine ||
                      groups[i + 1].size != g.size || groups[i + 1].workload != g.workload;
    if (!last) continue;
    lines.push_back(
        fmt::format("{}, {} rows, {}: {} threads", p.engines[g.engine], p.table_sizes[g.size],
                    config::workload_label(p, g.workload), fmt::join(threads, ", ")));
    threads.clear();
  }
  return lines;
}
}  // namespace

void write_shards(std::ostream& out, const config::Plan& p,
                  const std::vector<config::Shard>& shards, const ShardsHeader& h) {
  out << fmt::format(
      "\n{} shards of plan {}, seed {} (every shard's; an unsharded run draws the same ids with "
      "--seed {}); each holds whole rows, every column and repeat of them:\n",
      shards.size(), h.plan_id, h.seed, h.seed);
  for (std::size_t i = 0; i < shards.size(); ++i) {
    const auto& s = shards[i];
    out << fmt::format("shard {}/{}: {} rows, {} cells, estimated {}{} (preparing {}, cells {})\n",
                       i + 1, shards.size(), s.groups.size(), s.cells.size(),
                       s.time.lower_bound ? "at least " : "", seconds_text(s.time.total_s()),
                       seconds_text(s.time.prepare_s), seconds_text(s.time.cells_s));
    for (const auto& line : group_lines(p, s.groups)) out << "  " << line << '\n';
  }
}

}  // namespace versus::report
