// TPC-C through the seam: its tables at the warehouses of the size axis, its classes, kinds,
// headline and checks, its cache identity and its prewarm's statements.
#include "load/family/tpcc/tpcc_family.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "load/family/registry.h"
#include "load/family/statement_class.h"
#include "load/family/tpcc/population_loader.h"

using versus::sysbench::Workload;
namespace load = versus::load;

TEST_CASE("tpcc family: its nine tables at the size axis' warehouses, alone", "[load][tpcc]") {
  const auto spec = load::tables_for({{Workload::tpcc}, {}, "innodb", 4, 3, {}});
  CHECK(spec.warehouses == 3);
  CHECK(spec.tables == 0);
  CHECK(load::table_names(spec) == load::tpcc::population_table_names());
  const auto& f = load::tpcc_family();
  CHECK(f.identity(spec) == "tpcc warehouses 3 population " +
                                std::to_string(load::tpcc::kPopulationVersion) + "\n");
  CHECK(f.identity(load::tables_for({{Workload::oltp_read_only}, {}, "innodb", 1, 10, {}})).empty());
  CHECK(load::size_axis({Workload::tpcc}).unit == "warehouses");
  CHECK(load::size_axis({Workload::tpcc}).tag == "w");
  CHECK(load::size_axis({Workload::oltp_read_only, Workload::point_query}).unit == "rows");
  CHECK(f.owns_table("order_line"));
  CHECK_FALSE(f.owns_table("sbtest1"));
}

TEST_CASE("tpcc family: New-Order its headline, counted on the server, tables checked",
          "[load][tpcc]") {
  const auto& f = load::tpcc_family();
  const auto mix = load::mix_for(Workload::tpcc);
  CHECK(f.dialect(mix) == "tpcc");
  CHECK(load::kind_names(mix).front() == "new_order");
  CHECK(f.headline_kind() == std::optional<std::size_t>{0});
  CHECK(f.counts_on_server());
  CHECK(f.checks_tables());
  CHECK(load::statement_classes(mix).front() == "BEGIN");
  CHECK(load::statements_per_transaction(mix).empty());
  load::SessionConfig c;
  c.mix = mix;
  CHECK(f.home(c) == "per_transaction");
  CHECK(f.deck(c) == "standard");
  c.tpcc.home = versus::sysbench::TpccHome::per_connection;
  c.tpcc.mix = versus::sysbench::TpccMix::hammerdb;
  CHECK(f.home(c) == "per_connection");
  CHECK(f.deck(c) == "hammerdb");
}

TEST_CASE("prewarm: TPC-C's nine clustered indexes and its two secondary ones, read-only",
          "[load][prewarm]") {
  const auto statements = versus::load::tpcc::prewarm_statements();
  CHECK(statements.size() == 11);
  for (const char* table : {"item", "warehouse", "district", "customer", "history", "orders",
                            "new_order", "order_line", "stock"}) {
    INFO(table);
    CHECK(std::count_if(statements.begin(), statements.end(), [&](const std::string& s) {
            return s.find(std::string(" FROM ") + table + " ") != std::string::npos ||
                   s.ends_with(std::string(" FROM ") + table);
          }) >= 1);
  }
  for (const auto& s : statements) CHECK(s.rfind("SELECT ", 0) == 0);
  CHECK(std::count(statements.begin(), statements.end(),
                   "SELECT COUNT(c_last) FROM customer FORCE INDEX (idx_customer)") == 1);
}
