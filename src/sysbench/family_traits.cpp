#include "sysbench/family_traits.h"

#include "sysbench/replay_workload.h"

namespace versus::sysbench {
namespace {
// sysbench's mixes, 1.0's and 0.4's, and the microbenchmarks (load/family/oltp/).
constexpr FamilyTraits kOltpTraits{
    .name = "sysbench",
    .runs =
        [](Workload w) {
          return w != Workload::tpcc && w != Workload::custom && w != Workload::replay;
        },
    .dialects = {"sysbench-1.0", "sysbench-0.4"},
};

// TPC-C (load/family/tpcc/, docs/tpcc.md).
constexpr FamilyTraits kTpccTraits{
    .name = "TPC-C",
    .runs = [](Workload w) { return w == Workload::tpcc; },
    .dialects = {"tpcc"},
    .size = {"warehouses", "warehouse", "w", "warehouses"},
    .tables = "TPC-C's 9 tables",
    .own_keys = {"tpcc_home", "tpcc_mix", "tpcc_checks"},
    .keys_without_it =
        "says how the tpcc workload runs, but no workload is tpcc; add tpcc to "
        "workloads or leave it out",
    .runs_alone =
        "tpcc runs in a plan of its own (its instances load TPC-C's tables by "
        "warehouses, the others sbtest by table_size); make a second matrix for it",
    .headline = "NOPM",
    .pacing = "no keying or think time",
    .table_checks = "tpcc checks TPC-C's consistency conditions",
    .variant_unrecorded = "tpcc_home and tpcc_mix not recorded",
    // its ids are NURand's, not rand_type's
    .load_shape =
        "TPC-C's five transactions by a deck of cards (New-Order 45%, Payment 43%, "
        "Order-Status, Delivery and Stock-Level 4% each), no keying or think time",
};

// Workload files (load/family/custom/, docs/own-sql.md).
constexpr FamilyTraits kWorkloadFileTraits{
    .name = "workload file",
    .runs = [](Workload w) { return w == Workload::custom; },
    .dialects = {"workload-file"},
    .load_shape =
        "the workload file's transactions by weight, each statement's parameters by its "
        "generator",
};

// A query log replayed (load/family/replay/, docs/replay.md).
constexpr FamilyTraits kReplayTraits{
    .name = "replay",
    .runs = [](Workload w) { return w == Workload::replay; },
    .dialects = {"replay"},
    .load_shape =
        "the log's statements by class, its connections dealt round-robin onto the threads, "
        "each in captured order, looping (a name ending in -weighted: statements drawn by "
        "their share of the log)",
    .own_data = "each replay's dump (replay_data), no sysbench tables",
    .class_verdicts = true,
};
}  // namespace

const FamilyTraits& oltp_traits() {
  return kOltpTraits;
}
const FamilyTraits& tpcc_traits() {
  return kTpccTraits;
}
const FamilyTraits& workload_file_traits() {
  return kWorkloadFileTraits;
}
const FamilyTraits& replay_traits() {
  return kReplayTraits;
}

const std::vector<const FamilyTraits*>& family_traits() {
  static const std::vector<const FamilyTraits*> rows{&kOltpTraits, &kTpccTraits,
                                                     &kWorkloadFileTraits, &kReplayTraits};
  return rows;
}

const FamilyTraits& traits_of(Workload w) {
  for (const FamilyTraits* t : family_traits())
    if (t->runs(w)) return *t;
  return kOltpTraits;  // every workload has a row: not reached
}

const FamilyTraits& traits_of_named(std::string_view workload) {
  const auto w = workload_from_name(without_after_writes(workload));
  if (w) return traits_of(*w);
  return workload.starts_with(kReplayNamePrefix) ? kReplayTraits : kWorkloadFileTraits;
}

const FamilyTraits& traits_of_dialect(std::string_view dialect) {
  for (const FamilyTraits* t : family_traits())
    for (std::string_view d : t->dialects)
      if (!d.empty() && d == dialect) return *t;
  return kOltpTraits;
}

const FamilyTraits* sizing_family(const std::vector<Workload>& workloads) {
  for (Workload w : workloads)
    if (const FamilyTraits& t = traits_of(w); !t.sized_in_rows()) return &t;
  return nullptr;
}

SizeAxis size_axis(const std::vector<Workload>& workloads) {
  const FamilyTraits* family = sizing_family(workloads);
  return family ? family->size : SizeAxis{};
}

}  // namespace versus::sysbench
