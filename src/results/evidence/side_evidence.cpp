#include "results/evidence/side_evidence.h"

#include "results/evidence/counter_mapping.h"

namespace versus::results {
namespace {
Flavour first_flavour(const std::vector<const CellRecord*>& cells) {
  return cells.empty() ? Flavour::unknown : flavour_of(cells.front()->server_version);
}
}  // namespace

SideEvidence side_evidence(const std::vector<const CellRecord*>& from,
                           const std::vector<const CellRecord*>& to) {
  const PerTransaction f = mean_per_transaction(from), t = mean_per_transaction(to);
  const RankableCounters rankable = rankable_counters(f, first_flavour(from), t, first_flavour(to));
  return {rank_statements(mean_statement_ms(from), mean_statement_ms(to)),
          rank_changes(rankable.from, rankable.to), one_sided_counters(f, t),
          one_sided_counters(t, f)};
}

}  // namespace versus::results
