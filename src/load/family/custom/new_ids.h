#pragma once
// The new ids of a workload file's sequence parameters (an INSERT's key after the loaded
// rows): one counter per file, table and first id, shared by every session of the process,
// so no id is drawn twice in a run, across its cells, warmups and rounds (a cell that starts
// from its snapshot again only sees gaps). Taking a counter locks (once, when a session is
// made); drawing from it is one relaxed atomic add.
#include <atomic>
#include <cstdint>
#include <string>

#include "sysbench/custom_workload.h"

namespace versus::load::custom {

// The counter of `v` (a sequence parameter of `workload`), starting at v.min; it lives as
// long as the process.
std::atomic<std::int64_t>& new_id_counter(const std::string& workload, const sysbench::ValueSpec& v);

}  // namespace versus::load::custom
