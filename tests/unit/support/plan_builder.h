// Builds a config::Plan of a given shape (servers, profiles, engines, workloads default-made).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "config/plan/plan.h"

namespace versus::testing {

inline config::Plan plan_of(std::size_t servers, std::size_t profiles, std::size_t engines,
                            std::size_t workloads, std::vector<int> threads, int repeats) {
  config::Plan plan;
  plan.servers.resize(servers);
  plan.profiles.resize(profiles);
  plan.engines.resize(engines);
  plan.workloads.resize(workloads);
  plan.threads = std::move(threads);
  plan.repeats = repeats;
  return plan;
}

}  // namespace versus::testing
