#include "report/plan_writer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>

namespace versus::report {
namespace {
constexpr double kInitS = 1, kStartS = 2, kStopS = 2, kRowsPerS = 80000;

std::string seconds_text(double s) {
  auto whole = static_cast<long long>(std::llround(s));
  if (whole < 120) return fmt::format("{} s", whole);
  return fmt::format("{} min {:02} s", whole / 60, whole % 60);
}

std::string sizes_text(const config::Plan& p) {
  return fmt::format("{}", fmt::join(p.table_sizes, ", "));
}

std::string limit_text(const config::Plan& p) {
  std::string t = p.warmup_steady
                      ? fmt::format("warmup until steady, at most {} s",
                                    std::chrono::duration<double>(p.warmup_max).count())
                      : fmt::format("warmup {} s", std::chrono::duration<double>(p.warmup).count());
  if (p.prewarm) t = "prewarm, " + t;
  if (p.duration.count() > 0)
    t += fmt::format(", duration {} s", std::chrono::duration<double>(p.duration).count());
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

PlanEstimate estimate_wall_time(const config::Plan& p) {
  PlanEstimate e;
  // lifecycle: server starts and stops a server per (server, profile), not per instance/cell.
  const bool shared = p.lifecycle == config::Lifecycle::server;
  const double restart = shared ? 0 : kInitS + kStartS + kStopS;
  double columns = static_cast<double>(p.servers.size() * p.profiles.size() * p.engines.size());
  for (std::int64_t size : p.table_sizes) {  // one instance per size and column
    double rows = static_cast<double>(p.tables) * static_cast<double>(size);
    e.prepare_s += columns * (restart + rows / kRowsPerS / std::min(p.tables, 2));
  }
  if (shared)
    e.prepare_s += static_cast<double>(p.servers.size() * p.profiles.size()) *
                   (kInitS + kStartS + kStopS);
  for (const config::Cell& c : config::expand_cells(p)) {
    const config::RunLength length = config::run_length(p, c);
    const auto warmup = p.warmup_steady ? p.warmup_max : length.warmup;  // the most it takes
    e.cells_s += (shared ? 0 : kStartS + kStopS) +
                 std::chrono::duration<double>(warmup + length.duration).count();
    e.lower_bound = e.lower_bound || length.duration.count() == 0;
  }
  // repeats: auto stops starting rounds at the budget: at most one round past it.
  const double budget = std::chrono::duration<double>(p.time_budget).count();
  if (p.auto_repeats && budget > 0)
    e.cells_s = std::min(e.cells_s, budget + e.cells_s / config::rounds_of(p));
  return e;
}

void write_plan(std::ostream& out, const config::Plan& p, const std::vector<config::Cell>& order) {
  out << fmt::format(
      "plan {}: {} cells ({} servers x {} profiles x {} engines x {} workloads x "
      "{} thread counts x {})\n",
      p.source.string(), order.size(), p.servers.size(), p.profiles.size(), p.engines.size(),
      p.workloads.size(), p.threads.size(), repeats_text(p));
  out << fmt::format("data: {} table(s) x {} rows; {}{}\n", p.tables, sizes_text(p),
                     limit_text(p),
                     p.includes.empty() ? "" : " (include[] entries change some cells')");
  out << (p.lifecycle == config::Lifecycle::server
              ? "lifecycle: server (one server per server/profile, started once; its "
                "instances loaded one after the other, their cells back to back)\n\n"
              : "\n");
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto& c = order[i];
    out << fmt::format(
        "{:>4}  {} / {} / {}  {} t={} r{}{}\n", i + 1, p.servers[c.server].name,
        p.profiles[c.profile].name, p.engines[c.engine],
        sysbench::workload_name(p.workloads[c.workload]), c.threads, c.repeat + 1,
        p.table_sizes.size() > 1 ? fmt::format(" rows={}", p.table_sizes[c.size]) : "");
  }
  auto e = estimate_wall_time(p);
  const char* bound = p.auto_repeats ? "at most " : "";  // rounds stop when decided
  out << fmt::format("\nestimated wall time: {}{}{} (preparing instances {}, cells {})\n", bound,
                     e.lower_bound ? "at least " : "", seconds_text(e.prepare_s + e.cells_s),
                     seconds_text(e.prepare_s), seconds_text(e.cells_s));
}

}  // namespace versus::report
