#include "config/plan.h"

namespace versus::config {

int rounds_of(const Plan& plan) {
  return plan.auto_repeats ? plan.max_repeats : plan.repeats;
}

std::vector<Cell> expand_cells(const Plan& plan) {
  std::vector<Cell> cells;
  for (std::size_t s = 0; s < plan.servers.size(); ++s)
    for (std::size_t p = 0; p < plan.profiles.size(); ++p)
      for (std::size_t e = 0; e < plan.engines.size(); ++e)
        for (std::size_t w = 0; w < plan.workloads.size(); ++w)
          for (int t : plan.threads)
            for (int r = 0; r < rounds_of(plan); ++r) cells.push_back({s, p, e, w, t, r});
  return cells;
}

}  // namespace versus::config
