#pragma once
// ClientThread: one thread driving many sessions, each waiting on its own socket in one
// Poller, so 1,000 connections need neither 1,000 threads nor their wake-ups. It follows the
// driver's phase: warmup transactions are never counted, measured ones are recorded in this
// thread's slot (latency from the intended start, as sysbench --rate counts queueing).
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "load/drive/driver.h"
#include "load/drive/run_state.h"

namespace versus::load {

// How long transactions in flight at the stop may take to end; those still waiting then (a
// server that stopped answering) are abandoned and counted, so a hung server cannot hang
// the run.
inline constexpr std::chrono::seconds kDrainLimit{5};

// Opens `connections` sessions (one connection each), waits for every client thread to be ready,
// then runs them until the phase is kStop (a fatal error stops the run: RunState::fail). `seed`
// varies per thread. Never throws: an exception from a library fails the load like a fatal error.
void run_client_thread(RunState& state, ClientSlot& slot, const DriverOptions& options,
                       int connections, std::uint64_t seed);

}  // namespace versus::load
