#include "sysbench/rand_type.h"

#include "util/name_table.h"

namespace versus::sysbench {
namespace {
constexpr NameTable<RandType, 5> kRandTypeNames{{{
    {RandType::uniform, "uniform"},
    {RandType::gaussian, "gaussian"},
    {RandType::special, "special"},
    {RandType::pareto, "pareto"},
    {RandType::zipfian, "zipfian"},
}}};
}  // namespace

std::string_view rand_type_name(RandType t) {
  return kRandTypeNames.name(t);
}

std::optional<RandType> rand_type_from_name(std::string_view name) {
  return kRandTypeNames.find(name);
}

const std::vector<std::string_view>& rand_type_names() {
  static const std::vector<std::string_view> names = kRandTypeNames.names();
  return names;
}

}  // namespace versus::sysbench
