#include "load/histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace versus::load {
namespace {
constexpr std::size_t kSub = std::size_t{1} << Histogram::kSubBits;
constexpr std::size_t kBuckets = (64 - Histogram::kSubBits + 1) * kSub;
}  // namespace

Histogram::Histogram() : buckets_(kBuckets, 0) {}

// Values below kSub map to themselves; above, the top kSubBits+1 bits select the bucket.
std::size_t Histogram::bucket_of(std::uint64_t v) {
  if (v < kSub) return static_cast<std::size_t>(v);
  int shift = static_cast<int>(std::bit_width(v)) - (kSubBits + 1);
  return static_cast<std::size_t>(shift + 1) * kSub + static_cast<std::size_t>((v >> shift) - kSub);
}

double Histogram::bucket_mid(std::size_t index) {
  if (index < kSub) return static_cast<double>(index);
  std::size_t shift = index / kSub - 1;
  double low = std::ldexp(static_cast<double>(index % kSub + kSub), static_cast<int>(shift));
  return low + std::ldexp(1.0, static_cast<int>(shift)) / 2;
}

void Histogram::record(std::uint64_t nanos) {
  ++buckets_[bucket_of(nanos)];
  ++count_;
  sum_ += nanos;
  min_ = std::min(min_, nanos);
  max_ = std::max(max_, nanos);
}

void Histogram::merge(const Histogram& o) {
  for (std::size_t i = 0; i < kBuckets; ++i) buckets_[i] += o.buckets_[i];
  count_ += o.count_;
  sum_ += o.sum_;
  min_ = std::min(min_, o.min_);
  max_ = std::max(max_, o.max_);
}

void Histogram::clear() { *this = Histogram(); }

double Histogram::mean() const {
  return count_ ? static_cast<double>(sum_ / static_cast<long double>(count_)) : 0.0;
}

double Histogram::quantile(double q) const {
  if (count_ == 0) return 0;
  q = std::clamp(q, 0.0, 1.0);
  auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count_)));
  rank = std::max<std::uint64_t>(rank, 1);
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < kBuckets; ++i) {
    seen += buckets_[i];
    if (seen >= rank)
      return std::clamp(bucket_mid(i), static_cast<double>(min()), static_cast<double>(max_));
  }
  return static_cast<double>(max_);
}

}  // namespace versus::load
