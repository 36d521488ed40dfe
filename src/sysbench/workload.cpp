#include "sysbench/workload.h"

#include "util/name_table.h"

namespace versus::sysbench {
namespace {
constexpr NameTable<Workload, 37> kWorkloadNames{{{
    {Workload::oltp_read_write, "oltp_read_write"},
    {Workload::oltp_read_only, "oltp_read_only"},
    {Workload::oltp_write_only, "oltp_write_only"},
    {Workload::oltp_point_select, "oltp_point_select"},
    {Workload::oltp_update_index, "oltp_update_index"},
    {Workload::oltp_update_non_index, "oltp_update_non_index"},
    {Workload::oltp_insert, "oltp_insert"},
    {Workload::oltp_delete, "oltp_delete"},
    {Workload::legacy_complex, "legacy_complex"},
    {Workload::legacy_read_only, "legacy_read_only"},
    {Workload::point_query, "point_query"},
    {Workload::random_points, "random_points"},
    {Workload::random_points_10, "random_points_10"},
    {Workload::random_points_1000, "random_points_1000"},
    {Workload::hot_points, "hot_points"},
    {Workload::points_covered_pk, "points_covered_pk"},
    {Workload::points_notcovered_pk, "points_notcovered_pk"},
    {Workload::points_covered_si, "points_covered_si"},
    {Workload::points_notcovered_si, "points_notcovered_si"},
    {Workload::range_covered_pk, "range_covered_pk"},
    {Workload::range_notcovered_pk, "range_notcovered_pk"},
    {Workload::range_covered_si, "range_covered_si"},
    {Workload::range_notcovered_si, "range_notcovered_si"},
    {Workload::scan, "scan"},
    {Workload::read_only_count, "read_only_count"},
    {Workload::update_one, "update_one"},
    {Workload::update_inlist, "update_inlist"},
    {Workload::update_zipf, "update_zipf"},
    {Workload::read_only_range_10, "read_only_range_10"},
    {Workload::read_only_range_100, "read_only_range_100"},
    {Workload::read_only_range_10000, "read_only_range_10000"},
    {Workload::read_only_simple, "read_only_simple"},
    {Workload::read_only_sum, "read_only_sum"},
    {Workload::read_only_order, "read_only_order"},
    {Workload::read_only_distinct, "read_only_distinct"},
    {Workload::read_write_range_10, "read_write_range_10"},
    {Workload::tpcc, "tpcc"},
}}};
}  // namespace

std::string_view workload_name(Workload w) {
  if (w == Workload::custom) return "custom";
  if (w == Workload::replay) return "replay";
  return kWorkloadNames.name(w);
}

bool is_legacy(Workload w) {
  return w == Workload::legacy_complex || w == Workload::legacy_read_only;
}

bool is_micro(Workload w) {
  return w >= Workload::point_query && w <= Workload::update_zipf;
}

int random_points_fixed_size(Workload w) {
  if (w == Workload::random_points_10) return 10;
  return w == Workload::random_points_1000 ? 1000 : 0;
}

Workload random_points_of_size(int ids) {
  for (Workload w : {Workload::random_points_10, Workload::random_points_1000})
    if (random_points_fixed_size(w) == ids) return w;
  return Workload::random_points;
}

std::string_view statements_of(Workload w) {
  if (is_legacy(w)) return "sysbench 0.4";
  // Its ranges are N ids long whatever the run's range_size: plans of their own.
  switch (w) {
    case Workload::read_only_range_10:
    case Workload::read_write_range_10:
      return "sysbench 1.0, ranges of 10";
    case Workload::read_only_range_100:
      return "sysbench 1.0, ranges of 100";
    case Workload::read_only_simple:
    case Workload::read_only_sum:
    case Workload::read_only_order:
    case Workload::read_only_distinct:
      return "sysbench 1.0, ranges of 1000";
    case Workload::read_only_range_10000:
      return "sysbench 1.0, ranges of 10000";
    default:
      break;
  }
  if (is_micro(w)) return "microbenchmark";
  return w == Workload::tpcc ? "TPC-C" : "sysbench 1.0";
}

std::string statements_of_named(std::string_view name) {
  const auto w = workload_from_name(without_after_writes(name));
  return std::string(w ? statements_of(*w) : name);
}

bool names_after_writes(std::string_view label) {
  return label.size() > kAfterWritesSuffix.size() && label.ends_with(kAfterWritesSuffix);
}

std::string_view without_after_writes(std::string_view label) {
  return names_after_writes(label) ? label.substr(0, label.size() - kAfterWritesSuffix.size())
                                   : label;
}

std::optional<Workload> workload_from_name(std::string_view name) {
  return kWorkloadNames.find(name);
}

const std::vector<std::string_view>& workload_names() {
  static const std::vector<std::string_view> names = kWorkloadNames.names();
  return names;
}

}  // namespace versus::sysbench
