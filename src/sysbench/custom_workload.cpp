#include "sysbench/custom_workload.h"

#include "util/name_table.h"

namespace versus::sysbench {
namespace {
constexpr NameTable<Generator, 8> kGeneratorNames{{{
    {Generator::sequence, "sequence"},
    {Generator::uniform, "uniform"},
    {Generator::gaussian, "gaussian"},
    {Generator::special, "special"},
    {Generator::pareto, "pareto"},
    {Generator::zipfian, "zipfian"},
    {Generator::string, "string"},
    {Generator::list, "list"},
}}};
}  // namespace

std::string_view generator_name(Generator g) {
  return kGeneratorNames.name(g);
}

std::optional<Generator> generator_from_name(std::string_view name) {
  return kGeneratorNames.find(name);
}

const std::vector<std::string_view>& generator_names() {
  static const std::vector<std::string_view> names = kGeneratorNames.names();
  return names;
}

bool is_text_generator(Generator g) {
  return g == Generator::string || g == Generator::list;
}

}  // namespace versus::sysbench
