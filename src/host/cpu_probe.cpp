#include "host/cpu_probe.h"

#include <algorithm>
#include <cstdint>

#include "util/cpu_speed.h"

namespace versus::host {
namespace {
volatile std::uint64_t probe_sink = 0;     // keeps the result: the loop cannot be optimized away
constexpr std::uint64_t kBatch = 1 << 16;  // iterations between clock reads: clock cost < 0.1%
}  // namespace

double probe_cpu_speed(std::chrono::milliseconds interval) {
  using Clock = std::chrono::steady_clock;
  const auto length = std::max(interval, std::chrono::milliseconds(1));
  std::uint64_t state = 1;
  std::uint64_t iterations = 0;
  const Clock::time_point start = Clock::now();
  Clock::time_point now = start;
  while (now - start < length) {
    state = alu_chain(state, kBatch);
    iterations += kBatch;
    now = Clock::now();
  }
  probe_sink = state;
  const double seconds = std::chrono::duration<double>(now - start).count();
  return static_cast<double>(iterations) / seconds / 1e6;
}

}  // namespace versus::host
