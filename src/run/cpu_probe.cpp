#include "run/cpu_probe.h"

#include <algorithm>
#include <cstdint>

namespace versus::run {
namespace {

volatile std::uint64_t probe_sink = 0;     // keeps the result: the loop cannot be optimized away
constexpr std::uint64_t kBatch = 1 << 16;  // iterations between clock reads: clock cost < 0.1%

// kBatch rounds of a 64-bit multiply-xorshift hash (splitmix64's finalizer): pure ALU work
// with a serial dependency, so neither the compiler nor the CPU can skip or batch it.
std::uint64_t hash_batch(std::uint64_t x) {
  for (std::uint64_t i = 0; i < kBatch; ++i) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x ^= x >> 31;
  }
  return x;
}

}  // namespace

double probe_cpu_speed(std::chrono::milliseconds interval) {
  using Clock = std::chrono::steady_clock;
  const auto length = std::max(interval, std::chrono::milliseconds(1));
  std::uint64_t state = 1;
  std::uint64_t iterations = 0;
  const Clock::time_point start = Clock::now();
  Clock::time_point now = start;
  while (now - start < length) {
    state = hash_batch(state);
    iterations += kBatch;
    now = Clock::now();
  }
  probe_sink = state;
  const double seconds = std::chrono::duration<double>(now - start).count();
  return static_cast<double>(iterations) / seconds / 1e6;
}

}  // namespace versus::run
