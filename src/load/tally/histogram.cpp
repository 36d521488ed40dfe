#include "load/tally/histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "load/tally/log_linear.h"

namespace versus::load {
namespace {
constexpr std::size_t kBuckets = log_linear::bucket_count<Histogram::kSubBits>();
}  // namespace

Histogram::Histogram() : buckets_(kBuckets, 0) {}

std::size_t Histogram::bucket_of(std::uint64_t v) {
  return log_linear::bucket_of<kSubBits>(v);
}

double Histogram::bucket_mid(std::size_t index) {
  return log_linear::bucket_mid<kSubBits>(index);
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

void Histogram::clear() {
  *this = Histogram();
}

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
