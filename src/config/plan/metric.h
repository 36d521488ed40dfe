#pragma once
// Metric: the figure a comparison table shows and its ratios compare (matrix key `metric`,
// `versus report --metric`): transactions, queries or read/write requests per second,
// TPC-C's New-Orders per minute, or the 95th percentile latency (lower is better).
#include <optional>
#include <string_view>
#include <vector>

namespace versus::config {

enum class Metric { tps, qps, rw, p95, nopm };

std::string_view metric_name(Metric m);  // "tps", "qps", "rw", "p95", "nopm"
std::optional<Metric> metric_from_name(std::string_view name);
const std::vector<std::string_view>& metric_names();  // in declaration order

// The metric a table of `workload` shows when `metric` was asked for: NOPM where TPS was for a
// workload whose family has a headline rate (sysbench/family_traits.h: TPC-C's New-Orders per
// minute, the figure its results are read in), TPS where NOPM was asked of one without; else
// `metric`.
Metric metric_for_workload(Metric metric, std::string_view workload);

}  // namespace versus::config
