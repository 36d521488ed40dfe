#pragma once
// Unmeasured: what runs on a started server between measured cells and is never a result:
// a load (the suite's writes before its second read pass, its warm-up passes) and the
// postwrite step (run/postwrite.h) on an instance's tables. Nothing here starts or stops the
// server.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "host/server_host.h"
#include "run/cell_run.h"
#include "run/instance.h"
#include "run/postwrite.h"
#include "util/expected.h"

namespace versus::run {

// Runs `load` on `srv` (the instance's benchmark database, its engine's limits); the
// transactions it completed. Fails when it fails, is cancelled, or completes none.
Expected<std::uint64_t> run_unmeasured(const Instance& inst, host::StartedServer& srv,
                                       const CellLoad& load, const std::atomic<bool>* cancel);

// The postwrite step on the instance's tables on `srv` (its rows bound the wait).
Expected<std::vector<PostwriteAction>> settle_instance(const Instance& inst,
                                                       host::StartedServer& srv);

}  // namespace versus::run
