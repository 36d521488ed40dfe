#include "results/evidence/odd_rounds.h"

#include <algorithm>
#include <cmath>

#include "results/evidence/efficiency.h"
#include "results/evidence/interference.h"

namespace versus::results {

namespace {
double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::optional<double> status_per_transaction(const CellRecord& c, const char* name) {
  const auto it = c.usage.status.find(name);
  const double n = evidence_transactions(c);
  if (it == c.usage.status.end() || !(n > 0)) return std::nullopt;
  return static_cast<double>(it->second) / n;
}

std::optional<double> history_growth(const CellRecord& c) {
  if (const auto it = c.usage.status.find("Innodb_history_list_length");
      it != c.usage.status.end())
    return static_cast<double>(it->second);
  if (const auto it = c.usage.innodb_metrics.find("trx_rseg_history_len");
      it != c.usage.innodb_metrics.end())
    return static_cast<double>(it->second);
  return std::nullopt;
}

// The median over `others` of one fact, none when none of them has it.
std::optional<double> typical(const std::vector<const RoundFacts*>& others,
                              std::optional<double> RoundFacts::*fact) {
  std::vector<double> values;
  for (const RoundFacts* r : others)
    if (r->*fact) values.push_back(*(r->*fact));
  if (values.empty()) return std::nullopt;
  return median_of(values);
}

RoundFacts typical_of(const std::vector<const RoundFacts*>& others) {
  RoundFacts t;
  t.round = -1;
  std::vector<double> tps;
  for (const RoundFacts* r : others) tps.push_back(r->tps);
  t.tps = tps.empty() ? 0 : median_of(tps);
  for (auto fact : {&RoundFacts::host_speed, &RoundFacts::others_share,
                    &RoundFacts::server_cpu_us, &RoundFacts::flushed, &RoundFacts::history_growth})
    t.*fact = typical(others, fact);
  return t;
}
}  // namespace

RoundFacts round_facts(const CellRecord& c) {
  RoundFacts f;
  f.round = c.repeat;
  f.tps = c.tps;
  if (c.usage.host_speed > 0)
    f.host_speed = c.usage.host_speed;
  else if (c.cpu_probe > 0)
    f.host_speed = c.cpu_probe;
  if (auto i = interference_of(c.usage)) f.others_share = i->share();
  if (auto e = efficiency_of(c)) f.server_cpu_us = e->server_cpu_us;
  f.flushed = status_per_transaction(c, "Innodb_buffer_pool_pages_flushed");
  f.history_growth = history_growth(c);
  return f;
}

std::vector<OddRound> odd_rounds(const std::vector<RoundFacts>& runs) {
  std::vector<OddRound> out;
  if (runs.size() < 3) return out;
  std::vector<double> tps, deviations;
  for (const RoundFacts& r : runs) tps.push_back(r.tps);
  const double median = median_of(tps);
  if (!(median > 0)) return out;
  for (double x : tps) deviations.push_back(std::fabs(x - median));
  const double spread = kOddMads * 1.4826 * median_of(deviations);
  for (const RoundFacts& r : runs) {
    const double off = std::fabs(r.tps - median);
    if (off <= kOddShare * median || off <= spread) continue;
    std::vector<const RoundFacts*> others;
    for (const RoundFacts& o : runs)
      if (&o != &r) others.push_back(&o);
    out.push_back({r, typical_of(others)});
  }
  return out;
}

}  // namespace versus::results
