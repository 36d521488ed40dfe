#include "sysbench/rand_type.h"

#include "util/name_table.h"

namespace versus::sysbench {
namespace {
constexpr NameTable<RandType, 4> kNames{{{
    {RandType::uniform, "uniform"},
    {RandType::gaussian, "gaussian"},
    {RandType::special, "special"},
    {RandType::pareto, "pareto"},
}}};
}  // namespace

std::string_view rand_type_name(RandType t) {
  return kNames.name(t);
}

std::optional<RandType> rand_type_from_name(std::string_view name) {
  return kNames.find(name);
}

const std::vector<std::string_view>& rand_type_names() {
  static const std::vector<std::string_view> names = kNames.names();
  return names;
}

}  // namespace versus::sysbench
