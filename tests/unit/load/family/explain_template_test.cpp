#include "load/family/explain_template.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "load/family/tpcc/tpcc_statements.h"

using versus::load::bind_literals;
using versus::load::explain_templates;
using versus::load::LoadSpec;

namespace {
const versus::load::ExplainTemplate& find(const std::vector<versus::load::ExplainTemplate>& all,
                                          std::string_view statements, std::string_view klass) {
  for (const auto& t : all)
    if (t.statements == statements && t.statement_class == klass) return t;
  FAIL("no template " << statements << " / " << klass);
  return all.front();
}
}  // namespace

TEST_CASE("bind_literals: the table for {}, each ? by the next literal in order",
          "[load][explain_template]") {
  CHECK(bind_literals("SELECT c FROM {} WHERE id BETWEEN ? AND ?", "sbtest1", {"5", "9"}) ==
        "SELECT c FROM sbtest1 WHERE id BETWEEN 5 AND 9");
  CHECK(bind_literals("UPDATE {} SET c=? WHERE id=?", "t", {"'a?b'", "3"}) ==
        "UPDATE t SET c='a?b' WHERE id=3");
}

TEST_CASE("explain_templates: sysbench 1.0's statements on sbtest1, mid-table ids",
          "[load][explain_template]") {
  LoadSpec load;
  load.tables = 4;
  load.table_size = 10000;
  const auto all = explain_templates(load, {});
  // Every class but BEGIN and COMMIT, every microbenchmark, the point select and four ranges at 100, 1000 and 10000 ids, every class at 10
  // (read_only_range_10's and read_write_range_10's).
  REQUIRE(all.size() == 9 + 18 + 3 * 5 + 9);
  CHECK(find(all, "sysbench 1.0", "point select").sql == "SELECT c FROM sbtest1 WHERE id=5000");
  CHECK(find(all, "sysbench 1.0", "DISTINCT range").sql ==
        "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN 5000 AND 5099 ORDER BY c");
  CHECK(find(all, "sysbench 1.0", "index update").sql == "UPDATE sbtest1 SET k=k+1 WHERE id=5000");
  const std::string insert = find(all, "sysbench 1.0", "insert").sql;
  CHECK(insert.rfind("INSERT INTO sbtest1 (id, k, c, pad) VALUES (10001, 5000, '7", 0) == 0);
  CHECK(insert.find('#') == std::string::npos);
  CHECK(insert.find('?') == std::string::npos);
  // read_only_range_N's ranges are N ids long, whatever the run's range_size.
  CHECK(find(all, "sysbench 1.0, ranges of 10000", "SUM range").sql ==
        "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN 5000 AND 14999");
  CHECK(find(all, "sysbench 1.0, ranges of 10", "point select").sql ==
        "SELECT c FROM sbtest1 WHERE id=5000");
  CHECK(find(all, "sysbench 1.0, ranges of 10", "ORDER BY range").sql ==
        "SELECT c FROM sbtest1 WHERE id BETWEEN 5000 AND 5009 ORDER BY c");
  CHECK(find(all, "sysbench 1.0, ranges of 10", "index update").sql ==
        "UPDATE sbtest1 SET k=k+1 WHERE id=5000");
  CHECK(find(all, "sysbench 1.0, ranges of 1000", "SUM range").sql ==
        "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN 5000 AND 5999");
  CHECK(find(all, "microbenchmark", "read_only_count").sql ==
        "SELECT count(c) FROM sbtest1 WHERE id BETWEEN 5000 AND 5999");
}

TEST_CASE("explain_templates: sysbench 0.4's on sbtest, its DISTINCT range one id longer",
          "[load][explain_template]") {
  LoadSpec load;
  load.tables = 0;
  load.legacy_table = true;
  load.table_size = 1000;
  versus::sysbench::StatementCounts counts;
  counts.range_size = 10;
  const auto all = explain_templates(load, counts);
  REQUIRE(all.size() == 9);
  CHECK(find(all, "sysbench 0.4", "simple range").sql ==
        "SELECT c from sbtest where id between 500 and 509");
  CHECK(find(all, "sysbench 0.4", "DISTINCT range").sql ==
        "SELECT DISTINCT c from sbtest where id between 500 and 510 order by c");
  CHECK(find(all, "sysbench 0.4", "insert").sql.rfind("INSERT INTO sbtest values(1001,0,", 0) == 0);
}

TEST_CASE("explain_templates: TPC-C's statements at warehouse 1, none of its frame",
          "[load][explain_template]") {
  LoadSpec load;
  load.tables = 0;
  const auto none = explain_templates(load, {});
  CHECK(none.empty());
  load.warehouses = 2;
  const auto all = explain_templates(load, {});
  CHECK(all.size() == versus::load::tpcc::kSqlCount - 3);  // BEGIN, COMMIT, ROLLBACK left out
  for (const auto& t : all) {
    INFO(t.statement_class << ": " << t.sql);
    CHECK(t.statements == "TPC-C");
    CHECK(t.sql.find('?') == std::string::npos);
  }
  CHECK(find(all, "TPC-C", "new_order.district").sql ==
        "SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 1 FOR UPDATE");
  CHECK(find(all, "TPC-C", "payment.customer_by_name").sql ==
        "SELECT c_id FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_last = 'BARBARBAR' "
        "ORDER BY c_first LIMIT 0, 1");
  CHECK_THAT(find(all, "TPC-C", "stock_level.stock_count").sql,
             Catch::EndsWith("ol_o_id < 3001 AND ol_o_id >= 2981 AND s_quantity < 15"));
}

TEST_CASE("explain_templates: each microbenchmark's statement, its IN-list spread over the table",
          "[load][explain_template]") {
  LoadSpec load;
  load.tables = 1;
  load.table_size = 1000;
  versus::sysbench::StatementCounts counts;
  counts.inlist_size = 4;
  const auto all = explain_templates(load, counts);
  CHECK(find(all, "microbenchmark", "scan").sql == "SELECT * FROM sbtest1 WHERE LENGTH(c) < 0");
  CHECK(find(all, "microbenchmark", "random_points").sql ==
        "SELECT c FROM sbtest1 WHERE id IN (1, 251, 501, 751)");
  CHECK(find(all, "microbenchmark", "range_covered_si").sql ==
        "SELECT k FROM sbtest1 WHERE k BETWEEN 500 AND 600");
  // update_one: row 1 of the loaded tables, as the published --table-size=1.
  const std::string one = find(all, "microbenchmark", "update_one").sql;
  CHECK(one.rfind("UPDATE sbtest1 SET c='77777777777-", 0) == 0);
  CHECK(one.ends_with("' WHERE id=1"));
  const std::string hot = find(all, "microbenchmark", "hot_points").sql;  // 100 from N/2+1
  CHECK(hot.find("IN (501, 502, ") != std::string::npos);
  CHECK(hot.find(", 600)") != std::string::npos);
  for (const auto& t : all) {
    INFO(t.statement_class << ": " << t.sql);
    CHECK(t.sql.find('?') == std::string::npos);
  }
}

TEST_CASE("explain_templates: a workload file's statements, one literal per parameter",
          "[load][explain_template]") {
  using versus::sysbench::Generator;
  auto w = std::make_shared<versus::sysbench::CustomWorkload>();
  w->name = "shop";
  versus::sysbench::CustomTransaction t;
  t.name = "order";
  t.statements.push_back({"customer by id",
                          "SELECT name FROM customers WHERE id = ?",
                          {{Generator::zipfian, 1, 1000, 10, {}}},
                          3});
  t.statements.push_back(
      {"orders of a status",
       "SELECT COUNT(*) FROM orders WHERE status = ? AND note <> '?' AND c = ?",
       {{Generator::list, 1, 1, 10, {"it's new", "paid"}}, {Generator::string, 1, 1, 4, {}}},
       5});
  w->transactions.push_back(t);
  LoadSpec load;
  load.tables = 0;
  load.custom.push_back(w);
  const auto all = explain_templates(load, {});
  REQUIRE(all.size() == 2);
  CHECK(find(all, "shop", "customer by id").sql == "SELECT name FROM customers WHERE id = 500");
  CHECK(find(all, "shop", "orders of a status").sql ==
        "SELECT COUNT(*) FROM orders WHERE status = 'it''s new' AND note <> '?' AND c = 'aaaa'");
}
