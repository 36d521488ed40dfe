#pragma once
// FamilyTraits: what a workload family is and needs, as the layers above the vocabulary (config,
// results, report, run, cli) ask it instead of naming a family. One declaration per family, in
// family_traits.cpp; a workload, a cell's workload name or a record's dialect finds its row.
// The engine's side of a family (what it loads and sends) is its load::WorkloadFamily
// (load/family/workload_family.h), which answers from the same row where they overlap.
#include <array>
#include <string_view>
#include <vector>

#include "sysbench/workload.h"

namespace versus::sysbench {

// What the plan's size axis counts for a family.
struct SizeAxis {
  std::string_view unit = "rows";       // what one size counts (rows per table, "warehouses")
  std::string_view one = "row";         // ... in the singular
  std::string_view tag = "s";           // an instance name's tag: ".s10000", ".w4"
  std::string_view key = "table_size";  // the matrix key whose values are the sizes
  bool operator==(const SizeAxis&) const = default;
};

struct FamilyTraits {
  // Its name in messages ("sysbench", "TPC-C", "workload file").
  std::string_view name{};
  // Whether `w` is one of its workloads.
  bool (*runs)(Workload w) = nullptr;
  // The dialects its cells' records name (results::MixRecord::dialect), the first its default.
  std::array<std::string_view, 2> dialects{};
  SizeAxis size{};
  // Its tables as a data size table's title names them ("TPC-C's 9 tables"); "" when they are
  // the plan's numbered tables.
  std::string_view tables{};
  // The matrix keys only it reads; given in a plan without its workloads they change nothing,
  // and `keys_without_it` is the problem reported at each.
  std::array<std::string_view, 3> own_keys{};
  std::string_view keys_without_it{};
  // The problem reported at `workloads` when its workloads share a plan with others' (its
  // instances load only its tables); "" when they may.
  std::string_view runs_alone{};
  // The name of its headline rate, the committed transactions per minute of its first kind of
  // transaction, shown beside TPS and read in place of it (metric: nopm): "NOPM"; "" when it
  // has none.
  std::string_view headline{};
  // How its sessions pace their transactions, said beside its figures ("no keying or think
  // time"); "" when they send one after another as sysbench does.
  std::string_view pacing{};
  // What it checks on the tables a cell left (load::WorkloadFamily::check_tables), as
  // `versus bench check` says it; "" when it checks nothing.
  std::string_view table_checks{};
  // Whether its records carry a variant, the choices that change what it measures
  // (results::mix_variant), and what a record from before they were recorded says instead.
  std::string_view variant_unrecorded{};
  // Its load's shape in one sentence, when its statement counts do not say it; "" for those
  // that do (sysbench's mixes: report/run/load_shape_text.h).
  std::string_view load_shape{};
  // What its instances load instead of the plan's numbered tables, as a plan names it ("each
  // replay's dump (replay_data)"); "" when its workloads run on the numbered tables.
  std::string_view own_data{};
  // Whether its statement classes are the user's own queries, each given a verdict of its own
  // in the reports (results/evidence/class_verdicts.h): a replayed log's.
  bool class_verdicts = false;

  bool has_headline() const { return !headline.empty(); }
  bool checks_tables() const { return !table_checks.empty(); }
  bool has_variant() const { return !variant_unrecorded.empty(); }
  bool sized_in_rows() const { return size == SizeAxis{}; }
};

// Every family's row, in the load registry's order (load/family/registry.h).
const std::vector<const FamilyTraits*>& family_traits();
// The row of the family that runs `w`.
const FamilyTraits& traits_of(Workload w);
// The row of the family of a cell's or record's workload, by its name (a suite's pass
// ".after_writes" by its test's): a built-in workload's family, a replay's by its name's prefix
// (kReplayNamePrefix), else the workload files'.
const FamilyTraits& traits_of_named(std::string_view workload);
// The row of the family whose records name `dialect`; sysbench's for one no family names
// (a record from before dialects were recorded).
const FamilyTraits& traits_of_dialect(std::string_view dialect);
// The first family among `workloads`' that sizes its tables in something else than rows
// (TPC-C's warehouses; it runs alone); null when they all count rows.
const FamilyTraits* sizing_family(const std::vector<Workload>& workloads);
// The size axis of a plan or load of `workloads`: sizing_family's, else rows.
SizeAxis size_axis(const std::vector<Workload>& workloads);

// The rows, for the families' own rooms (load/family/*/), which answer from them.
const FamilyTraits& oltp_traits();
const FamilyTraits& tpcc_traits();
const FamilyTraits& workload_file_traits();
const FamilyTraits& replay_traits();

}  // namespace versus::sysbench
