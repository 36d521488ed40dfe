#pragma once
// LoadWatch: what the driver's own thread may read of a running load, off the hot path: the
// transactions completed so far (the client slots' relaxed counters, no lock) and the client
// threads' kernel ids. The usage probe reads it at its snapshot instants (usage_probe.h), so
// the server's counters and CPU are divided by what completed over the same interval.
#include <sys/types.h>

#include <cstdint>
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

}  // namespace versus::load
