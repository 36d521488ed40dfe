#pragma once
// RandType: sysbench's --rand-type, the distribution of the ids a workload's statements use
// (and of column k in the loaded tables), with its parameters (sysbench 1.0 names and
// defaults). The one type for them: the matrix's rand_* keys fill it, the generator
// (load/data/random.h) draws from it, results.json records it.
#include <optional>
#include <string_view>
#include <vector>

namespace versus::sysbench {

// uniform, gaussian, special (the default: spec_res% of the values uniform over the middle
// spec_pct% of the range, the rest gaussian), pareto, zipfian (sysbench 1.1's, on its master
// branch: Debian's 1.0.20 has none; value k of n with probability proportional to
// 1/k^zipfian_exp, drawn by rejection-inversion).
enum class RandType { uniform, gaussian, special, pareto, zipfian };

std::string_view rand_type_name(RandType t);
std::optional<RandType> rand_type_from_name(std::string_view name);
// Every name, in declaration order (for validation messages and docs).
const std::vector<std::string_view>& rand_type_names();

struct RandSpec {
  RandType type = RandType::special;  // sysbench 1.0 default
  int spec_pct = 1;                   // --rand-spec-pct: % of the range that is "special"
  int spec_res = 75;                  // --rand-spec-res: % of values drawn from that slice
  double pareto_h = 0.2;              // --rand-pareto-h, in (0, 1)
  double zipfian_exp = 0.8;           // --rand-zipfian-exp, the exponent (theta), >= 0
  // --rand-spec-iter has no key: always sysbench's 12 (load/data/random.h).
};

}  // namespace versus::sysbench
