#include "config/plan/metric.h"

#include "sysbench/family_traits.h"
#include "util/name_table.h"

namespace versus::config {
namespace {
constexpr NameTable<Metric, 5> kMetricNames{{{
    {Metric::tps, "tps"},
    {Metric::qps, "qps"},
    {Metric::rw, "rw"},
    {Metric::p95, "p95"},
    {Metric::nopm, "nopm"},
}}};
}  // namespace

std::string_view metric_name(Metric m) {
  return kMetricNames.name(m);
}

std::optional<Metric> metric_from_name(std::string_view name) {
  return kMetricNames.find(name);
}

const std::vector<std::string_view>& metric_names() {
  static const std::vector<std::string_view> names = kMetricNames.names();
  return names;
}

Metric metric_for_workload(Metric metric, std::string_view workload) {
  const bool headline = sysbench::traits_of_named(workload).has_headline();
  if (headline && metric == Metric::tps) return Metric::nopm;
  if (!headline && metric == Metric::nopm) return Metric::tps;
  return metric;
}

}  // namespace versus::config
