#include "load/tally/interval_histogram.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace versus::load {

double IntervalHistogram::quantile(const std::array<std::uint64_t, kBuckets>& totals, double q) {
  std::uint64_t n = std::accumulate(totals.begin(), totals.end(), std::uint64_t{0});
  if (n == 0) return 0;
  auto rank =
      std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(n))));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < kBuckets; ++i) {
    seen += totals[i];
    if (seen >= rank) return log_linear::bucket_mid<kSubBits>(i);
  }
  return 0;
}

}  // namespace versus::load
