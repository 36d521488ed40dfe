#include "load/family/tpcc/population.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

using namespace versus::load;
using namespace versus::load::tpcc;

TEST_CASE("NURand stays in [x, y] and is skewed as the specification's", "[load][tpcc]") {
  Random rng(7);
  std::vector<int> hits(1000, 0);
  constexpr int kDraws = 200000;
  for (int i = 0; i < kDraws; ++i) {
    const auto v = nurand(rng, 255, 0, 999, kRunC.last);
    REQUIRE(v <= 999);
    ++hits[v];
  }
  // (random(0,255) | random(0,999)): a value whose low 8 bits are all set is hit by every
  // left-hand draw; those of fewer set bits less. Shifted by C, the most drawn number is
  // (255 + C) % 1000 and the least some number with few bits: more than 3x apart.
  const int most = *std::max_element(hits.begin(), hits.end());
  const int least = *std::min_element(hits.begin(), hits.end());
  CHECK(most > 3 * least);
  CHECK(hits[(255 + kRunC.last) % 1000] > kDraws / 1000);
  for (int i = 0; i < 10000; ++i) {
    const auto id = nurand(rng, 1023, 1, 3000, kRunC.c_id);
    REQUIRE(id >= 1);
    REQUIRE(id <= 3000);
    const auto item = nurand(rng, 8191, 1, 100000, kRunC.ol_i_id);
    REQUIRE(item >= 1);
    REQUIRE(item <= 100000);
  }
}

TEST_CASE("C_LAST of the run differs from the load's as clause 2.1.6.1 requires", "[load][tpcc]") {
  const int delta = static_cast<int>(kRunC.last) - static_cast<int>(kLoadC.last);
  CHECK(std::abs(delta) >= 65);
  CHECK(std::abs(delta) <= 119);
  CHECK(delta != 96);
  CHECK(delta != 112);
  CHECK(kRunC.c_id == kLoadC.c_id);
  CHECK(kRunC.ol_i_id == kLoadC.ol_i_id);
}

TEST_CASE("last names are the syllables of the number's three digits", "[load][tpcc]") {
  char out[kMaxLastName];
  auto name = [&](std::uint32_t n) { return std::string(out, last_name(n, out)); };
  CHECK(name(0) == "BARBARBAR");
  CHECK(name(371) == "PRICALLYOUGHT");
  CHECK(name(999) == "EINGEINGEING");
  CHECK(name(40) == "BARPRESBAR");
  std::set<std::string> all;
  std::size_t longest = 0;
  for (std::uint32_t n = 0; n < 1000; ++n) {
    all.insert(name(n));
    longest = std::max(longest, name(n).size());
  }
  CHECK(all.size() == 1000);
  CHECK(longest == kMaxLastName);
}

TEST_CASE("a-strings, n-strings and zips have their lengths and alphabets", "[load][tpcc]") {
  Random rng(3);
  char buf[600];
  std::set<std::size_t> lengths;
  for (int i = 0; i < 2000; ++i) {
    const std::size_t n = a_string(rng, 8, 16, buf);
    REQUIRE(n >= 8);
    REQUIRE(n <= 16);
    lengths.insert(n);
    for (std::size_t k = 0; k < n; ++k) REQUIRE(std::isalnum(static_cast<unsigned char>(buf[k])));
  }
  CHECK(lengths.size() == 9);
  const std::size_t digits = n_string(rng, 16, 16, buf);
  CHECK(digits == 16);
  for (std::size_t k = 0; k < digits; ++k) CHECK(std::isdigit(static_cast<unsigned char>(buf[k])));
  zip(rng, buf);
  const std::string z(buf, kZipLength);
  CHECK(z.substr(4) == "11111");
  CHECK(std::isdigit(static_cast<unsigned char>(z[0])));
}

TEST_CASE("ORIGINAL is in about 10% of the data strings", "[load][tpcc]") {
  Random rng(11);
  char buf[50];
  int original = 0;
  constexpr int kRows = 20000;
  for (int i = 0; i < kRows; ++i) {
    const std::size_t n = original_data(rng, buf);
    REQUIRE(n >= 26);
    REQUIRE(n <= 50);
    if (std::string(buf, n).find("ORIGINAL") != std::string::npos) ++original;
  }
  // Binomial(20000, 0.1): standard deviation 42; 4 of them either side.
  CHECK(original > 2000 - 170);
  CHECK(original < 2000 + 170);
}

TEST_CASE("fixed-point values are written with their decimals", "[load][tpcc]") {
  char buf[16];
  auto text = [&](std::uint32_t units, int decimals) {
    return std::string(buf, fixed_point(units, decimals, buf));
  };
  CHECK(text(100, 2) == "1.00");
  CHECK(text(10000, 2) == "100.00");
  CHECK(text(30'000'000, 2) == "300000.00");
  CHECK(text(7, 2) == "0.07");
  CHECK(text(2000, 4) == "0.2000");
  CHECK(text(5, 4) == "0.0005");
}
