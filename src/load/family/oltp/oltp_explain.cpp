// The sysbench family's statements with representative values, for EXPLAIN per instance.
#include <algorithm>

#include "load/data/schema.h"
#include "load/family/oltp/micro_statements.h"
#include "load/family/oltp/oltp_family.h"
#include "load/family/oltp/statement_sql.h"

namespace versus::load {
namespace {

// sysbench's c or pad template with every '#' a digit: a value of the column's shape.
std::string quoted_template(std::string_view pattern) {
  std::string text(pattern);
  std::replace(text.begin(), text.end(), '#', '7');
  return "'" + text + "'";
}

// The literals of each class's parameters, in the order of its `?`s.
std::vector<std::vector<std::string>> class_literals(bool legacy, std::int64_t table_size,
                                                     int range_size) {
  const std::int64_t mid = std::max<std::int64_t>(1, table_size / 2);
  const std::string id = std::to_string(mid);
  const std::string last = std::to_string(mid + std::max(1, range_size) - 1);
  const std::string distinct_last = legacy ? std::to_string(mid + std::max(1, range_size)) : last;
  const std::string next = std::to_string(table_size + 1);
  const std::string c = quoted_template(kCTemplate);
  std::vector<std::vector<std::string>> v(kSqlClasses);
  v[oltp::point_select] = {id};
  v[oltp::simple_range] = v[oltp::sum_range] = v[oltp::order_range] = {id, last};
  v[oltp::distinct_range] = {id, distinct_last};
  v[oltp::index_update] = v[oltp::delete_] = {id};
  v[oltp::non_index_update] = {c, id};
  v[oltp::insert] = legacy ? std::vector<std::string>{next}
                           : std::vector<std::string>{next, id, c, quoted_template(kPadTemplate)};
  return v;
}

void add_templates(bool legacy, const LoadSpec& load, int range_size,
                   std::vector<ExplainTemplate>& out) {
  const auto names = oltp_statement_classes(oltp_mix(sysbench::Workload::oltp_read_write, {}), false);
  const auto& sql = legacy ? kLegacySql : kOltpSql;
  const std::string table = legacy ? std::string(kLegacyTable) : table_name(1);
  const auto literals = class_literals(legacy, load.table_size, range_size);
  for (std::size_t c = 0; c < kSqlClasses; ++c)
    out.push_back(
        {std::string(sysbench::statements_of(legacy ? sysbench::Workload::legacy_complex
                                                    : sysbench::Workload::oltp_read_write)),
         std::string(names[c]), bind_literals(sql[c], table, literals[c])});
}

// The classes of the workloads whose ranges are N ids long whatever the run's range_size
// (statements "sysbench 1.0, ranges of N"), at their N: the point select and the four ranges;
// at 10 the writes too, which read_write_range_10 sends (its plans sit with read_only_range_10's).
void add_range_templates(const LoadSpec& load, std::vector<ExplainTemplate>& out) {
  using sysbench::Workload;
  const auto names = oltp_statement_classes(oltp_mix(Workload::oltp_read_write, {}), false);
  const std::string table = table_name(1);
  for (const auto& [w, n] : {std::pair{Workload::read_only_range_10, 10},
                             std::pair{Workload::read_only_range_100, 100},
                             std::pair{Workload::read_only_simple, kAggregateRange},
                             std::pair{Workload::read_only_range_10000, 10000}}) {
    const auto literals = class_literals(false, load.table_size, n);
    const std::size_t last = n == 10 ? oltp::insert : oltp::distinct_range;
    for (std::size_t c = oltp::point_select; c <= last; ++c)
      out.push_back({std::string(sysbench::statements_of(w)), std::string(names[c]),
                     bind_literals(kOltpSql[c], table, literals[c])});
  }
}

// A microbenchmark statement's values, as explain_templates() says.
std::vector<std::string> micro_literals(const MicroStatement& m, const MicroShape& shape) {
  const std::int64_t n = shape.table_size, mid = std::max<std::int64_t>(1, n / 2);
  std::vector<long long> v;
  switch (m.values) {
    case MicroValues::one_id:
    case MicroValues::zipfian_id:
      v = {mid};
      break;
    case MicroValues::id_range:
      v = {mid, mid + std::max(1, shape.range_size)};
      break;
    case MicroValues::id_span:
      v = {mid, mid + std::max(1, shape.range_size) - 1};
      break;
    case MicroValues::id_list:
      for (int i = 0; i < shape.list_size; ++i)
        v.push_back(1 + i * n / std::max(1, shape.list_size));
      break;
    default: {  // none, first_id, hot_list: the workload's own values, drawn without chance
      Random unused(0);
      draw_micro_values(m.values, shape, unused, v);
    }
  }
  std::vector<std::string> out;
  if (m.form == MicroForm::prepared_c) out.push_back(quoted_template(kCTemplate));
  for (long long x : v) out.push_back(std::to_string(x));
  return out;
}

void add_micro_templates(const LoadSpec& load, const sysbench::StatementCounts& counts,
                         std::vector<ExplainTemplate>& out) {
  for (const MicroStatement& m : micro_statements()) {
    const std::string table = table_name(1);
    const int list = micro_list_size(m, counts);
    const MicroShape shape{static_cast<std::uint32_t>(load.table_size),
                           micro_range_size(m, counts), list};
    out.push_back({std::string(sysbench::statements_of(m.workload)), std::string(m.class_name),
                   bind_literals(micro_sql(m, table, list), table, micro_literals(m, shape))});
  }
}

}  // namespace

void add_oltp_explain_templates(const LoadSpec& load, const sysbench::StatementCounts& counts,
                                std::vector<ExplainTemplate>& out) {
  if (load.tables > 0) add_templates(false, load, counts.range_size, out);
  if (load.tables > 0) add_micro_templates(load, counts, out);
  if (load.tables > 0) add_range_templates(load, out);
  if (load.legacy_table) add_templates(true, load, counts.range_size, out);
}

}  // namespace versus::load
