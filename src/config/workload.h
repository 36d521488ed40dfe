#pragma once
// Workload: the sysbench 1.0 transaction mixes versus can drive, by their sysbench names.
#include <optional>
#include <string_view>
#include <vector>

namespace versus::config {

enum class Workload {
  oltp_read_write,
  oltp_read_only,
  oltp_write_only,
  oltp_point_select,
  oltp_update_index,
  oltp_update_non_index,
  oltp_insert,
  oltp_delete,
};

std::string_view workload_name(Workload w);
std::optional<Workload> workload_from_name(std::string_view name);
// Every workload name, in declaration order (for validation messages and docs).
const std::vector<std::string_view>& workload_names();

}  // namespace versus::config
