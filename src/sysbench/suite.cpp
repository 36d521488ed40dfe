#include "sysbench/suite.h"

#include "util/name_table.h"

namespace versus::sysbench {
namespace {
constexpr NameTable<Suite, 1> kSuiteNames{{{{Suite::microbenchmarks, "microbenchmarks"}}}};

// Reads that leave the tables as they were first, the writes last (they move k and grow the
// undo history the reads would then walk). Each group in its order; the groups and their tests
// are the published summaries' (32 tests: point 9, range 5, range with aggregation 8, writes
// 10), a test's sizes in the order the published run takes them (random-points 10, 100, 1000;
// read-only 10, 100, 10000, then -simple, -sum, -order, -distinct, -count; write-only, then
// read-write 10, 100; delete and insert last).
struct GroupWorkloads {
  SuiteGroup group;
  std::vector<Workload> workloads;
};
const std::vector<GroupWorkloads> kMicroGroups = {
    {SuiteGroup::point,
     {Workload::point_query, Workload::points_covered_pk, Workload::points_covered_si,
      Workload::points_notcovered_pk, Workload::points_notcovered_si, Workload::random_points_10,
      Workload::random_points, Workload::random_points_1000, Workload::hot_points}},
    {SuiteGroup::range,
     {Workload::range_covered_pk, Workload::range_covered_si, Workload::range_notcovered_pk,
      Workload::range_notcovered_si, Workload::scan}},
    {SuiteGroup::aggregation,
     {Workload::read_only_range_10, Workload::read_only_range_100,
      Workload::read_only_range_10000, Workload::read_only_simple, Workload::read_only_sum,
      Workload::read_only_order, Workload::read_only_distinct, Workload::read_only_count}},
    {SuiteGroup::writes,
     {Workload::update_inlist, Workload::oltp_update_index, Workload::oltp_update_non_index,
      Workload::update_one, Workload::update_zipf, Workload::oltp_write_only,
      Workload::read_write_range_10, Workload::oltp_read_write, Workload::oltp_delete,
      Workload::oltp_insert}},
};

constexpr NameTable<SuiteGroup, 4> kGroupNames{
    {{{SuiteGroup::point, "point"},
      {SuiteGroup::range, "range"},
      {SuiteGroup::aggregation, "range with aggregation"},
      {SuiteGroup::writes, "writes"}}}};
}  // namespace

bool suite_runs_last(Workload w) {
  return w == Workload::oltp_delete || w == Workload::oltp_insert;
}

std::string_view suite_name(Suite s) {
  return kSuiteNames.name(s);
}

std::optional<Suite> suite_from_name(std::string_view name) {
  return kSuiteNames.find(name);
}

const std::vector<std::string_view>& suite_names() {
  static const std::vector<std::string_view> names = kSuiteNames.names();
  return names;
}

const std::vector<Workload>& suite_workloads(Suite) {
  static const std::vector<Workload> all = [] {
    std::vector<Workload> out;
    for (const GroupWorkloads& g : kMicroGroups)
      out.insert(out.end(), g.workloads.begin(), g.workloads.end());
    return out;
  }();
  return all;
}

std::vector<Workload> suite_reads(Suite) {
  std::vector<Workload> out;
  for (const GroupWorkloads& g : kMicroGroups)
    if (g.group != SuiteGroup::writes)
      out.insert(out.end(), g.workloads.begin(), g.workloads.end());
  return out;
}

std::string_view suite_group_name(SuiteGroup g) {
  return kGroupNames.name(g);
}

std::optional<SuiteGroup> suite_group(Workload w) {
  for (const GroupWorkloads& g : kMicroGroups)
    for (Workload member : g.workloads)
      if (member == w) return g.group;
  return std::nullopt;
}

}  // namespace versus::sysbench
