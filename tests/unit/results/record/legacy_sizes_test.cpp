#include "results/record/legacy_sizes.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "support/temp_dir.h"

using versus::results::CellRecord;
using versus::results::fill_legacy_sizes;
using versus::results::RunResults;

TEST_CASE("legacy sizes: cells without tables/table_size get the matrix copy's", "[results]") {
  versus::testing::TempDir dir;
  RunResults r;
  r.cells.resize(2);
  r.cells[1].tables = 2;
  r.cells[1].table_size = 500;  // recorded: kept
  std::ofstream(dir.path() / "matrix.yaml") << "servers: []\ntable_size: 2000\n";
  fill_legacy_sizes(r, dir.path() / "matrix.yaml");
  CHECK(r.cells[0].tables == 1);  // the default versus had then
  CHECK(r.cells[0].table_size == 2000);
  CHECK(r.cells[1].table_size == 500);
  RunResults alone;
  alone.cells.resize(1);
  fill_legacy_sizes(alone, dir.path() / "none.yaml");  // no copy: unknown
  CHECK(alone.cells[0].table_size == 0);
}
