#pragma once
// IntervalHistogram: a coarse latency histogram (16 sub-buckets per power of two, < 6.3%
// error) that one client thread fills while the reporter side reads and clears it later.
// Counts are relaxed atomics, so the two sides never race; the driver only reads a buffer
// after the thread has moved on to another one (see driver.cpp's epochs).
#include <array>
#include <atomic>
#include <cstdint>

#include "load/tally/log_linear.h"

namespace versus::load {

class IntervalHistogram {
 public:
  static constexpr int kSubBits = 4;
  static constexpr std::size_t kBuckets = log_linear::bucket_count<kSubBits>();

  void record(std::uint64_t nanos) {
    auto& b = counts_[log_linear::bucket_of<kSubBits>(nanos)];
    b.store(b.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  // Adds this histogram's counts into `totals` and clears it.
  void drain_into(std::array<std::uint64_t, kBuckets>& totals) {
    for (std::size_t i = 0; i < kBuckets; ++i)
      totals[i] += counts_[i].exchange(0, std::memory_order_relaxed);
  }
  // The value at quantile q of summed counts, in nanoseconds (0 when empty).
  static double quantile(const std::array<std::uint64_t, kBuckets>& totals, double q);

 private:
  std::array<std::atomic<std::uint32_t>, kBuckets> counts_{};
};

}  // namespace versus::load
