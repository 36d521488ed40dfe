#include "load/family/custom/new_ids.h"

#include <map>
#include <memory>
#include <mutex>
#include <tuple>

namespace versus::load::custom {

std::atomic<std::int64_t>& new_id_counter(const std::string& workload,
                                          const sysbench::ValueSpec& v) {
  using Key = std::tuple<std::string, std::string, std::int64_t>;
  static std::mutex mutex;
  static std::map<Key, std::unique_ptr<std::atomic<std::int64_t>>> counters;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& counter = counters[Key{workload, v.table, v.min}];
  if (!counter) counter = std::make_unique<std::atomic<std::int64_t>>(v.min);
  return *counter;
}

}  // namespace versus::load::custom
