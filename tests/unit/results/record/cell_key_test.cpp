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
