#include "results/evidence/interference.h"

#include <algorithm>

namespace versus::results {

double Interference::share() const {
  return capacity_s > 0 ? (std::max(0.0, other_cpu_s) + steal_s) / capacity_s : 0;
}

std::optional<Interference> interference_of(const measured::UsageRecord& u) {
  const double interval = u.cpu_interval();
  if (!u.measured || interval <= 0 || u.host_cpus <= 0) return std::nullopt;
  const double client = u.client_on_host ? u.client_cpu_s() : 0;
  return Interference{u.host_busy_s - u.server_cpu_s() - client, u.steal_s, interval * u.host_cpus};
}

bool disturbed(const CellRecord& cell, double limit_pct) {
  if (cell.status != CellStatus::ok) return false;
  const auto i = interference_of(cell.usage);
  return i && i->share() * 100 > limit_pct;
}

}  // namespace versus::results
