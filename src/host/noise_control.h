#pragma once
// Noise control around one measured cell: the plan's CPU pinning of client and server, and
// the host CPU-speed probe. Pinning matters on small VMs, where single-thread figures swing
// 2-4x with where the scheduler happens to put the client and the server.
#include <sys/types.h>

#include <vector>

#include "results/record/record.h"
#include "util/expected.h"

namespace versus::host {

// Pins versus (every thread it has; threads started later inherit) to `cpus` for its lifetime
// and restores the CPUs allowed before on destruction. Empty `cpus`: does nothing.
class ClientPinning {
 public:
  explicit ClientPinning(const std::vector<int>& cpus);
  ~ClientPinning();
  ClientPinning(const ClientPinning&) = delete;
  ClientPinning& operator=(const ClientPinning&) = delete;
  const Expected<void>& result() const { return result_; }

 private:
  std::vector<int> before_;  // empty when nothing was pinned
  Expected<void> result_;
};

// Pins the started server (pid `server_pid` with all its threads) to `cpus`, then, when
// `probe`, records the host's CPU speed in `record.cpu_probe` (with versus already pinned by
// the caller, so the probe runs where the client will). Fails when pinning fails.
Expected<void> prepare_measurement(pid_t server_pid, const std::vector<int>& cpus, bool probe,
                                   results::CellRecord& record);

}  // namespace versus::host
