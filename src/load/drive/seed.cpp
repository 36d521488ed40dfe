#include "load/drive/seed.h"

#include <chrono>
#include <random>

namespace versus::load {

std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (stream + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t random_seed() {
  std::random_device device;
  std::uint64_t seed = 0;
  while (seed == 0) seed = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  return seed;
}

std::uint64_t thread_seed(std::uint64_t seed, int index) {
  if (seed == 0)
    return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
           (0xbf58476d1ce4e5b9ULL * static_cast<std::uint64_t>(index + 1));
  return derive_seed(seed, static_cast<std::uint64_t>(index));
}

}  // namespace versus::load
