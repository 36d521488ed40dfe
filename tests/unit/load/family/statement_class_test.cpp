#include "load/family/statement_class.h"

#include <catch2/catch.hpp>
#include <numeric>
#include <string>

#include "load/family/oltp/micro_statements.h"
#include "load/family/oltp/statement_sql.h"
#include "load/family/registry.h"
#include "load/family/tpcc/tpcc_statements.h"
#include "sysbench/workload.h"

using versus::load::mix_for;
using versus::load::statement_classes;
using versus::load::statements_per_transaction;
using versus::sysbench::Workload;
namespace oltp = versus::load::oltp;

namespace {
// "point select x10, ..., COMMIT x1": the classes a transaction of `w` runs, in list order.
std::string runs(Workload w) {
  const auto mix = mix_for(w);
  const auto names = statement_classes(mix);
  const auto n = statements_per_transaction(mix);
  std::string text;
  for (std::size_t c = 0; c < n.size(); ++c)
    if (n[c] > 0) text += (text.empty() ? "" : ", ") + std::string(names[c]) + " x" + std::to_string(n[c]);
  return text;
}
}  // namespace

TEST_CASE("statement_classes: sysbench's OLTP classes, indexed by oltp::Class",
          "[load][statement_class]") {
  const auto names = statement_classes(mix_for(Workload::oltp_read_write));
  REQUIRE(names.size() == oltp::class_count);
  CHECK(names[oltp::point_select] == "point select");
  CHECK(names[oltp::simple_range] == "simple range");
  CHECK(names[oltp::sum_range] == "SUM range");
  CHECK(names[oltp::order_range] == "ORDER BY range");
  CHECK(names[oltp::distinct_range] == "DISTINCT range");
  CHECK(names[oltp::index_update] == "index update");
  CHECK(names[oltp::non_index_update] == "non-index update");
  CHECK(names[oltp::delete_] == "delete");
  CHECK(names[oltp::insert] == "insert");
  CHECK(names[oltp::begin] == "BEGIN");
  CHECK(names[oltp::commit] == "COMMIT");
}

TEST_CASE("statement_classes: TPC-C's statements by name, indexed by tpcc::Sql",
          "[load][statement_class]") {
  using versus::load::tpcc::Sql;
  const auto names = statement_classes(mix_for(Workload::tpcc));
  REQUIRE(names.size() == versus::load::tpcc::kSqlCount);
  CHECK(names[static_cast<std::size_t>(Sql::begin)] == "BEGIN");
  CHECK(names[static_cast<std::size_t>(Sql::commit)] == "COMMIT");
  CHECK(names[static_cast<std::size_t>(Sql::rollback)] == "ROLLBACK");
  for (const auto& t : versus::load::tpcc::sql_texts())
    if (t.id > Sql::rollback) CHECK(names[static_cast<std::size_t>(t.id)] == t.name);
  CHECK(names[static_cast<std::size_t>(Sql::sl_stock_count)] == "stock_level.stock_count");
}

TEST_CASE("statement_classes: a 0.4 mix under LOCK TABLES names its frame so",
          "[load][statement_class]") {
  const auto names = statement_classes(mix_for(Workload::legacy_complex), true);
  CHECK(names[oltp::begin] == "LOCK TABLES");
  CHECK(names[oltp::commit] == "UNLOCK TABLES");
}

TEST_CASE("statements_per_transaction: every workload's classes", "[load][statement_class]") {
  CHECK(runs(Workload::oltp_read_write) ==
        "point select x10, simple range x1, SUM range x1, ORDER BY range x1, DISTINCT range x1, "
        "index update x1, non-index update x1, delete x1, insert x1, BEGIN x1, COMMIT x1");
  CHECK(runs(Workload::oltp_read_only) ==
        "point select x10, simple range x1, SUM range x1, ORDER BY range x1, DISTINCT range x1, "
        "BEGIN x1, COMMIT x1");
  CHECK(runs(Workload::oltp_write_only) ==
        "index update x1, non-index update x1, delete x1, insert x1, BEGIN x1, COMMIT x1");
  CHECK(runs(Workload::oltp_point_select) == "point select x1");
  CHECK(runs(Workload::oltp_update_index) == "index update x1");
  CHECK(runs(Workload::oltp_update_non_index) == "non-index update x1");
  CHECK(runs(Workload::oltp_delete) == "delete x1");
  CHECK(runs(Workload::oltp_insert) == "insert x1");
  // 0.4's delete/insert pair is preceded by an index UPDATE of its id.
  CHECK(runs(Workload::legacy_complex) ==
        "point select x10, simple range x1, SUM range x1, ORDER BY range x1, DISTINCT range x1, "
        "index update x2, non-index update x1, delete x1, insert x1, BEGIN x1, COMMIT x1");
  CHECK(runs(Workload::legacy_read_only) ==
        "point select x10, simple range x1, SUM range x1, ORDER BY range x1, DISTINCT range x1, "
        "BEGIN x1, COMMIT x1");
}

TEST_CASE("statements_per_transaction: the counts add up to the mix's statements",
          "[load][statement_class]") {
  for (Workload w : {Workload::oltp_read_write, Workload::oltp_insert, Workload::legacy_complex,
                     Workload::legacy_read_only}) {
    const auto mix = mix_for(w);
    const auto n = statements_per_transaction(mix);
    CHECK(std::accumulate(n.begin(), n.end(), 0) == mix.reads() + mix.writes() + mix.others());
  }
}

TEST_CASE("statement_classes: a microbenchmark's one statement, named as its workload",
          "[load][statement_class]") {
  for (const auto& s : versus::load::micro_statements()) {
    INFO(s.class_name);
    const auto mix = mix_for(s.workload);
    CHECK(statement_classes(mix) == std::vector<std::string_view>{s.class_name});
    CHECK(statements_per_transaction(mix) == std::vector<int>{1});
    CHECK(mix.reads() + mix.writes() + mix.others() == 1);
  }
  CHECK(statement_classes(mix_for(Workload::hot_points)).front() == "hot_points");
}
