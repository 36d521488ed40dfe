#include "config/workload.h"

#include <array>
#include <utility>

namespace versus::config {
namespace {
constexpr std::array<std::pair<Workload, std::string_view>, 8> kNames{{
    {Workload::oltp_read_write, "oltp_read_write"},
    {Workload::oltp_read_only, "oltp_read_only"},
    {Workload::oltp_write_only, "oltp_write_only"},
    {Workload::oltp_point_select, "oltp_point_select"},
    {Workload::oltp_update_index, "oltp_update_index"},
    {Workload::oltp_update_non_index, "oltp_update_non_index"},
    {Workload::oltp_insert, "oltp_insert"},
    {Workload::oltp_delete, "oltp_delete"},
}};
}  // namespace

std::string_view workload_name(Workload w) {
  for (const auto& [k, name] : kNames)
    if (k == w) return name;
  return "unknown";
}

std::optional<Workload> workload_from_name(std::string_view name) {
  for (const auto& [k, n] : kNames)
    if (n == name) return k;
  return std::nullopt;
}

const std::vector<std::string_view>& workload_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for (const auto& entry : kNames) v.push_back(entry.second);
    return v;
  }();
  return names;
}

}  // namespace versus::config
