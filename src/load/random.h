#pragma once
// Random: sysbench 1.0's number and string generators on a per-thread xoroshiro128+.
// Distributions (sysbench --rand-type): uniform, gaussian, special (the default:
// 75% of values uniform over the middle 1% of the range, the rest gaussian), pareto.
#include <cstdint>
#include <string_view>

#include "config/rand_type.h"

namespace versus::load {

enum class Distribution { uniform, gaussian, special, pareto };
std::string_view distribution_name(Distribution d);

struct DistributionParams {
  Distribution type = Distribution::special;  // sysbench 1.0 default
  unsigned spec_iter = 12;                    // --rand-spec-iter
  unsigned spec_pct = 1;                      // --rand-spec-pct
  unsigned spec_res = 75;                     // --rand-spec-res
  double pareto_h = 0.2;                      // --rand-pareto-h
};

// The matrix's rand_* keys as the generator takes them (spec_iter stays sysbench's 12).
DistributionParams distribution_params(const config::RandSpec& spec);

class Random {
 public:
  explicit Random(std::uint64_t seed, DistributionParams params = {});

  std::uint64_t next();
  double uniform_double();                                  // [0, 1)
  std::uint32_t uniform(std::uint32_t a, std::uint32_t b);  // [a, b]
  std::uint32_t gaussian(std::uint32_t a, std::uint32_t b);
  std::uint32_t special(std::uint32_t a, std::uint32_t b);
  std::uint32_t pareto(std::uint32_t a, std::uint32_t b);
  std::uint32_t by_default(std::uint32_t a, std::uint32_t b);  // the configured distribution
  // Fills out[0..n) from a template: '#' -> digit, '@' -> letter, others copied.
  void fill_template(std::string_view tmpl, char* out);

 private:
  std::uint64_t s_[2];
  DistributionParams p_;
};

}  // namespace versus::load
