#pragma once
// Population: the random values of the TPC-C specification's clause 4.3 (and 2.1.6), on
// versus's xoroshiro128+ (load/data/random.h): NURand with its C constants, customer last names
// from the ten syllables, a-strings, n-strings, zip codes, the 10% of "ORIGINAL" data. What the
// loader's rows (load/family/tpcc/population_rows.h) and the transactions
// (load/family/tpcc/tpcc_program.h) draw from. Writers put text into caller buffers: no
// allocation.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "load/data/random.h"

namespace versus::load::tpcc {

// The scale of one warehouse (clause 1.2, 4.3.3.1).
inline constexpr int kItems = 100'000;
inline constexpr int kDistricts = 10;         // per warehouse
inline constexpr int kCustomers = 3'000;      // per district
inline constexpr int kOrders = 3'000;         // per district, at load
inline constexpr int kFirstNewOrder = 2'101;  // orders 2101..3000 are undelivered (new_order)
inline constexpr int kStock = kItems;         // per warehouse

// The C of NURand(A, x, y) for each A (clause 2.1.6). C_LAST of the run differs from the
// load's by 66, inside the specification's [65, 119] and neither 96 nor 112 (2.1.6.1); C_ID and
// OL_I_ID are the same at load and run. Fixed, so `bench prepare` and a later `bench run` agree.
struct NURandC {
  std::uint32_t last = 0;     // A = 255: c_last numbers 0..999
  std::uint32_t c_id = 0;     // A = 1023: c_id 1..3000
  std::uint32_t ol_i_id = 0;  // A = 8191: ol_i_id 1..100000
};
inline constexpr NURandC kLoadC{157, 259, 7911};
inline constexpr NURandC kRunC{223, 259, 7911};

// NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x.
std::uint32_t nurand(Random& rng, std::uint32_t a, std::uint32_t x, std::uint32_t y,
                     std::uint32_t c);

// The longest last name: three of the longest syllables.
inline constexpr std::size_t kMaxLastName = 15;
// The last name of `number` (0..999): the syllables of its three digits, e.g. 371 ->
// "PRICALLYOUGHT". Writes at out (kMaxLastName bytes); returns the length.
std::size_t last_name(std::uint32_t number, char* out);

// a-string [min, max]: a random length, random letters and digits (62 characters).
std::size_t a_string(Random& rng, std::size_t min, std::size_t max, char* out);
// n-string [min, max]: random digits.
std::size_t n_string(Random& rng, std::size_t min, std::size_t max, char* out);
// A zip code: four random digits and "11111" (9 bytes).
inline constexpr std::size_t kZipLength = 9;
void zip(Random& rng, char* out);
// i_data and s_data: an a-string [26, 50] in which 10% of rows carry "ORIGINAL" at a random
// place (4.3.3.1). Writes at out (50 bytes); returns the length.
std::size_t original_data(Random& rng, char* out);
// A fixed-point value drawn uniformly as an integer of hundredths, e.g. 1.00..100.00 ->
// uniform(100, 10000), written "%d.%02d" (or with `decimals` 4: "0.%04d" for the taxes).
std::size_t fixed_point(std::uint32_t units, int decimals, char* out);

}  // namespace versus::load::tpcc
