#include "load/family/tpcc/tpcc_family.h"

#include <fmt/format.h>

#include <algorithm>

#include "load/family/tpcc/card_deck.h"
#include "load/family/tpcc/consistency.h"
#include "load/family/tpcc/population.h"
#include "load/family/tpcc/population_loader.h"
#include "load/family/tpcc/tpcc_program.h"
#include "load/family/tpcc/tpcc_statements.h"
#include "sysbench/placeholders.h"

namespace versus::load {

namespace tpcc {
std::vector<std::string> prewarm_statements() {
  return {"SELECT AVG(i_id) FROM item FORCE INDEX (PRIMARY)",
          "SELECT AVG(w_id) FROM warehouse FORCE INDEX (PRIMARY)",
          "SELECT AVG(d_w_id) FROM district FORCE INDEX (PRIMARY)",
          "SELECT AVG(c_w_id) FROM customer FORCE INDEX (PRIMARY)",
          "SELECT COUNT(c_last) FROM customer FORCE INDEX (idx_customer)",
          "SELECT AVG(h_c_id) FROM history",
          "SELECT AVG(o_w_id) FROM orders FORCE INDEX (PRIMARY)",
          "SELECT COUNT(o_c_id) FROM orders FORCE INDEX (idx_orders)",
          "SELECT AVG(no_w_id) FROM new_order FORCE INDEX (PRIMARY)",
          "SELECT AVG(ol_w_id) FROM order_line FORCE INDEX (PRIMARY)",
          "SELECT AVG(s_w_id) FROM stock FORCE INDEX (PRIMARY)"};
}
}  // namespace tpcc

namespace {

// TPC-C's statements at warehouse 1, district 1, customer, item and order 1 (rows every
// population has), a last name of the first syllables, row offset 0; Stock-Level over the
// load's last 20 orders (1 would make its range empty, a plan without tables).
void add_tpcc_templates(std::vector<ExplainTemplate>& out) {
  for (const tpcc::SqlText& t : tpcc::sql_texts()) {
    if (t.id == tpcc::Sql::begin || t.id == tpcc::Sql::commit || t.id == tpcc::Sql::rollback)
      continue;
    std::vector<std::string> literals;
    for (ParamType p : t.params)
      literals.push_back(p == ParamType::step_text ? "'BARBARBAR'" : "1");
    if (t.sql.find("LIMIT ?") != std::string_view::npos) literals.back() = "0";
    if (t.id == tpcc::Sql::sl_stock_count)  // the last 20 orders of the load, threshold 15
      literals = {"1", "1", std::to_string(tpcc::kOrders + 1), std::to_string(tpcc::kOrders - 19),
                  "15"};
    out.push_back({std::string(sysbench::statements_of(sysbench::Workload::tpcc)),
                   std::string(t.name), sysbench::with_literals(t.sql, literals)});
  }
}

// The specification's words for consistency condition `number`.
std::string_view condition_text(int number) {
  for (const auto& c : tpcc::consistency_conditions())
    if (c.number == number) return c.text;
  return "";
}

class TpccFamily final : public WorkloadFamily {
 public:
  const sysbench::FamilyTraits& traits() const override { return sysbench::tpcc_traits(); }

  // The size axis is the warehouses (a TPC-C plan runs tpcc alone).
  void choose_tables(const std::vector<sysbench::Workload>& ws, const TableShape& shape,
                     LoadSpec& spec) const override {
    if (!ws.empty()) spec.warehouses = static_cast<int>(shape.size);
  }
  void add_table_names(const LoadSpec& spec, std::vector<std::string>& names) const override {
    if (spec.warehouses > 0)
      for (auto& name : tpcc::population_table_names()) names.push_back(std::move(name));
  }
  Expected<void> load(const LoadSpec& spec) const override {
    if (spec.warehouses == 0) return {};
    if (auto ok = tpcc::load_population(spec); !ok)
      return fail(ok.error().context("loading TPC-C"));
    return {};
  }
  Expected<void> drop(client::Connection& conn, const LoadSpec& spec) const override {
    return spec.warehouses > 0 ? tpcc::drop_population(conn) : Expected<void>{};
  }
  // Their scale and the version of their population.
  std::string identity(const LoadSpec& l) const override {
    if (l.warehouses == 0) return "";
    return "tpcc warehouses " + std::to_string(l.warehouses) + " population " +
           std::to_string(tpcc::kPopulationVersion) + "\n";
  }
  bool owns_table(std::string_view name) const override {
    const auto names = tpcc::population_table_names();
    return std::find(names.begin(), names.end(), name) != names.end();
  }

  // Each statement of tpcc_statements.h in Sql order, by its name ("new_order.district"),
  // BEGIN, COMMIT and ROLLBACK first.
  std::vector<std::string_view> statement_classes(const WorkloadMix&, bool) const override {
    std::vector<std::string_view> names;
    for (const tpcc::SqlText& t : tpcc::sql_texts())  // the frames by their SQL: BEGIN, ...
      names.push_back(t.id <= tpcc::Sql::rollback ? t.sql : t.name);
    return names;
  }
  std::vector<int> statements_per_transaction(const WorkloadMix&) const override { return {}; }
  std::vector<std::string_view> kind_names(const WorkloadMix&) const override {
    return std::vector<std::string_view>(tpcc::kKindNames.begin(), tpcc::kKindNames.end());
  }
  void add_explain_templates(const LoadSpec& load, const sysbench::StatementCounts&,
                             std::vector<ExplainTemplate>& out) const override {
    if (load.warehouses > 0) add_tpcc_templates(out);
  }

  std::unique_ptr<TransactionProgram> program(const SessionConfig& c) const override {
    return std::make_unique<tpcc::TpccProgram>(tpcc::Terminal{
        c.warehouses, c.ordinal, c.tpcc.home == sysbench::TpccHome::per_connection, c.tpcc.mix});
  }
  Expected<PrewarmResult> prewarm(client::Connection& conn,
                                  const SessionConfig&) const override {
    return prewarm_reading(conn, tpcc::prewarm_statements(), 9);
  }
  std::string home(const SessionConfig& c) const override {
    return std::string(sysbench::tpcc_home_name(c.tpcc.home));
  }
  std::string deck(const SessionConfig& c) const override {
    return std::string(sysbench::tpcc_mix_name(c.tpcc.mix));
  }

  std::optional<std::size_t> headline_kind() const override { return 0; }  // New-Order
  bool counts_on_server() const override { return true; }
  Expected<long long> server_count(client::Connection& conn) const override {
    return tpcc::committed_new_orders(conn);
  }
  Expected<void> check_tables(client::Connection& conn, const SessionConfig& config,
                              std::vector<measured::ConsistencyRecord>& out) const override {
    auto checks = tpcc::check_consistency(conn, config.tpcc.checks);
    if (!checks) return fail("checking TPC-C consistency: " + checks.error().message);
    for (const auto& c : *checks) out.push_back({c.number, c.violations, c.seconds});
    for (const auto& c : *checks)
      if (c.violations > 0)
        return fail(fmt::format("TPC-C consistency condition {} ({}) does not hold in {} row(s)",
                                c.number, condition_text(c.number), c.violations));
    return {};
  }
};

}  // namespace

const WorkloadFamily& tpcc_family() {
  static const TpccFamily family;
  return family;
}

}  // namespace versus::load
