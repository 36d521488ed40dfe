#pragma once
// The host's single-thread CPU speed, measured just before a cell: a fixed integer hash loop
// run for a short interval. On a VM whose throughput drifts with neighbours and frequency,
// comparing probes across runs tells host drift apart from a real difference between servers.
#include <chrono>

namespace versus::host {

// Millions of loop iterations per second of one thread over `interval` (at least 1 ms);
// higher is faster. Only comparable between probes of the same versus build and interval.
double probe_cpu_speed(std::chrono::milliseconds interval = std::chrono::milliseconds(200));

}  // namespace versus::host
