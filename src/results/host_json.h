#pragma once
// JSON form of where a run measured (docs/output.md): the run's "machine" object, and for
// sharded runs its "shard" object and, in a merged run, "hosts" (one per shard). Written only
// when there is something to say, so results without them read and write as before.
#include <nlohmann/json.hpp>
#include <string>

#include "results/record.h"
#include "util/expected.h"

namespace versus::results {

nlohmann::ordered_json machine_to_json(const MachineFacts& machine);
// `path` names the object in error messages ("run.machine"); "hostname" is optional.
Expected<MachineFacts> machine_from_json(const nlohmann::ordered_json& json,
                                         const std::string& path);

// Adds "shard" (when info.shard.count > 0) and "hosts" (when any) to the run's object.
void add_shard_json(const RunInfo& info, nlohmann::ordered_json& run);
// Reads them back from the run's object (`path`: "run"); absent ones stay empty.
Expected<void> read_shard_json(const nlohmann::ordered_json& run, const std::string& path,
                               RunInfo& info);

}  // namespace versus::results
