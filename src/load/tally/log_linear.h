#pragma once
// Log-linear bucketing shared by the latency histograms: values below 2^SubBits map to
// themselves; above, the top SubBits+1 bits pick the bucket (relative error < 2^-SubBits).
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace versus::load::log_linear {

template <int SubBits>
constexpr std::size_t bucket_count() {
  return static_cast<std::size_t>(64 - SubBits + 1) << SubBits;
}

template <int SubBits>
std::size_t bucket_of(std::uint64_t v) {
  constexpr std::size_t kSub = std::size_t{1} << SubBits;
  if (v < kSub) return static_cast<std::size_t>(v);
  int shift = static_cast<int>(std::bit_width(v)) - (SubBits + 1);
  return static_cast<std::size_t>(shift + 1) * kSub + static_cast<std::size_t>((v >> shift) - kSub);
}

// The middle of bucket `index`'s range.
template <int SubBits>
double bucket_mid(std::size_t index) {
  constexpr std::size_t kSub = std::size_t{1} << SubBits;
  if (index < kSub) return static_cast<double>(index);
  std::size_t shift = index / kSub - 1;
  double low = std::ldexp(static_cast<double>(index % kSub + kSub), static_cast<int>(shift));
  return low + std::ldexp(1.0, static_cast<int>(shift)) / 2;
}

}  // namespace versus::load::log_linear
