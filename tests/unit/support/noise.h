#pragma once
// Seeded Gaussian noise for the statistics tests: Box-Muller over mt19937_64, whose output the
// standard fixes, so the same seed gives the same series with every standard library.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace versus::test {

class Noise {
 public:
  explicit Noise(std::uint64_t seed) : gen_(seed) {}
  double next() {  // one N(0, 1) draw
    auto uniform = [&] { return (static_cast<double>(gen_() >> 11) + 0.5) * 0x1.0p-53; };
    const double u1 = uniform(), u2 = uniform();
    return std::sqrt(-2 * std::log(u1)) * std::cos(2 * M_PI * u2);
  }

 private:
  std::mt19937_64 gen_;
};

// n values around `mean` with coefficient of variation `cv`.
inline std::vector<double> sample(Noise& noise, int n, double mean, double cv) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(mean * (1 + cv * noise.next()));
  return v;
}

}  // namespace versus::test
