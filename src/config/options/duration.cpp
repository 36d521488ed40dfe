#include "config/options/duration.h"

#include <array>
#include <charconv>
#include <cstdint>
#include <limits>
#include <utility>

namespace versus::config {
namespace {

// Unit suffixes and their length in milliseconds, longest unit first (format_duration's order).
constexpr std::array<std::pair<std::string_view, std::int64_t>, 4> kUnits{{
    {"h", 3'600'000},
    {"m", 60'000},
    {"s", 1'000},
    {"ms", 1},
}};

// The multiplier for `suffix`; "" means seconds. nullopt for an unknown unit.
std::optional<std::int64_t> unit_ms(std::string_view suffix) {
  if (suffix.empty()) return 1'000;
  for (const auto& [name, ms] : kUnits)
    if (name == suffix) return ms;
  return std::nullopt;
}

}  // namespace

std::optional<std::chrono::milliseconds> parse_duration(std::string_view text) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0) return std::nullopt;
  std::int64_t count = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + digits, count);
  if (ec != std::errc{} || end != text.data() + digits) return std::nullopt;
  auto multiplier = unit_ms(text.substr(digits));
  if (!multiplier) return std::nullopt;
  if (count > std::numeric_limits<std::int64_t>::max() / *multiplier) return std::nullopt;
  return std::chrono::milliseconds{count * *multiplier};
}

std::string format_duration(std::chrono::milliseconds d) {
  const std::int64_t ms = d.count();
  if (ms == 0) return "0s";
  for (const auto& [name, unit] : kUnits)
    if (ms % unit == 0) return std::to_string(ms / unit) + std::string(name);
  return std::to_string(ms) + "ms";  // negative values with no exact unit; never parsed back
}

}  // namespace versus::config
