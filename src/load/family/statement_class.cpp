#include "load/family/statement_class.h"

#include "load/family/oltp/micro_statements.h"
#include "load/family/tpcc/tpcc_statements.h"

namespace versus::load {

std::vector<std::string_view> statement_classes(const WorkloadMix& mix, bool lock_tables) {
  if (mix.dialect == Dialect::tpcc) return tpcc_statement_classes();
  if (mix.dialect == Dialect::custom) return custom_statement_classes(*mix.custom);
  // A microbenchmark runs one statement, of one class: its own name (plan_micro).
  if (mix.micro) return {micro_statement(*mix.micro).class_name};
  return {"point select",  "simple range",     "SUM range", "ORDER BY range",
          "DISTINCT range", "index update",    "non-index update",
          "delete",         "insert",          lock_tables ? "LOCK TABLES" : "BEGIN",
          lock_tables ? "UNLOCK TABLES" : "COMMIT"};
}

std::vector<std::string_view> custom_statement_classes(const sysbench::CustomWorkload& w) {
  std::vector<std::string_view> names;
  for (const auto& t : w.transactions)
    for (const auto& s : t.statements) names.emplace_back(s.name);
  for (std::string_view frame : {"BEGIN", "COMMIT", "ROLLBACK"}) names.push_back(frame);
  return names;
}

std::vector<std::string_view> tpcc_statement_classes() {
  std::vector<std::string_view> names;
  for (const tpcc::SqlText& t : tpcc::sql_texts())  // the frames by their SQL: BEGIN, ...
    names.push_back(t.id <= tpcc::Sql::rollback ? t.sql : t.name);
  return names;
}

std::vector<int> statements_per_transaction(const WorkloadMix& mix) {
  if (mix.micro) return {1};
  std::vector<int> n(oltp::class_count, 0);
  const int pair_updates = mix.dialect == Dialect::sysbench_0_4 ? mix.delete_inserts : 0;
  n[oltp::point_select] = mix.point_selects;
  n[oltp::simple_range] = mix.simple_ranges;
  n[oltp::sum_range] = mix.sum_ranges;
  n[oltp::order_range] = mix.order_ranges;
  n[oltp::distinct_range] = mix.distinct_ranges;
  n[oltp::index_update] = mix.index_updates + pair_updates;
  n[oltp::non_index_update] = mix.non_index_updates;
  n[oltp::delete_] = mix.deletes + mix.delete_inserts;
  n[oltp::insert] = mix.inserts + mix.delete_inserts;
  n[oltp::begin] = n[oltp::commit] = mix.transaction ? 1 : 0;
  return n;
}

}  // namespace versus::load
