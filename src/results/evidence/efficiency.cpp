#include "results/evidence/efficiency.h"

#include <algorithm>

namespace versus::results {

double evidence_transactions(const CellRecord& cell) {
  return static_cast<double>(cell.usage.transactions ? cell.usage.transactions
                                                     : cell.counters.transactions);
}

std::optional<Efficiency> efficiency_of(const CellRecord& cell) {
  const measured::UsageRecord& u = cell.usage;
  if (!u.measured || cell.counters.transactions == 0) return std::nullopt;
  const double txn = evidence_transactions(cell);
  Efficiency e;
  e.server_cpu_us = u.server_cpu_s() * 1e6 / txn;
  e.client_cpu_us = u.client_cpu_s() * 1e6 / txn;
  e.switches = static_cast<double>(u.voluntary_switches + u.involuntary_switches) / txn;
  e.read_kb = static_cast<double>(u.read_bytes) / 1024 / txn;
  e.write_kb = static_cast<double>(u.write_bytes) / 1024 / txn;
  if (const auto it = u.status.find("Innodb_data_reads"); it != u.status.end())
    e.reads = static_cast<double>(it->second) / txn;
  // Statements per transaction as measured, times the snapshot interval's transactions.
  const double queries = static_cast<double>(cell.counters.queries()) * txn /
                         static_cast<double>(cell.counters.transactions);
  e.server_cpu_us_per_query = queries > 0 ? u.server_cpu_s() * 1e6 / queries : 0;
  if (u.perf.task_clock_s >= 0) e.task_clock_us = u.perf.task_clock_s * 1e6 / txn;
  if (u.perf.cycles >= 0) e.cycles = static_cast<double>(u.perf.cycles) / txn;
  if (u.perf.instructions >= 0) e.instructions = static_cast<double>(u.perf.instructions) / txn;
  e.not_counted = u.perf.unavailable;
  return e;
}

namespace {
// The mean of `field` over runs that all have it; none when any lacks it.
std::optional<double> mean_counted(const std::vector<Efficiency>& runs,
                                   std::optional<double> Efficiency::*field) {
  double sum = 0;
  for (const Efficiency& e : runs) {
    if (!(e.*field)) return std::nullopt;
    sum += *(e.*field);
  }
  return sum / static_cast<double>(runs.size());
}
}  // namespace

std::optional<Efficiency> mean_efficiency(const std::vector<Efficiency>& runs) {
  if (runs.empty()) return std::nullopt;
  Efficiency m;
  for (const Efficiency& e : runs) {
    m.server_cpu_us += e.server_cpu_us;
    m.client_cpu_us += e.client_cpu_us;
    m.switches += e.switches;
    m.read_kb += e.read_kb;
    m.write_kb += e.write_kb;
    m.server_cpu_us_per_query += e.server_cpu_us_per_query;
  }
  const double n = static_cast<double>(runs.size());
  for (double* f : {&m.server_cpu_us, &m.client_cpu_us, &m.switches, &m.read_kb, &m.write_kb,
                    &m.server_cpu_us_per_query})
    *f /= n;
  m.reads = mean_counted(runs, &Efficiency::reads);
  m.task_clock_us = mean_counted(runs, &Efficiency::task_clock_us);
  m.cycles = mean_counted(runs, &Efficiency::cycles);
  m.instructions = mean_counted(runs, &Efficiency::instructions);
  for (const Efficiency& e : runs)
    for (const std::string& why : e.not_counted)
      if (std::find(m.not_counted.begin(), m.not_counted.end(), why) == m.not_counted.end())
        m.not_counted.push_back(why);
  return m;
}

std::optional<double> cost_ratio(double value, double baseline) {
  if (baseline == 0) return std::nullopt;
  return value / baseline;
}

}  // namespace versus::results
