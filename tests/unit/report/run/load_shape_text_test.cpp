#include "report/run/load_shape_text.h"

#include <catch2/catch.hpp>

using versus::report::load_shape_text;
using versus::results::MixRecord;
using versus::sysbench::RandSpec;
using versus::sysbench::RandType;

TEST_CASE("load_shape_text: oltp_read_write's defaults", "[report]") {
  CHECK(load_shape_text(MixRecord{}, RandSpec{}) ==
        "Per transaction (sysbench 1.0): BEGIN, 10 point selects, 1 simple range, 1 SUM range, "
        "1 ORDER BY range, 1 DISTINCT range (100 ids each), 1 index update, 1 non-index "
        "update, 1 delete + insert of one id, COMMIT; ids: special (1% of them take 75% of the "
        "draws)");
}

TEST_CASE("load_shape_text: changed counts, no transaction, another distribution", "[report]") {
  MixRecord m;
  m.transaction = false;
  m.point_selects = 1;
  m.simple_ranges = m.sum_ranges = m.order_ranges = m.distinct_ranges = 0;
  m.index_updates = m.non_index_updates = m.delete_inserts = 0;
  RandSpec d;
  d.type = RandType::uniform;
  CHECK(load_shape_text(m, d) == "Per transaction (sysbench 1.0): 1 point select; ids: uniform");
  m.point_selects = 0;
  m.inserts = 1;
  d.type = RandType::pareto;
  d.pareto_h = 0.3;
  CHECK(load_shape_text(m, d) == "Per transaction (sysbench 1.0): 1 insert; ids: pareto (h 0.3)");
}

TEST_CASE("load_shape_text: sysbench 0.4 under LOCK TABLES", "[report]") {
  MixRecord m;
  m.dialect = "sysbench-0.4";
  m.lock_tables = true;
  m.point_selects = 2;
  m.simple_ranges = m.sum_ranges = m.order_ranges = 0;
  m.range_size = 50;
  m.non_index_updates = 0;
  CHECK(load_shape_text(m, RandSpec{}) ==
        "Per transaction (sysbench 0.4): LOCK TABLES, 2 point selects, 1 DISTINCT range (50 "
        "ids each), 1 index update, 1 update + delete + insert of one id, UNLOCK TABLES; ids: "
        "special (1% of them take 75% of the draws)");
}

TEST_CASE("load_shape_text: tpcc names its mix, not sysbench's counts", "[report]") {
  versus::results::MixRecord m;
  m.dialect = "tpcc";
  const auto text = load_shape_text(m, {});
  CHECK(text.rfind("TPC-C's five transactions", 0) == 0);
  CHECK(text.find("no keying or think time") != std::string::npos);
  CHECK(text.find("point select") == std::string::npos);
}
