#pragma once
// The core's speed: a fixed ALU chain (splitmix64's finalizer, each round depending on the
// last, so neither compiler nor CPU can skip or batch it), for the probes before a cell
// (host/cpu_probe.h, timed by the clock) and during it (load/drive/usage_probe.h, timed in the
// probing thread's own CPU time).
#include <chrono>
#include <cstdint>

namespace versus {

// `rounds` rounds of the chain from `state`; the result feeds the next call.
std::uint64_t alu_chain(std::uint64_t state, std::uint64_t rounds);

// This thread's CPU time (CLOCK_THREAD_CPUTIME_ID), seconds.
double thread_cpu_seconds();

// Millions of rounds per second of this thread's own CPU time, over about `budget` of it (at
// least 1 ms). Time the thread spends preempted does not count: what is left is how fast the
// host ran the chain while it ran (frequency, a busy sibling hyperthread, the hypervisor).
double alu_rate_in_cpu_time(std::chrono::microseconds budget);

}  // namespace versus
