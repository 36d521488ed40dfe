#pragma once
// Error control over many comparisons. A run of 60 A/A comparisons tested at alpha 0.05
// each calls about three of them faster or slower by chance; adjusting the p-values over
// the run's family of comparisons bounds that:
//   holm: Holm's step-down (Holm 1979, "A simple sequentially rejective multiple test
//         procedure"): the probability of even one false verdict in the run is at most
//         alpha, whatever the dependence between the comparisons (family-wise error rate).
//   bh:   Benjamini-Hochberg's step-up (Benjamini & Hochberg 1995): the expected share of
//         false verdicts among the verdicts is at most alpha (false discovery rate), for
//         independent or positively dependent comparisons. More verdicts than holm; when
//         nothing differs (A/A) it bounds the chance of any false verdict by alpha too.
//   none: every comparison at alpha on its own (the per-comparison rate).
// The verdict then needs the adjusted p-value below alpha; the raw p-value and the 95%
// interval of each comparison stay as they were (an interval that excludes 1 with a
// verdict of "=" is a comparison that the family's error control did not let through).
#include <optional>
#include <string_view>
#include <vector>

#include "results/stats/statistics.h"

namespace versus::results {

enum class Adjustment { holm, bh, none };

std::string_view adjustment_name(Adjustment adjustment);  // "holm", "bh", "none"
// None for any other name; "" (results written before the choice was recorded) is none.
std::optional<Adjustment> adjustment_from_name(std::string_view name);

// The adjusted p-values of `p` (each in [0, 1]), in the same order: Holm's
// max_{j <= i} min(1, (m - j + 1) p_(j)) or BH's min_{j >= i} min(1, m p_(j) / j) over the
// ascending p_(1) <= ... <= p_(m); `p` itself for none.
std::vector<double> adjust_p_values(const std::vector<double>& p, Adjustment adjustment);

// Adjusts the family's p-values together (estimates without a p-value are not members),
// sets each member's adjusted_p_value and re-derives its verdict from it.
void adjust_family(const std::vector<RatioEstimate*>& family, Adjustment adjustment);

}  // namespace versus::results
