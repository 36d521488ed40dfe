#include "host/noise_control.h"

#include "host/cpu_probe.h"
#include "util/cpu_affinity.h"

namespace versus::host {

ClientPinning::ClientPinning(const std::vector<int>& cpus) {
  if (cpus.empty()) return;
  before_ = allowed_cpus(0);
  result_ = pin_process(0, cpus);
}

ClientPinning::~ClientPinning() {
  if (!before_.empty()) (void)pin_process(0, before_);  // best effort: the cell is over
}

Expected<void> prepare_measurement(pid_t server_pid, const std::vector<int>& cpus, bool probe,
                                   results::CellRecord& record) {
  if (auto pinned = pin_process(server_pid, cpus); !pinned)
    return fail("server_cpus: " + pinned.error().message);
  if (probe) record.cpu_probe = probe_cpu_speed();
  return {};
}

}  // namespace versus::host
