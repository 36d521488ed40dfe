#include "load/family/registry.h"

#include <algorithm>

#include "load/family/custom/custom_family.h"
#include "load/family/oltp/oltp_family.h"
#include "load/family/replay/replay_family.h"
#include "load/family/tpcc/tpcc_family.h"

namespace versus::load {

namespace {
std::vector<const WorkloadFamily*>& registered() {
  static std::vector<const WorkloadFamily*> list{&oltp_family(), &tpcc_family(),
                                                 &custom_family(), &replay_family()};
  return list;
}
}  // namespace

const std::vector<const WorkloadFamily*>& families() { return registered(); }

const WorkloadFamily& family_of(sysbench::Workload w) {
  for (const WorkloadFamily* f : registered())
    if (f->runs(w)) return *f;
  return oltp_family();  // every built-in workload has a family: not reached
}

const WorkloadFamily& family_of(const WorkloadMix& mix) { return family_of(mix.workload); }

WorkloadMix mix_for(sysbench::Workload w, const sysbench::StatementCounts& counts) {
  WorkloadMix m = family_of(w).mix(w, counts);
  m.workload = w;
  return m;
}

std::vector<std::string_view> kind_names(const WorkloadMix& mix) {
  return family_of(mix).kind_names(mix);
}

SizeAxis size_axis(const std::vector<sysbench::Workload>& workloads) {
  for (sysbench::Workload w : workloads)
    if (const SizeAxis axis = family_of(w).size_axis(); axis.unit != SizeAxis{}.unit) return axis;
  return {};
}

FamilyRegistration::FamilyRegistration(const WorkloadFamily& family) : family_(&family) {
  registered().insert(registered().begin(), family_);
}

FamilyRegistration::~FamilyRegistration() {
  auto& list = registered();
  list.erase(std::find(list.begin(), list.end(), family_));
}

}  // namespace versus::load
