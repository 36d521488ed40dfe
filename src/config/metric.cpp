#include "config/metric.h"

#include "util/name_table.h"

namespace versus::config {
namespace {
constexpr NameTable<Metric, 4> kMetricNames{{{
    {Metric::tps, "tps"},
    {Metric::qps, "qps"},
    {Metric::rw, "rw"},
    {Metric::p95, "p95"},
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

}  // namespace versus::config
