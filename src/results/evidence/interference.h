#pragma once
// Interference: what other work on the machine took from a cell over its snapshot interval,
// from the cell's usage record (usage_record.h): the CPU every process but the server's tree
// and versus ran, and what the hypervisor stole. Pure.
#include <optional>

#include "results/record/record.h"

namespace versus::results {

// The default of the matrix key interference_limit, in percent of the machine's CPU time:
// in idle quickstart runs other processes took 1-4% of it; the cells that sat 15-25% low
// beside other work had 30-39% taken. 10% sits above the first and well below the second.
inline constexpr double kDefaultInterferenceLimitPct = 10;

struct Interference {
  // host busy - server tree - versus, CPU seconds. Near 0 on an idle machine; /proc's 10 ms
  // ticks (per process of the tree, per CPU of the host) put it a few hundredths either side.
  // Under steal it may be low by up to steal_s: a vCPU woken from idle that waits for the
  // hypervisor is counted idle by the guest and stolen by the host, so host busy (length x
  // CPUs - idle - iowait - steal) misses that wait (a CI cell with 1.41 of 6.09 CPU-s stolen
  // had -0.34). The true figure lies in [other_cpu_s, other_cpu_s + steal_s].
  double other_cpu_s = 0;
  double steal_s = 0;     // stolen by the hypervisor
  double capacity_s = 0;  // the CPU figures' interval (cpu_interval_s, else interval_s) x CPUs
  // The share of the machine others took: (other, at least 0, + steal) / capacity.
  double share() const;
};

// None when the usage was not measured or was written before the snapshot interval was
// recorded (its host busy figure was then the busy ticks, which under-count: proc_usage.h).
std::optional<Interference> interference_of(const measured::UsageRecord& usage);

// An ok cell while other work took more than `limit_pct` percent of the machine.
bool disturbed(const CellRecord& cell, double limit_pct);

}  // namespace versus::results
