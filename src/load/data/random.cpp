#include "load/data/random.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace versus::load {

namespace {
std::uint64_t splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

// sysbench's zipfian helpers (sb_rand.c, after Apache Commons RNG's
// RejectionInversionZipfSampler): log1p(x)/x and expm1(x)/x, Taylor series near 0.
double log1p_over(double x) {
  if (std::fabs(x) > 1e-8) return std::log1p(x) / x;
  return 1 - x * (0.5 - x * (0.33333333333333333 - 0.25 * x));
}
double expm1_over(double x) {
  if (std::fabs(x) > 1e-8) return std::expm1(x) / x;
  return 1 + x * 0.5 * (1 + x * 0.33333333333333333 * (1 + 0.25 * x));
}
// H(x) = (x^(1-e) - 1)/(1-e) (log x when e = 1), the integral of h(x) = x^-e, and its inverse.
double zipf_h_integral(double x, double e) {
  const double log_x = std::log(x);
  return expm1_over((1 - e) * log_x) * log_x;
}
double zipf_h(double x, double e) {
  return std::exp(-e * std::log(x));
}
double zipf_h_integral_inverse(double x, double e) {
  double t = x * (1 - e);
  if (t < -1) t = -1;  // numerical error only
  return std::exp(log1p_over(t) * x);
}
}  // namespace

Random::Random(std::uint64_t seed, sysbench::RandSpec params) : p_(params) {
  s_[0] = splitmix(seed);
  s_[1] = splitmix(seed);
  const double e = p_.zipfian_exp;
  zipf_s_ = 2 - zipf_h_integral_inverse(zipf_h_integral(2.5, e) - zipf_h(2, e), e);
  zipf_h_x1_ = zipf_h_integral(1.5, e) - 1;
}

std::uint64_t Random::next() {
  std::uint64_t s0 = s_[0], s1 = s_[1], result = s0 + s1;
  s1 ^= s0;
  s_[0] = rotl(s0, 24) ^ s1 ^ (s1 << 16);
  s_[1] = rotl(s1, 37);
  return result;
}

double Random::uniform_double() {
  return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

std::uint32_t Random::uniform(std::uint32_t a, std::uint32_t b) {
  return a + static_cast<std::uint32_t>(uniform_double() * (static_cast<double>(b - a) + 1));
}

std::uint32_t Random::gaussian(std::uint32_t a, std::uint32_t b) {
  double t = static_cast<double>(b - a) + 1, sum = 0;
  for (unsigned i = 0; i < kSpecIter; ++i) sum += uniform_double() * t;
  return a + static_cast<std::uint32_t>(sum / kSpecIter);
}

// sysbench's "special": a share (100 - res)% gaussian over the whole range; the rest
// uniform over a pct% slice centred in the range.
std::uint32_t Random::special(std::uint32_t a, std::uint32_t b) {
  double t = static_cast<double>(b - a);
  double rnd = uniform_double();
  if (rnd * t * (100.0 / (100.0 - p_.spec_res)) < t) {
    double sum = 0;
    for (unsigned i = 0; i < kSpecIter; ++i) sum += uniform_double();
    return a + static_cast<std::uint32_t>(sum * t / kSpecIter);
  }
  double d = t * p_.spec_pct / 100.0;
  double res = rnd * (d + 1) + t / 2 - t * p_.spec_pct / 200.0;
  return a + static_cast<std::uint32_t>(res);
}

std::uint32_t Random::pareto(std::uint32_t a, std::uint32_t b) {
  double power = std::log(p_.pareto_h) / std::log(1.0 - p_.pareto_h);
  return a + static_cast<std::uint32_t>((static_cast<double>(b - a) + 1) *
                                        std::pow(uniform_double(), power));
}

// Rejection-inversion (Hörmann and Derflinger 1996) as sb_rand_zipfian_int: u uniform in
// (H(1.5) - 1, H(n + 0.5)], x = H^-1(u), k = round(x) accepted when k - x <= s or
// u >= H(k + 0.5) - h(k); P(k) = C / k^e exactly.
std::uint32_t Random::zipfian(std::uint32_t a, std::uint32_t b) {
  const double e = p_.zipfian_exp;
  const std::uint32_t n = b - a + 1;
  const double h_n = zipf_h_integral(n + 0.5, e);
  for (;;) {
    const double u = h_n + uniform_double() * (zipf_h_x1_ - h_n);
    const double x = zipf_h_integral_inverse(u, e);
    std::uint32_t k = static_cast<std::uint32_t>(x + 0.5);
    if (k < 1) k = 1;
    if (k > n) k = n;
    if (k - x <= zipf_s_ || u >= zipf_h_integral(k + 0.5, e) - zipf_h(k, e)) return a + k - 1;
  }
}

std::uint32_t Random::by_default(std::uint32_t a, std::uint32_t b) {
  switch (p_.type) {
    case sysbench::RandType::uniform:
      return uniform(a, b);
    case sysbench::RandType::gaussian:
      return gaussian(a, b);
    case sysbench::RandType::special:
      return special(a, b);
    case sysbench::RandType::pareto:
      return pareto(a, b);
    case sysbench::RandType::zipfian:
      return zipfian(a, b);
  }
  return uniform(a, b);
}

void Random::fill_template(std::string_view tmpl, char* out) {
  for (std::size_t i = 0; i < tmpl.size(); ++i) {
    char c = tmpl[i];
    if (c == '#')
      c = static_cast<char>('0' + next() % 10);
    else if (c == '@')
      c = static_cast<char>('a' + next() % 26);
    out[i] = c;
  }
}

std::size_t fill_legacy_c(Random& rng, char* out) {
  char buf[10 * 12];
  std::size_t n = 0;
  for (int i = 0; i < 10; ++i)
    n += static_cast<std::size_t>(
        std::snprintf(buf + n, sizeof buf - n, i ? "-%llu" : "%llu", rng.next() % 2147483648ULL));
  n = std::min<std::size_t>(n, 119);
  std::memcpy(out, buf, n);
  return n;
}

}  // namespace versus::load
