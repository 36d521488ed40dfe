// The host's speed, second by second, for bench/host_windows.sh (issue 24 part 2: the host).
// Every interval it runs three short probes and prints one line:
//   <unix time s> <ALU Mops per CPU-s> <ns per dependent load, small set> <ns, large set>
// ALU: splitmix64's finalizer in a serial chain (as host/cpu_probe.cpp: the core's speed).
// Loads: a pointer chase through a random single cycle over SMALL_KB (fits the L2: the core
// and its private caches) and over LARGE_MB (past the L3 share: memory latency and what the
// neighbours leave of the shared cache and the memory bus).
// Each probe's cost is measured in this thread's own CPU time (CLOCK_THREAD_CPUTIME_ID), so
// being preempted by the load it runs beside does not count as slowness: what is left is
// how fast the host ran the work while it ran.
// Usage: host_probe SECONDS [INTERVAL_MS=1000 PROBE_MS=15 SMALL_KB=256 LARGE_MB=64]
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <vector>

namespace {

double thread_cpu_s() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double wall_s(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

volatile std::uint64_t sink = 0;

// One random cycle through n slots: next[i] is where the chase goes from i.
std::vector<std::uint32_t> random_cycle(std::size_t n, std::mt19937_64& rng) {
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::shuffle(order.begin() + 1, order.end(), rng);
  std::vector<std::uint32_t> next(n);
  for (std::size_t i = 0; i < n; ++i) next[order[i]] = order[(i + 1) % n];
  return next;
}

// Millions of ALU rounds per CPU-second over about probe_s of CPU.
double alu_rate(double probe_s) {
  std::uint64_t x = 1, rounds = 0;
  const double start = thread_cpu_s();
  double used = 0;
  while (used < probe_s) {
    for (int i = 0; i < 4096; ++i) {
      x += 0x9e3779b97f4a7c15ULL;
      x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
      x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
      x ^= x >> 31;
    }
    rounds += 4096;
    used = thread_cpu_s() - start;
  }
  sink = x;
  return static_cast<double>(rounds) / used / 1e6;
}

// CPU nanoseconds per dependent load of the chase over `next`, over about probe_s of CPU.
double chase_ns(const std::vector<std::uint32_t>& next, double probe_s) {
  std::uint32_t at = 0;
  std::uint64_t loads = 0;
  const double start = thread_cpu_s();
  double used = 0;
  while (used < probe_s) {
    for (int i = 0; i < 4096; ++i) at = next[at];
    loads += 4096;
    used = thread_cpu_s() - start;
  }
  sink = at;
  return used * 1e9 / static_cast<double>(loads);
}

void warm(const std::vector<std::uint32_t>& next) {
  chase_ns(next, 0.01);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: host_probe SECONDS [INTERVAL_MS PROBE_MS SMALL_KB LARGE_MB]\n");
    return 2;
  }
  const double seconds = std::atof(argv[1]);
  const double interval = (argc > 2 ? std::atof(argv[2]) : 1000) / 1000;
  const double probe = (argc > 3 ? std::atof(argv[3]) : 15) / 1000;
  const std::size_t small_kb = argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 256;
  const std::size_t large_mb = argc > 5 ? std::strtoul(argv[5], nullptr, 10) : 64;
  std::mt19937_64 rng(42);
  const auto small = random_cycle(small_kb * 1024 / sizeof(std::uint32_t), rng);
  const auto large = random_cycle(large_mb * 1024 * 1024 / sizeof(std::uint32_t), rng);
  const double begin = wall_s(CLOCK_MONOTONIC);
  for (double next = begin; next - begin < seconds; next += interval) {
    while (wall_s(CLOCK_MONOTONIC) < next) {
      const double left = next - wall_s(CLOCK_MONOTONIC);
      timespec nap{
          static_cast<time_t>(left),
          static_cast<long>((left - static_cast<double>(static_cast<time_t>(left))) * 1e9)};
      nanosleep(&nap, nullptr);
    }
    const double alu = alu_rate(probe);
    warm(small);
    const double near = chase_ns(small, probe);
    const double far = chase_ns(large, probe);
    std::printf("%.3f %.1f %.3f %.3f\n", wall_s(CLOCK_REALTIME), alu, near, far);
    std::fflush(stdout);
  }
  return 0;
}
