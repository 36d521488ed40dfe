#include "results/record/cell_key.h"

#include <fmt/format.h>

#include "sysbench/family_traits.h"

namespace versus::results {
namespace {
std::string key_of(const std::string& server, const std::string& profile, const std::string& engine,
                   const std::string& workload, int threads, int repeat, std::int64_t table_size) {
  return fmt::format("{}|{}|{}|{}|{}|{}|{}", server, profile, engine, workload, threads, repeat,
                     table_size);
}
}  // namespace

std::string cell_key(const CellRecord& c) {
  return key_of(c.server, c.profile, c.engine, c.workload, c.threads, c.repeat, c.table_size);
}

std::string cell_key(const CellCoordinates& c) {
  return key_of(c.server, c.profile, c.engine, c.workload, c.threads, c.repeat, c.table_size);
}

std::string mix_variant(const MixRecord& m) {
  if (!sysbench::traits_of_dialect(m.dialect).has_variant()) return "";
  return fmt::format("tpcc_home: {}, tpcc_mix: {}",
                     m.tpcc_home.empty() ? "per_connection" : m.tpcc_home,
                     m.tpcc_mix.empty() ? "standard" : m.tpcc_mix);
}

}  // namespace versus::results
