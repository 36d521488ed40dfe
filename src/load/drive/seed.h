#pragma once
// Where the random ids of a load come from. A run has one seed (the matrix's `seed`, or
// `--seed`, or one drawn when the run starts; recorded in results.json); each cell's load
// seed derives from it and the cell's repeat, each client thread's from that, each
// session's from its thread's (load/drive/client_thread.cpp). So the same seed, thread count and
// client thread count draw the same ids, and the columns of one round draw the same ids
// as each other (common random numbers: the comparison is not noised by the ids).
#include <cstdint>

namespace versus::load {

// splitmix64's finalizer over seed + stream: distinct streams give unrelated seeds.
std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream);

// A fresh seed from the system's random source (std::random_device), never 0.
std::uint64_t random_seed();

// The seed of client thread `index` of a load seeded with `seed`; 0 seeds from the clock
// (every load different, as before seeds existed).
std::uint64_t thread_seed(std::uint64_t seed, int index);

}  // namespace versus::load
