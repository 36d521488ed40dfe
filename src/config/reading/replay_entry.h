#pragma once
// A workloads[] entry {replay: LOG, replay_data: DUMP, replay_writes: BOOL, replay_sample: N}
// (Level::workload_entry), read as the option table says into a Workload::replay entry. The
// log itself is read by the load's replay family, before any server starts (run/preflight).
#include <filesystem>
#include <optional>
#include <string>

#include "config/reading/conversion.h"
#include "sysbench/replay_workload.h"

namespace versus::config {

// The cells' workload name of a replay of `log`: "replay-" and the log's name without its
// extension, kept to a name's characters ([A-Za-z0-9._-], others '_') and length; in weighted
// order it ends in "-weighted" (another mix of the same log: cells, reports and history keep
// the two orders apart by name).
std::string replay_workload_name(const std::filesystem::path& log,
                                 sysbench::ReplayOrder order = sysbench::ReplayOrder::captured);

// The entry `item` (a map with the key replay), or nullopt with its problems reported.
std::optional<WorkloadEntry> to_replay_entry(const MapEntry& item, ReadContext& ctx);

}  // namespace versus::config
