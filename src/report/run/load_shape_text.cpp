#include "report/run/load_shape_text.h"

#include <fmt/format.h>

#include <vector>

#include "sysbench/family_traits.h"

namespace versus::report {
namespace {
void add_count(std::vector<std::string>& parts, int n, const char* one, const char* many) {
  if (n > 0) parts.push_back(fmt::format("{} {}", n, n == 1 ? one : many));
}

std::vector<std::string> read_parts(const results::MixRecord& m) {
  std::vector<std::string> parts;
  add_count(parts, m.point_selects, "point select", "point selects");
  const int ranges = m.simple_ranges + m.sum_ranges + m.order_ranges + m.distinct_ranges;
  add_count(parts, m.simple_ranges, "simple range", "simple ranges");
  add_count(parts, m.sum_ranges, "SUM range", "SUM ranges");
  add_count(parts, m.order_ranges, "ORDER BY range", "ORDER BY ranges");
  add_count(parts, m.distinct_ranges, "DISTINCT range", "DISTINCT ranges");
  if (ranges > 0) parts.back() += fmt::format(" ({} ids each)", m.range_size);
  return parts;
}

// sysbench 0.4 updates k of its delete+insert id first: three statements per pair.
std::vector<std::string> write_parts(const results::MixRecord& m) {
  std::vector<std::string> parts;
  add_count(parts, m.index_updates, "index update", "index updates");
  add_count(parts, m.non_index_updates, "non-index update", "non-index updates");
  const bool legacy = m.dialect == "sysbench-0.4";
  add_count(
      parts, m.delete_inserts,
      legacy ? "update + delete + insert of one id" : "delete + insert of one id",
      legacy ? "updates + deletes + inserts of one id each" : "deletes + inserts of one id each");
  add_count(parts, m.deletes, "delete", "deletes");
  add_count(parts, m.inserts, "insert", "inserts");
  return parts;
}

std::string distribution_text(const sysbench::RandSpec& d) {
  if (d.type == sysbench::RandType::special)
    return fmt::format("special ({}% of them take {}% of the draws)", d.spec_pct, d.spec_res);
  if (d.type == sysbench::RandType::pareto) return fmt::format("pareto (h {})", d.pareto_h);
  if (d.type == sysbench::RandType::zipfian)
    return fmt::format("zipfian (exponent {})", d.zipfian_exp);
  return std::string(sysbench::rand_type_name(d.type));
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

std::string frame_text(const results::MixRecord& m, const std::string& statements) {
  if (m.lock_tables) return "LOCK TABLES, " + statements + ", UNLOCK TABLES";
  if (m.transaction) return "BEGIN, " + statements + ", COMMIT";
  return statements;
}
}  // namespace

std::string load_shape_text(const results::MixRecord& mix, const sysbench::RandSpec& distribution) {
  // A family whose statement counts do not say its shape says it in one sentence.
  if (const auto& family = sysbench::traits_of_dialect(mix.dialect); !family.load_shape.empty())
    return std::string(family.load_shape);
  std::vector<std::string> parts = read_parts(mix);
  for (std::string& p : write_parts(mix)) parts.push_back(std::move(p));
  const std::string version = mix.dialect == "sysbench-0.4" ? "sysbench 0.4" : "sysbench 1.0";
  return fmt::format("Per transaction ({}): {}; ids: {}", version, frame_text(mix, joined(parts)),
                     distribution_text(distribution));
}

}  // namespace versus::report
