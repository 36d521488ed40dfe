#pragma once
// LoadWatch: what the driver's own thread may read of a running load, off the hot path: the
// transactions completed so far (the client slots' relaxed counters, no lock) and the client
// threads' kernel ids. The usage probe reads it at its snapshot instants (usage_probe.h), so
// the server's counters and CPU are divided by what completed over the same interval.
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

namespace versus::load {

struct RunState;

class LoadWatch {
 public:
  LoadWatch() = default;  // no load: nothing completed, no client thread
  explicit LoadWatch(const RunState& state) : state_(&state) {}

  std::uint64_t completed() const;         // transactions ended so far, in any phase
  std::vector<pid_t> client_tids() const;  // the client threads that have started
  // Per client thread, its kernel id and its sessions' server connection ids as first
  // connected. Complete only once every session connected (DriverOptions::at_ready).
  struct ThreadSessions {
    pid_t tid = 0;
    std::vector<std::uint64_t> connection_ids;
  };
  std::vector<ThreadSessions> sessions() const;

 private:
  const RunState* state_ = nullptr;
};

// What a thread outside the load (the cell's watchdog, run/watchdog.h) may read of the load
// running now: every answer the sessions got from the server so far (a connect, a result, an
// error: any sign that the server is answering), its phase and when its measured interval
// began.
struct LoadProgress {
  std::uint64_t answers = 0;
  std::uint64_t in_flight = 0;  // transactions waiting for the server now
  bool measuring = false;  // in the measured interval
  bool stopping = false;   // after it: draining, then the last usage snapshot
  std::chrono::steady_clock::time_point measure_start{};  // when measuring or stopping
};

// The board on which run_load shows its load while it runs (DriverOptions::board): read by
// another thread about ten times a second under the board's own lock, which no client thread
// ever takes.
class LoadBoard {
 public:
  std::optional<LoadProgress> read() const;  // none while no load runs

  // run_load's entry: its state is on the board from construction to destruction.
  class Entry {
   public:
    Entry(LoadBoard* board, const RunState& state);
    ~Entry();
    Entry(const Entry&) = delete;
    Entry& operator=(const Entry&) = delete;

   private:
    LoadBoard* board_;
  };

 private:
  mutable std::mutex mutex_;
  const RunState* state_ = nullptr;
};

}  // namespace versus::load
