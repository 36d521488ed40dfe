#pragma once
// A workloads[] entry {replay: LOG, replay_data: DUMP, replay_writes: BOOL, replay_sample: N}
// (Level::workload_entry), read as the option table says into a Workload::replay entry. The
// log itself is read by the load's replay family, before any server starts (run/preflight).
#include <optional>

#include "config/reading/conversion.h"

namespace versus::config {

// The entry `item` (a map with the key replay), or nullopt with its problems reported.
std::optional<WorkloadEntry> to_replay_entry(const MapEntry& item, ReadContext& ctx);

}  // namespace versus::config
