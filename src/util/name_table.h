#pragma once
// NameTable: an enum's values with their names, looked up both ways; one table per enum
// instead of a hand-written loop per direction.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace versus {

template <class E, std::size_t N>
class NameTable {
 public:
  using Entry = std::pair<E, std::string_view>;
  constexpr explicit NameTable(std::array<Entry, N> entries) : entries_(entries) {}

  // The name of `value`; "unknown" for a value missing from the table.
  constexpr std::string_view name(E value) const {
    for (const auto& [v, n] : entries_)
      if (v == value) return n;
    return "unknown";
  }
  // The value named exactly `name`, if any.
  constexpr std::optional<E> find(std::string_view name) const {
    for (const auto& [v, n] : entries_)
      if (n == name) return v;
    return std::nullopt;
  }
  // Every name, in table order.
  std::vector<std::string_view> names() const {
    std::vector<std::string_view> out;
    for (const auto& entry : entries_) out.push_back(entry.second);
    return out;
  }

 private:
  std::array<Entry, N> entries_;
};

}  // namespace versus
