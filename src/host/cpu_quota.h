#pragma once
// CpuQuota: a known slowdown made on purpose. The server's processes are moved into a cgroup
// of their own whose CPU bandwidth is limited to a share of the CPUs they may run on: cgroup
// v2 `cpu.max` ("quota period"), or v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us` where the cpu
// controller is mounted as v1. A 95% quota gives a CPU-bound server about 5% fewer
// transactions (a server waiting on the client or the disk loses less). The cgroup is
// created under versus's own one, named after versus's pid and a counter, and removed on
// destruction (processes still in it are moved back to the parent first).
#include <sys/types.h>

#include <filesystem>
#include <string>

#include "util/expected.h"

namespace versus::host {

// The cpu controller's directory for versus's own cgroup and how to limit it.
struct CpuController {
  std::filesystem::path dir;  // e.g. /sys/fs/cgroup/cpu (v1) or /sys/fs/cgroup/x (v2)
  bool v2 = false;
};

// Where cgroups with a cpu limit can be made, from /proc/self/mountinfo and /proc/self/cgroup;
// an error naming what is missing otherwise.
Expected<CpuController> find_cpu_controller();

// Checks that a quota can be applied here: creates a probe cgroup, sets a limit, removes it.
// For preflight: nothing is started when this fails.
Expected<void> check_cpu_quota();

// Period of every quota: 100 ms, the kernel's default.
inline constexpr long kQuotaPeriodUs = 100'000;

// The quota, in microseconds per period, for `pct` percent of `cpus` CPUs.
long quota_us(int pct, int cpus);

class CpuQuota {
 public:
  // Moves `pid` (all its threads; children it starts later inherit) into a new cgroup limited
  // to `pct` percent of `cpus` CPUs.
  static Expected<CpuQuota> apply(pid_t pid, int pct, int cpus);
  CpuQuota(CpuQuota&& other) noexcept;
  CpuQuota& operator=(CpuQuota&&) = delete;
  CpuQuota(const CpuQuota&) = delete;
  ~CpuQuota();
  const std::filesystem::path& dir() const { return dir_; }

 private:
  CpuQuota(std::filesystem::path dir, std::filesystem::path parent)
      : dir_(std::move(dir)), parent_(std::move(parent)) {}
  std::filesystem::path dir_;     // empty when moved from
  std::filesystem::path parent_;  // where remaining processes go back
};

}  // namespace versus::host
