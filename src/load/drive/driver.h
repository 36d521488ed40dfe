#pragma once
// Driver: N sessions (client connections) in a closed loop or at a fixed rate, spread over a
// few client threads that each multiplex their sessions on one epoll set (client_thread.h).
// The warmup is never counted; the measured interval starts when it ends. Client threads keep
// their own counters and histograms (no lock on the hot path), merged after the join.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "load/tally/histogram.h"
#include "load/drive/load_watch.h"
#include "load/drive/session.h"
#include "load/drive/steady_state.h"
#include "measured/measurement.h"
#include "measured/transaction_kind.h"
#include "measured/statement_time.h"
#include "util/expected.h"

namespace versus::load {

struct DriverOptions {
  SessionConfig session;
  // The client connections, each a Session (the matrix's and sysbench's `threads`).
  int connections = 1;
  // The OS threads driving them (each many connections); 0: automatic (client_threads_for).
  int client_threads = 0;
  std::chrono::milliseconds warmup{0};  // fixed warmup; with warmup_steady, the least
  // warmup: steady: the warmup ends at the first whole second at which the warmup's
  // per-second rates satisfy `steady` (steady_state.h), or after warmup_max.
  bool warmup_steady = false;
  std::chrono::milliseconds warmup_max{60'000};
  SteadyRule steady;
  std::chrono::milliseconds duration{0};  // 0: no time limit
  std::uint64_t max_requests = 0;         // 0: no request limit
  std::uint64_t rate = 0;  // transactions/s over all threads (Poisson arrivals); 0: closed loop
  // Called on the driver's own thread, never by a client thread: just before the measured
  // interval starts (the load held: nothing in flight), just after it ends (the client
  // threads joined: nothing in flight), and about once a second in between: the usage
  // snapshots and placement samples (usage_probe.h), whose counters then cover exactly the
  // transactions completed between them. The watch reads the
  // transactions completed so far and the client threads' ids (load_watch.h).
  std::function<void(const LoadWatch&)> at_measure_start, at_measure_end, during_measure;
  // Called on the driver's thread once every session connected, before the warmup: the
  // thread placement (host/colocation.h) pins the client threads and their sessions' server
  // threads there. A failure it returns stops the load before anything is measured.
  std::function<Expected<void>(const LoadWatch&)> at_ready;
  std::uint64_t seed = 0;  // of the sessions' random ids (load/drive/seed.h); 0: from the clock
  // Where the load shows its progress to another thread while it runs (none: nowhere).
  LoadBoard* board = nullptr;
};

// How the warmup went: its length, and with warmup: steady whether the rule was met (false:
// it ran to warmup_max).
struct WarmupOutcome {
  double seconds = 0;
  bool until_steady = false;  // warmup: steady was asked
  bool steady = false;        // ... and reached before warmup_max
};

struct LoadResult {
  measured::Counters counters;
  Histogram latency;                           // nanoseconds per transaction
  double seconds = 0;                          // the measured interval
  std::vector<measured::SecondSample> series;  // one per second of the measured interval
  measured::ErrorCounts errors;                // by code and kind, over the measured interval
  // The measured transactions' statements by class (statement_class.h); empty with
  // SessionConfig::time_statements off.
  measured::StatementTimes statements;
  WarmupOutcome warmup;
  // By kind, when the mix has kinds (TPC-C); empty for sysbench's.
  std::vector<measured::TransactionKind> kinds;
};

// A snapshot for live progress: totals since the measured interval began.
struct LiveSample {
  bool warming_up = true;
  double elapsed_s = 0;  // since the measured interval began (0 while warming up)
  std::uint64_t transactions = 0;
  std::uint64_t queries = 0;
  std::uint64_t errors = 0;
};
using ProgressFn = std::function<void(const LiveSample&)>;

// Client threads for `connections` connections: `requested` when above 0, else one per 4 CPUs
// (the server needs the rest) but at least 2 (one thread alone, preempted by the server, stalls
// every connection: on 2 vCPUs, 8 connections ran 5-7% slower on 1 thread than on 2); at least
// 1, at most one per connection.
int client_threads_for(int connections, int requested, unsigned cpus);

// The latency of a result as the records keep it: min, avg, percentiles and max, in ms.
measured::LatencyMs latency_summary(const Histogram& nanos);

// Runs the load; `cancel` (may be null) stops it early, keeping what was measured.
Expected<LoadResult> run_load(const DriverOptions& options, const ProgressFn& progress = {},
                              const std::atomic<bool>* cancel = nullptr);

}  // namespace versus::load
