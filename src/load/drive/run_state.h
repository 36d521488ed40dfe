#pragma once
// RunState: what the driver and its client threads share during one load. Each client thread
// writes only its own slot; the phase, the request tickets and the series epoch are atomics.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <latch>
#include <string>
#include <vector>

#include "load/tally/error_tally.h"
#include "load/tally/histogram.h"
#include "load/tally/interval_histogram.h"
#include "load/tally/kind_tally.h"
#include "load/drive/session.h"
#include "load/tally/statement_timer.h"

namespace versus::load {

using Clock = std::chrono::steady_clock;

// kHold: no transaction starts (those in flight end), so the measured interval's first usage
// snapshot is taken with nothing in flight: the server's counters and the transactions
// completed then stand for the same instant.
enum Phase : int { kWarmup = 0, kMeasure = 1, kStop = 2, kHold = 3 };

struct ClientSlot {
  ThreadCounters counters;
  ErrorTally errors;  // the measured transactions' errors by code; read after the join
  Histogram latency;                                  // nanoseconds per measured transaction
  std::array<IntervalHistogram, 3> interval;          // by epoch % 3: the per-second series
  StatementTimer statements;  // the measured transactions' statements by class (sized by run_load)
  std::atomic<std::uint64_t> warmup_transactions{0};  // ended in the warmup (warmup: steady)
  // Every transaction that ended, in any phase (the usage snapshots read it at their instants:
  // load_watch.h); relaxed, written by the slot's thread only.
  std::atomic<std::uint64_t> completed{0};
  // Every answer its sessions got from the server (a session opened, a socket event handled),
  // in any phase; relaxed, written by the slot's thread only (load_watch.h: LoadProgress).
  std::atomic<std::uint64_t> answers{0};
  // Its transactions in flight now: a wait for an answer (load_watch.h); relaxed, as above.
  std::atomic<std::uint64_t> in_flight{0};
  std::atomic<int> tid{0};  // the thread's kernel id (gettid), for the placement samples
  // Its sessions' server connection ids as first connected; written before `ready` counts
  // down, read after it (the latch orders the two).
  std::vector<std::uint64_t> connection_ids;
  std::string error;                                  // set by the thread, read after the join
  Clock::time_point last_end{};
  // The load-wide ordinal of its first session (SessionConfig::ordinal).
  int first_session = 0;
  // By Session::kind(), when the mix has kinds (load/family/registry.h kind_names); read after the join.
  std::vector<KindTally> kinds;
};

struct RunState {
  // Without a warmup the threads start measured: with max_requests = N the server then
  // sees exactly N transactions, as with sysbench --events=N.
  // Without a warmup the threads start held (kHold), then measured.
  RunState(int client_threads, bool warmup)
      : slots(static_cast<std::size_t>(client_threads)),
        ready(client_threads),
        phase(warmup ? kWarmup : kHold) {}

  // A measured transaction may start: max_requests is 0 or not all claimed yet.
  bool claim_ticket(std::uint64_t max_requests) {
    return max_requests == 0 || tickets.fetch_add(1, std::memory_order_relaxed) < max_requests;
  }
  // A client thread failed: everything stops, the first message is kept in its slot.
  void fail(ClientSlot& slot, std::string message) {
    slot.error = std::move(message);
    failed.store(true);
    phase.store(kStop);
  }

  std::vector<ClientSlot> slots;
  std::latch ready;  // every client thread has its sessions connected and prepared (or failed)
  std::atomic<int> phase;
  std::atomic<std::uint64_t> tickets{0};  // measured transactions claimed (max_requests)
  std::atomic<bool> failed{false};
  std::atomic<std::uint32_t> epoch{0};  // the second of the measured interval, for `interval`
  // When the measured interval began (Clock's ticks since its epoch); 0 before it.
  std::atomic<Clock::rep> measure_start{0};
};

}  // namespace versus::load
