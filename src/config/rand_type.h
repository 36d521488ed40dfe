#pragma once
// RandType: sysbench's --rand-type, the distribution of the ids a workload's statements use,
// with its parameters (sysbench 1.0 names and defaults).
#include <optional>
#include <string_view>
#include <vector>

namespace versus::config {

enum class RandType { uniform, gaussian, special, pareto };

std::string_view rand_type_name(RandType t);
std::optional<RandType> rand_type_from_name(std::string_view name);
// Every name, in declaration order (for validation messages and docs).
const std::vector<std::string_view>& rand_type_names();

struct RandSpec {
  RandType type = RandType::special;  // sysbench 1.0 default
  int spec_pct = 1;                   // --rand-spec-pct: % of the range that is "special"
  int spec_res = 75;                  // --rand-spec-res: % of values drawn from that slice
  double pareto_h = 0.2;              // --rand-pareto-h, in (0, 1)
};

}  // namespace versus::config
