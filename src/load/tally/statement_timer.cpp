#include "load/tally/statement_timer.h"

#include <algorithm>
#include <string>

namespace versus::load {

void StatementTimer::merge(const StatementTimer& other) {
  if (by_class_.size() < other.by_class_.size()) by_class_.resize(other.by_class_.size());
  for (std::size_t c = 0; c < other.by_class_.size(); ++c) by_class_[c].merge(other.by_class_[c]);
}

measured::StatementTimes statement_times(const StatementTimer& timer,
                                         std::span<const std::string_view> names) {
  measured::StatementTimes out;
  const std::size_t n = std::min(timer.classes(), names.size());
  for (std::size_t c = 0; c < n; ++c) {
    const Histogram& h = timer.of(static_cast<StatementClass>(c));
    if (h.count() == 0) continue;
    const double mean_ms = h.mean() / 1e6;
    out.push_back({std::string(names[c]), h.count(), mean_ms * static_cast<double>(h.count()),
                   mean_ms, h.quantile(0.50) / 1e6, h.quantile(0.95) / 1e6,
                   h.quantile(0.99) / 1e6});
  }
  return out;
}

}  // namespace versus::load
