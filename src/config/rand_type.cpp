#include "config/rand_type.h"

#include <array>
#include <utility>

namespace versus::config {
namespace {
constexpr std::array<std::pair<RandType, std::string_view>, 4> kNames{{
    {RandType::uniform, "uniform"},
    {RandType::gaussian, "gaussian"},
    {RandType::special, "special"},
    {RandType::pareto, "pareto"},
}};
}  // namespace

std::string_view rand_type_name(RandType t) {
  for (const auto& [k, name] : kNames)
    if (k == t) return name;
  return "unknown";
}

std::optional<RandType> rand_type_from_name(std::string_view name) {
  for (const auto& [k, n] : kNames)
    if (n == name) return k;
  return std::nullopt;
}

const std::vector<std::string_view>& rand_type_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for (const auto& entry : kNames) v.push_back(entry.second);
    return v;
  }();
  return names;
}

}  // namespace versus::config
