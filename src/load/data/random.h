#pragma once
// Random: sysbench 1.0's number and string generators on a per-thread xoroshiro128+.
// Distributions: sysbench --rand-type (sysbench/rand_type.h).
#include <cstdint>
#include <string_view>

#include "sysbench/rand_type.h"

namespace versus::load {

// sysbench's --rand-spec-iter: uniform draws summed per gaussian value (no key changes it).
constexpr unsigned kSpecIter = 12;

class Random {
 public:
  explicit Random(std::uint64_t seed, sysbench::RandSpec params = {});

  std::uint64_t next();
  double uniform_double();                                  // [0, 1)
  std::uint32_t uniform(std::uint32_t a, std::uint32_t b);  // [a, b]
  std::uint32_t gaussian(std::uint32_t a, std::uint32_t b);
  std::uint32_t special(std::uint32_t a, std::uint32_t b);
  std::uint32_t pareto(std::uint32_t a, std::uint32_t b);
  // sysbench 1.1's sb_rand_zipfian: a + k - 1, k in [1, b - a + 1] with probability
  // proportional to 1/k^zipfian_exp (the configured exponent).
  std::uint32_t zipfian(std::uint32_t a, std::uint32_t b);
  std::uint32_t by_default(std::uint32_t a, std::uint32_t b);  // the configured distribution
  // Fills out[0..n) from a template: '#' -> digit, '@' -> letter, others copied.
  void fill_template(std::string_view tmpl, char* out);

 private:
  std::uint64_t s_[2];
  sysbench::RandSpec p_;
  // zipfian's constants for the exponent, computed once (sysbench's zipf_s, zipf_hIntegralX1).
  double zipf_s_ = 0, zipf_h_x1_ = 0;
};

// sysbench 0.4's c value of a non-index UPDATE: ten random() numbers joined by '-', cut to 119
// chars (its snprintf into a 120-byte buffer). Writes it to `out` (120 bytes); returns its length.
std::size_t fill_legacy_c(Random& rng, char* out);

}  // namespace versus::load
