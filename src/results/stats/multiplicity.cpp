#include "results/stats/multiplicity.h"

#include <algorithm>
#include <numeric>

namespace versus::results {

namespace {

// Indexes of `p` in ascending order of their values (ties keep their order).
std::vector<std::size_t> ascending(const std::vector<double>& p) {
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  return order;
}

std::vector<double> holm(const std::vector<double>& p) {
  const auto order = ascending(p);
  const double m = static_cast<double>(p.size());
  std::vector<double> out(p.size());
  double running = 0;  // step-down: adjusted values never decrease along the order
  for (std::size_t j = 0; j < order.size(); ++j) {
    running = std::max(running, std::min(1.0, (m - static_cast<double>(j)) * p[order[j]]));
    out[order[j]] = running;
  }
  return out;
}

std::vector<double> benjamini_hochberg(const std::vector<double>& p) {
  const auto order = ascending(p);
  const double m = static_cast<double>(p.size());
  std::vector<double> out(p.size());
  double running = 1;  // step-up: from the largest p down, adjusted values never increase
  for (std::size_t j = order.size(); j-- > 0;) {
    running = std::min(running, std::min(1.0, m * p[order[j]] / static_cast<double>(j + 1)));
    out[order[j]] = running;
  }
  return out;
}

}  // namespace

std::string_view adjustment_name(Adjustment adjustment) {
  switch (adjustment) {
    case Adjustment::holm:
      return "holm";
    case Adjustment::bh:
      return "bh";
    case Adjustment::none:
      return "none";
  }
  return "none";
}

std::optional<Adjustment> adjustment_from_name(std::string_view name) {
  if (name == "holm") return Adjustment::holm;
  if (name == "bh") return Adjustment::bh;
  if (name == "none" || name.empty()) return Adjustment::none;
  return std::nullopt;
}

std::vector<double> adjust_p_values(const std::vector<double>& p, Adjustment adjustment) {
  switch (adjustment) {
    case Adjustment::holm:
      return holm(p);
    case Adjustment::bh:
      return benjamini_hochberg(p);
    case Adjustment::none:
      return p;
  }
  return p;
}

void adjust_family(const std::vector<RatioEstimate*>& family, Adjustment adjustment) {
  std::vector<RatioEstimate*> members;
  std::vector<double> p;
  for (RatioEstimate* e : family)
    if (e && e->p_value) {
      members.push_back(e);
      p.push_back(*e->p_value);
    }
  const std::vector<double> adjusted = adjust_p_values(p, adjustment);
  for (std::size_t i = 0; i < members.size(); ++i) {
    members[i]->adjusted_p_value = adjusted[i];
    members[i]->verdict = verdict_for(*members[i], adjusted[i]);
  }
}

}  // namespace versus::results
