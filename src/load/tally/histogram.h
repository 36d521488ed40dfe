#pragma once
// Histogram: latency distribution with no upper cap and bounded relative error
// (log-linear buckets: 64 per power of two, < 1.6% error). One per client thread, never
// shared while recording; merged afterwards (sysbench's sb_histogram, without its lock).
#include <cstdint>
#include <vector>

namespace versus::load {

class Histogram {
 public:
  Histogram();
  void record(std::uint64_t nanos);
  void merge(const Histogram& other);
  void clear();

  std::uint64_t count() const { return count_; }
  std::uint64_t min() const { return count_ ? min_ : 0; }
  std::uint64_t max() const { return max_; }
  double mean() const;
  // The value at quantile q in [0, 1], in nanoseconds; always within [min(), max()].
  double quantile(double q) const;

  static constexpr int kSubBits = 6;  // 64 sub-buckets per power of two

 private:
  static std::size_t bucket_of(std::uint64_t v);
  static double bucket_mid(std::size_t index);

  std::vector<std::uint64_t> buckets_;
  std::uint64_t count_ = 0;
  std::uint64_t min_ = UINT64_MAX;
  std::uint64_t max_ = 0;
  long double sum_ = 0;
};

}  // namespace versus::load
