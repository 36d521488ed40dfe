#include "sysbench/suite.h"

#include "util/name_table.h"

namespace versus::sysbench {
namespace {
constexpr NameTable<Suite, 1> kSuiteNames{{{{Suite::microbenchmarks, "microbenchmarks"}}}};

// The 32 tests in the order the published run (all_small.sh) takes them after its writes,
// each with its group in the published summaries (point 9, range 5, range with aggregation 8,
// writes 10): the reads (scan; read-only 10, 100, 10000, -simple, -sum, -order, -distinct,
// -count; point-query; random-points 10, 100, 1000; hot-points; the covered and not covered
// pk points and ranges; then the si ones), then the writes in the order they run before the
// reads (update-inlist, update-index, update-nonindex, update-one, update-zipf, write-only,
// read-write 10 and 100), delete and insert last.
struct SuiteTest {
  Workload workload;
  SuiteGroup group;
};
using G = SuiteGroup;
using W = Workload;
const std::vector<SuiteTest> kMicroTests = {
    {W::scan, G::range},
    {W::read_only_range_10, G::aggregation},
    {W::read_only_range_100, G::aggregation},
    {W::read_only_range_10000, G::aggregation},
    {W::read_only_simple, G::aggregation},
    {W::read_only_sum, G::aggregation},
    {W::read_only_order, G::aggregation},
    {W::read_only_distinct, G::aggregation},
    {W::read_only_count, G::aggregation},
    {W::point_query, G::point},
    {W::random_points_10, G::point},
    {W::random_points, G::point},
    {W::random_points_1000, G::point},
    {W::hot_points, G::point},
    {W::points_covered_pk, G::point},
    {W::points_notcovered_pk, G::point},
    {W::range_covered_pk, G::range},
    {W::range_notcovered_pk, G::range},
    {W::points_covered_si, G::point},
    {W::points_notcovered_si, G::point},
    {W::range_covered_si, G::range},
    {W::range_notcovered_si, G::range},
    {W::update_inlist, G::writes},
    {W::oltp_update_index, G::writes},
    {W::oltp_update_non_index, G::writes},
    {W::update_one, G::writes},
    {W::update_zipf, G::writes},
    {W::oltp_write_only, G::writes},
    {W::read_write_range_10, G::writes},
    {W::oltp_read_write, G::writes},
    {W::oltp_delete, G::writes},
    {W::oltp_insert, G::writes},
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
    for (const SuiteTest& t : kMicroTests) out.push_back(t.workload);
    return out;
  }();
  return all;
}

std::vector<Workload> suite_reads(Suite) {
  std::vector<Workload> out;
  for (const SuiteTest& t : kMicroTests)
    if (t.group != SuiteGroup::writes) out.push_back(t.workload);
  return out;
}

std::string_view suite_group_name(SuiteGroup g) {
  return kGroupNames.name(g);
}

std::optional<SuiteGroup> suite_group(Workload w) {
  for (const SuiteTest& t : kMicroTests)
    if (t.workload == w) return t.group;
  return std::nullopt;
}

}  // namespace versus::sysbench
