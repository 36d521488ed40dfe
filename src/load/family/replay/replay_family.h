#pragma once
// The replay family: a production query log replayed (docs/replay.md). It loads the dump the
// user gives (replay_data), checks and reads the log before any server starts (check: a write
// in a read-only replay is refused there), names each statement class by its fingerprint and
// runs a ReplayProgram per session (replay_program.h).
#include <memory>

#include "load/family/replay/replay_script.h"
#include "load/family/workload_family.h"

namespace versus::load {

const WorkloadFamily& replay_family();

namespace replay {
// The script of `w`, read once per process and kept (every session and the statement classes
// share it); an error names the log and line.
Expected<std::shared_ptr<const ReplayScript>> script_of(const sysbench::ReplayWorkload& w);
// Runs the statements of the dump `w` names (none: nothing) into `spec`'s database.
Expected<void> load_dump(const LoadSpec& spec, const sysbench::ReplayWorkload& w);
}  // namespace replay

}  // namespace versus::load
