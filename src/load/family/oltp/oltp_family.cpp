#include "load/family/oltp/oltp_family.h"

#include <algorithm>
#include <cctype>

#include "load/data/schema.h"
#include "load/family/oltp/legacy_loader.h"
#include "load/family/oltp/micro_statements.h"
#include "load/family/oltp/oltp_program.h"
#include "load/family/oltp/sbtest_loader.h"
#include "load/family/oltp/statement_sql.h"

namespace versus::load {

std::vector<std::string_view> oltp_statement_classes(const WorkloadMix& mix, bool lock_tables) {
  // A microbenchmark runs one statement, of one class: its own name (plan_micro).
  if (mix.micro()) return {micro_statement(*mix.micro()).class_name};
  return {"point select",  "simple range",     "SUM range", "ORDER BY range",
          "DISTINCT range", "index update",    "non-index update",
          "delete",         "insert",          lock_tables ? "LOCK TABLES" : "BEGIN",
          lock_tables ? "UNLOCK TABLES" : "COMMIT"};
}

std::vector<int> oltp_statements_per_transaction(const WorkloadMix& mix) {
  if (mix.micro()) return {1};
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

namespace {

bool any_of(const std::vector<sysbench::Workload>& ws, bool (*pred)(sysbench::Workload)) {
  return std::any_of(ws.begin(), ws.end(), pred);
}

class OltpFamily final : public WorkloadFamily {
 public:
  const sysbench::FamilyTraits& traits() const override { return sysbench::oltp_traits(); }

  // sbtest1..N unless only 0.4 mixes run; 0.4's sbtest when any does.
  void choose_tables(const std::vector<sysbench::Workload>& ws, const TableShape& shape,
                     LoadSpec& spec) const override {
    if (any_of(ws, [](auto w) { return !sysbench::is_legacy(w); }))
      spec.tables = shape.tables;
    spec.legacy_table = spec.legacy_table || any_of(ws, sysbench::is_legacy);
  }
  void add_table_names(const LoadSpec& spec, std::vector<std::string>& names) const override {
    for (int t = 1; t <= spec.tables; ++t) names.push_back(table_name(t));
    if (spec.legacy_table) names.emplace_back(kLegacyTable);
  }
  Expected<void> load(const LoadSpec& spec) const override {
    if (spec.legacy_table)
      if (auto ok = load_legacy_table(spec); !ok) return ok;
    return load_numbered_tables(spec);
  }
  Expected<void> drop(client::Connection& conn, const LoadSpec& spec) const override {
    for (int t = 1; t <= spec.tables; ++t)
      if (auto ok = conn.execute(drop_table_sql(t)); !ok) return ok;
    return spec.legacy_table ? conn.execute(drop_legacy_table_sql()) : Expected<void>{};
  }
  std::string identity(const LoadSpec&) const override { return {}; }  // run/instance_cache.cpp
  // sbtest1..N and 0.4's sbtest.
  bool owns_table(std::string_view name) const override {
    if (name.substr(0, kLegacyTable.size()) != kLegacyTable) return false;
    return std::all_of(name.begin() + kLegacyTable.size(), name.end(),
                       [](unsigned char c) { return std::isdigit(c) != 0; });
  }

  WorkloadMix mix(sysbench::Workload w, const sysbench::StatementCounts& counts) const override {
    return oltp_mix(w, counts);
  }
  std::string dialect(const WorkloadMix& mix) const override {
    return std::string(traits().dialects[mix.dialect == Dialect::sysbench_0_4 ? 1 : 0]);
  }
  int definition(const WorkloadMix& mix) const override {
    return mix.micro() ? kMicroDefinition : 0;
  }
  std::vector<std::string_view> statement_classes(const WorkloadMix& mix,
                                                  bool lock_tables) const override {
    return oltp_statement_classes(mix, lock_tables);
  }
  std::vector<int> statements_per_transaction(const WorkloadMix& mix) const override {
    return oltp_statements_per_transaction(mix);
  }
  std::vector<std::string_view> kind_names(const WorkloadMix&) const override { return {}; }
  void add_explain_templates(const LoadSpec& load, const sysbench::StatementCounts& counts,
                             std::vector<ExplainTemplate>& out) const override {
    add_oltp_explain_templates(load, counts, out);
  }

  std::string_view locking_table(const WorkloadMix& mix) const override {
    return mix.dialect == Dialect::sysbench_0_4 ? kLegacyTable : std::string_view{};
  }
  std::unique_ptr<TransactionProgram> program(const SessionConfig& config) const override {
    return std::make_unique<OltpProgram>(config);
  }
  Expected<PrewarmResult> prewarm(client::Connection& conn,
                                  const SessionConfig& config) const override {
    return prewarm_tables(conn, config.tables, config.mix.dialect == Dialect::sysbench_0_4);
  }
};

}  // namespace

const WorkloadFamily& oltp_family() {
  static const OltpFamily family;
  return family;
}

}  // namespace versus::load
