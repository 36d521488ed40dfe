#include "load/family/replay/result_digest.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace versus::load::replay {

std::optional<std::string> rounded_value(const std::optional<std::string>& value) {
  if (!value || value->empty()) return value;
  double v = 0;
  const char* begin = value->data();
  const char* end = begin + value->size();
  const auto [stop, ec] = std::from_chars(begin, end, v);
  if (ec != std::errc() || stop != end || !std::isfinite(v)) return value;
  return fmt::format("{:.{}g}", v, kTolerantDigits);
}

std::string cut_text(std::string_view text, std::size_t bytes) {
  if (text.size() <= bytes) return std::string(text);
  std::size_t cut = bytes;  // back to a character's first byte
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;
  return std::string(text.substr(0, cut));
}

void ResultDigest::add(ResultRow row) {
  if (rules_.tolerant)
    for (auto& field : row) field = rounded_value(field);
  if (rules_.ordered) {
    ordered_.add(row);
    if (shown_.size() < rules_.shown) shown_.push_back(std::move(row));
    return;
  }
  unordered_.add(row);
  if (rules_.shown == 0) return;
  if (shown_.size() == rules_.shown && !(row < shown_.back())) return;
  shown_.insert(std::upper_bound(shown_.begin(), shown_.end(), row), std::move(row));
  if (shown_.size() > rules_.shown) shown_.pop_back();
}

std::string ResultDigest::checksum() const {
  return rules_.ordered ? ordered_.value().text() : unordered_.value().text();
}

}  // namespace versus::load::replay
