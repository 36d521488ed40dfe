#include "load/family/custom/value_source.h"

#include <algorithm>
#include <cstring>
#include <string_view>

namespace versus::load::custom {
namespace {
constexpr std::string_view kAlphabet =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
constexpr std::size_t kMaxDigits = 11;  // "-2147483647"
}  // namespace

long long ValueSource::draw_int(Random& rng, std::int64_t row) const {
  using G = sysbench::Generator;
  // The range's width fits 32 bits (the option table bounds min and max); draw an offset.
  const auto width = static_cast<std::uint32_t>(spec_->max - spec_->min);
  std::uint32_t offset = 0;
  switch (spec_->generator) {
    case G::sequence:
      return row;
    case G::uniform:
      offset = rng.uniform(0, width);
      break;
    case G::gaussian:
      offset = rng.gaussian(0, width);
      break;
    case G::special:
      offset = rng.special(0, width);
      break;
    case G::pareto:
      offset = rng.pareto(0, width);
      break;
    case G::zipfian:
      offset = rng.zipfian(0, width);
      break;
    case G::string:
    case G::list:
      return 0;
  }
  return spec_->min + static_cast<long long>(std::min(offset, width));
}

std::size_t ValueSource::draw_text(Random& rng, char* out) const {
  if (spec_->generator == sysbench::Generator::list) {
    const auto n = static_cast<std::uint32_t>(spec_->values.size());
    const std::string& value = spec_->values[std::min(rng.uniform(0, n - 1), n - 1)];
    std::memcpy(out, value.data(), value.size());
    return value.size();
  }
  const auto length = static_cast<std::size_t>(spec_->length);
  for (std::size_t i = 0; i < length; ++i) out[i] = kAlphabet[rng.next() % kAlphabet.size()];
  return length;
}

std::size_t ValueSource::max_text() const {
  switch (spec_->generator) {
    case sysbench::Generator::string:
      return static_cast<std::size_t>(spec_->length);
    case sysbench::Generator::list: {
      std::size_t longest = 0;
      for (const std::string& v : spec_->values) longest = std::max(longest, v.size());
      return longest;
    }
    default:
      return kMaxDigits;
  }
}

}  // namespace versus::load::custom
