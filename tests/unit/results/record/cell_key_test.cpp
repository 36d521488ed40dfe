#include "results/record/cell_key.h"

#include <catch2/catch.hpp>

#include "support/cell_builder.h"

using versus::testing::CellBuilder;

TEST_CASE("cell_key: the same for a record and its coordinates", "[results][cell_key]") {
  const versus::results::CellRecord c = CellBuilder("a").threads(4).repeat(1).table_size(500);
  versus::results::CellCoordinates at;
  at.server = "a";
  at.profile = "default";
  at.engine = "innodb";
  at.workload = "oltp_read_write";
  at.threads = 4;
  at.repeat = 1;
  at.table_size = 500;
  CHECK(versus::results::cell_key(c) == versus::results::cell_key(at));
  at.repeat = 0;
  CHECK(versus::results::cell_key(c) != versus::results::cell_key(at));
  CHECK(versus::results::cell_key(at) == "a|default|innodb|oltp_read_write|4|0|500");
}

TEST_CASE("mix_variant: tpcc's home and deck; old tpcc results read as what they ran",
          "[results][cell_key]") {
  versus::results::MixRecord m;
  CHECK(versus::results::mix_variant(m).empty());  // sysbench's mixes have no variant
  m.dialect = "tpcc";
  CHECK(versus::results::mix_variant(m) == "tpcc_home: per_connection, tpcc_mix: standard");
  m.tpcc_home = "per_transaction";
  m.tpcc_mix = "hammerdb";
  CHECK(versus::results::mix_variant(m) == "tpcc_home: per_transaction, tpcc_mix: hammerdb");
}
