#include "sysbench/replay_workload.h"

#include "util/name_table.h"

namespace versus::sysbench {
namespace {
constexpr NameTable<ReplayOrder, 2> kReplayOrders{
    {{{ReplayOrder::captured, "captured"}, {ReplayOrder::weighted, "weighted"}}}};
}  // namespace

std::string_view replay_order_name(ReplayOrder o) {
  return kReplayOrders.name(o);
}

std::optional<ReplayOrder> replay_order_from_name(std::string_view name) {
  return kReplayOrders.find(name);
}

const std::vector<std::string_view>& replay_order_names() {
  static const std::vector<std::string_view> names = kReplayOrders.names();
  return names;
}

}  // namespace versus::sysbench
