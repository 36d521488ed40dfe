#pragma once
// The registry of workload families (workload_family.h): the one place a workload's family is
// chosen, and what every layer asks of a workload through it.
#include <string>
#include <string_view>
#include <vector>

#include "load/family/workload_family.h"

namespace versus::load {

// Every family, in load order: sysbench's (sbtest1..N, 0.4's sbtest), TPC-C's,
// the workload files', the replayed logs' (their dumps).
const std::vector<const WorkloadFamily*>& families();
// The family of `w`: the first in families() that runs it.
const WorkloadFamily& family_of(sysbench::Workload w);
// The family of the workload `mix` is of (WorkloadMix::workload).
const WorkloadFamily& family_of(const WorkloadMix& mix);

// The mix of `w` with sysbench's defaults, `counts` applied where `w` runs that kind of
// statement (its family's mix()).
WorkloadMix mix_for(sysbench::Workload w, const sysbench::StatementCounts& counts = {});
// The kinds of transaction the mix runs, by the index Session::kind() returns: TPC-C's five,
// a workload file's transactions by name; none for a sysbench mix, whose transactions are all
// alike.
std::vector<std::string_view> kind_names(const WorkloadMix& mix);

// The size axis of a load of `workloads`: the first family's among them that counts something
// else than rows (TPC-C's warehouses; it runs alone), else rows.
SizeAxis size_axis(const std::vector<sysbench::Workload>& workloads);

// Puts `family` first in families() for this object's life: a family plugged in through the
// seam (tests). Not thread-safe: register before any load starts.
class FamilyRegistration {
 public:
  explicit FamilyRegistration(const WorkloadFamily& family);
  ~FamilyRegistration();
  FamilyRegistration(const FamilyRegistration&) = delete;
  FamilyRegistration& operator=(const FamilyRegistration&) = delete;

 private:
  const WorkloadFamily* family_;
};

}  // namespace versus::load
