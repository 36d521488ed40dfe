#include "util/cpu_speed.h"

#include <time.h>

#include <algorithm>

namespace versus {
namespace {
volatile std::uint64_t chain_sink = 0;  // keeps the result: the chain cannot be optimized away
constexpr std::uint64_t kBatch = 4096;  // rounds between clock reads (about 10 us: reads < 1%)
}  // namespace

std::uint64_t alu_chain(std::uint64_t x, std::uint64_t rounds) {
  for (std::uint64_t i = 0; i < rounds; ++i) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x ^= x >> 31;
  }
  return x;
}

double thread_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double alu_rate_in_cpu_time(std::chrono::microseconds budget) {
  const double want = static_cast<double>(std::max<std::int64_t>(budget.count(), 1000)) * 1e-6;
  std::uint64_t state = 1, rounds = 0;
  const double start = thread_cpu_seconds();
  double used = 0;
  while (used < want) {
    state = alu_chain(state, kBatch);
    rounds += kBatch;
    used = thread_cpu_seconds() - start;
  }
  chain_sink = state;
  return static_cast<double>(rounds) / used / 1e6;
}

}  // namespace versus
