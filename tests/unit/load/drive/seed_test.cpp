// Seeds: the same run seed draws the same ids; different seeds and streams do not.
#include "load/drive/seed.h"

#include <catch2/catch.hpp>
#include <vector>

#include "load/data/random.h"

using namespace versus::load;

namespace {
// The first ids a session of client thread `thread` draws (session 0: its thread's seed
// derivation in client_thread.cpp starts from thread_seed).
std::vector<std::uint32_t> ids(std::uint64_t seed, int thread) {
  Random rng(thread_seed(seed, thread));
  std::vector<std::uint32_t> out;
  for (int i = 0; i < 20; ++i) out.push_back(rng.by_default(1, 10000));
  return out;
}
}  // namespace

TEST_CASE("seed: the same seed draws the same ids, per client thread", "[load][seed]") {
  CHECK(ids(42, 0) == ids(42, 0));
  CHECK(ids(42, 1) == ids(42, 1));
  CHECK(ids(42, 0) != ids(42, 1));  // threads draw different ids
  CHECK(ids(42, 0) != ids(43, 0));  // so do seeds
  CHECK(derive_seed(7, 0) == derive_seed(7, 0));
  CHECK(derive_seed(7, 0) != derive_seed(7, 1));  // repeats get different cell seeds
  CHECK(derive_seed(7, 0) != derive_seed(8, 0));
}

TEST_CASE("seed: 0 seeds from the clock; random_seed is never 0", "[load][seed]") {
  CHECK(random_seed() != 0);
  CHECK(random_seed() != random_seed());
  CHECK(thread_seed(0, 0) != 0);
}
