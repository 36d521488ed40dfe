#include "load/random.h"

#include <cmath>

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
}  // namespace

Random::Random(std::uint64_t seed, sysbench::RandSpec params) : p_(params) {
  s_[0] = splitmix(seed);
  s_[1] = splitmix(seed);
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

}  // namespace versus::load
