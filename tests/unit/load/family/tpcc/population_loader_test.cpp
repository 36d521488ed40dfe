#include "load/family/tpcc/population_loader.h"

#include <catch2/catch.hpp>

using namespace versus::load::tpcc;

TEST_CASE("TPC-C load: its timestamp text and its tables", "[load][tpcc]") {
  CHECK(load_timestamp(0) == "1970-01-01 00:00:00");
  CHECK(load_timestamp(1'780'000'000) == "2026-05-28 20:26:40");
  const auto names = population_table_names();
  REQUIRE(names.size() == 9);
  CHECK(names.front() == "item");
  CHECK(names.back() == "stock");
}
