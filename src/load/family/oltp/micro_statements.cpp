#include "load/family/oltp/micro_statements.h"

#include <algorithm>


namespace versus::load {
namespace {
using W = sysbench::Workload;
using V = MicroValues;

// The statements, declared once; class names as the published tests' (docs/microbenchmarks.md).
const std::vector<MicroStatement> kMicroStatements = {
    {W::point_query, "point_query", "SELECT c FROM {} WHERE id=?", V::one_id, false},
    // oltp_inlist_select.lua: c of N random ids by the primary key.
    {W::random_points, "random_points", "SELECT c FROM {} WHERE id IN (?*)", V::id_list, false},
    {W::random_points_10, "random_points_10", "SELECT c FROM {} WHERE id IN (?*)", V::id_list,
     false},
    {W::random_points_1000, "random_points_1000", "SELECT c FROM {} WHERE id IN (?*)",
     V::id_list, false},
    // The same on 100 consecutive ids in the middle of the table (1-2 leaf pages).
    {W::hot_points, "hot_points", "SELECT c FROM {} WHERE id IN (?*)", V::hot_list, false},
    {W::points_covered_pk, "points_covered_pk", "SELECT id FROM {} WHERE id IN (?*)", V::id_list,
     false},
    {W::points_notcovered_pk, "points_notcovered_pk", "SELECT id, c FROM {} WHERE id IN (?*)",
     V::id_list, false},
    {W::points_covered_si, "points_covered_si", "SELECT k FROM {} WHERE k IN (?*)", V::id_list,
     false},
    {W::points_notcovered_si, "points_notcovered_si", "SELECT k, c FROM {} WHERE k IN (?*)",
     V::id_list, false},
    {W::range_covered_pk, "range_covered_pk", "SELECT id FROM {} WHERE id BETWEEN ? AND ?",
     V::id_range, false},
    {W::range_notcovered_pk, "range_notcovered_pk", "SELECT id, c FROM {} WHERE id BETWEEN ? AND ?",
     V::id_range, false},
    {W::range_covered_si, "range_covered_si", "SELECT k FROM {} WHERE k BETWEEN ? AND ?",
     V::id_range, false},
    {W::range_notcovered_si, "range_notcovered_si", "SELECT k, c FROM {} WHERE k BETWEEN ? AND ?",
     V::id_range, false},
    // No row has a negative length and c has no index: every row is read, none returned; sent
    // as text, as the published scan is.
    {W::scan, "scan", "SELECT * FROM {} WHERE LENGTH(c) < 0", V::none, false, MicroForm::text},
    // oltp_read_only_count.lua with --skip-trx: oltp_common.lua's count_ranges statement alone.
    {W::read_only_count, "read_only_count", "SELECT count(c) FROM {} WHERE id BETWEEN ? AND ?",
     V::id_span, false},
    // sysbench's non-index update (a random 120-char c): no secondary index to maintain; always
    // row 1 of a random table, as oltp_update_non_index.lua with --table-size=1 draws.
    {W::update_one, "update_one", "UPDATE {} SET c=? WHERE id=?", V::first_id, true,
     MicroForm::prepared_c},
    // oltp_inlist_update.lua.
    {W::update_inlist, "update_inlist", "UPDATE {} SET c=? WHERE id IN (?*)", V::id_list, true,
     MicroForm::prepared_c},
    {W::update_zipf, "update_zipf", "UPDATE {} SET c=? WHERE id=?", V::zipfian_id, true,
     MicroForm::prepared_c},
};

std::string placeholders(int n) {
  std::string out;
  out.reserve(static_cast<std::size_t>(n) * 3);
  for (int i = 0; i < n; ++i) out += i == 0 ? "?" : ", ?";
  return out;
}
}  // namespace

const std::vector<MicroStatement>& micro_statements() {
  return kMicroStatements;
}

const MicroStatement& micro_statement(sysbench::Workload w) {
  for (const MicroStatement& s : kMicroStatements)
    if (s.workload == w) return s;
  return kMicroStatements.front();  // not a microbenchmark: a caller's bug (is_micro first)
}

int micro_list_size(const MicroStatement& s, const sysbench::StatementCounts& counts) {
  if (s.workload == W::random_points) return counts.inlist_size;
  if (const int fixed = sysbench::random_points_fixed_size(s.workload)) return fixed;
  if (s.workload == W::update_inlist) return kUpdateInlist;
  if (s.values == V::hot_list) return kHotPoints;
  return s.values == V::id_list ? kPointsInlist : 0;
}

int micro_range_size(const MicroStatement& s, const sysbench::StatementCounts& counts) {
  return s.workload == W::read_only_count ? kAggregateRange : counts.range_size;
}

std::string micro_sql(const MicroStatement& s, std::string_view table, int list_size) {
  std::string text(s.sql);
  text.replace(text.find("{}"), 2, table);
  if (const auto list = text.find("?*"); list != std::string::npos)
    text.replace(list, 2, placeholders(list_size));
  return text;
}

void draw_micro_values(MicroValues v, const MicroShape& shape, Random& rng,
                       std::vector<long long>& out) {
  const std::uint32_t n = shape.table_size;
  out.clear();
  switch (v) {
    case V::none:
      return;
    case V::one_id:
      return out.push_back(rng.by_default(1, n));
    case V::first_id:
      return out.push_back(1);
    case V::zipfian_id:
      return out.push_back(rng.zipfian(1, n));
    case V::id_range: {
      const long long first = rng.by_default(1, n);
      out.push_back(first);
      return out.push_back(first + shape.range_size);
    }
    case V::id_span: {
      const long long first = rng.by_default(1, n);
      out.push_back(first);
      return out.push_back(first + shape.range_size - 1);
    }
    case V::id_list:
      for (int i = 0; i < shape.list_size; ++i) out.push_back(rng.by_default(1, n));
      return;
    case V::hot_list: {
      // Signed: a table smaller than twice the list starts lower, never below 1.
      const long long room = static_cast<long long>(n) - shape.list_size;
      const long long first = std::max<long long>(1, std::min<long long>(n / 2, room) + 1);
      for (int i = 0; i < shape.list_size; ++i) out.push_back(first + i);
      return;
    }
  }
}

}  // namespace versus::load
