#pragma once
// Metric: the figure a comparison table shows and its ratios compare (matrix key `metric`,
// `versus report --metric`): transactions, queries or read/write requests per second, or the
// 95th percentile latency (lower is better).
#include <optional>
#include <string_view>
#include <vector>

namespace versus::config {

enum class Metric { tps, qps, rw, p95 };

std::string_view metric_name(Metric m);  // "tps", "qps", "rw", "p95"
std::optional<Metric> metric_from_name(std::string_view name);
const std::vector<std::string_view>& metric_names();  // in declaration order

}  // namespace versus::config
