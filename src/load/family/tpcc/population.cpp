#include "load/family/tpcc/population.h"

#include <charconv>
#include <cstring>

namespace versus::load::tpcc {

namespace {
constexpr std::string_view kSyllables[10] = {"BAR", "OUGHT", "ABLE",  "PRI",   "PRES",
                                             "ESE", "ANTI",  "CALLY", "ATION", "EING"};
constexpr std::string_view kAlnum =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
constexpr std::string_view kOriginal = "ORIGINAL";

std::size_t draw_length(Random& rng, std::size_t min, std::size_t max) {
  return rng.uniform(static_cast<std::uint32_t>(min), static_cast<std::uint32_t>(max));
}
}  // namespace

std::uint32_t nurand(Random& rng, std::uint32_t a, std::uint32_t x, std::uint32_t y,
                     std::uint32_t c) {
  return (((rng.uniform(0, a) | rng.uniform(x, y)) + c) % (y - x + 1)) + x;
}

std::size_t last_name(std::uint32_t number, char* out) {
  const std::uint32_t digits[3] = {number / 100 % 10, number / 10 % 10, number % 10};
  std::size_t n = 0;
  for (std::uint32_t d : digits) {
    std::memcpy(out + n, kSyllables[d].data(), kSyllables[d].size());
    n += kSyllables[d].size();
  }
  return n;
}

std::size_t a_string(Random& rng, std::size_t min, std::size_t max, char* out) {
  const std::size_t n = draw_length(rng, min, max);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = kAlnum[rng.uniform(0, static_cast<std::uint32_t>(kAlnum.size() - 1))];
  return n;
}

std::size_t n_string(Random& rng, std::size_t min, std::size_t max, char* out) {
  const std::size_t n = draw_length(rng, min, max);
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<char>('0' + rng.uniform(0, 9));
  return n;
}

void zip(Random& rng, char* out) {
  n_string(rng, 4, 4, out);
  std::memcpy(out + 4, "11111", 5);
}

std::size_t original_data(Random& rng, char* out) {
  const std::size_t n = a_string(rng, 26, 50, out);
  if (rng.uniform(1, 10) == 1) {
    const std::size_t at = rng.uniform(0, static_cast<std::uint32_t>(n - kOriginal.size()));
    std::memcpy(out + at, kOriginal.data(), kOriginal.size());
  }
  return n;
}

std::size_t fixed_point(std::uint32_t units, int decimals, char* out) {
  const std::uint32_t scale = decimals == 4 ? 10000 : 100;
  char* p = std::to_chars(out, out + 10, units / scale).ptr;
  *p++ = '.';
  const std::uint32_t frac = units % scale;
  for (std::uint32_t s = scale / 10; s > 0; s /= 10) *p++ = static_cast<char>('0' + frac / s % 10);
  return static_cast<std::size_t>(p - out);
}

}  // namespace versus::load::tpcc
