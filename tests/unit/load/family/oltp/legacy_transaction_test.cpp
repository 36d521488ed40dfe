#include "load/family/oltp/legacy_transaction.h"
#include "load/family/registry.h"

#include <catch2/catch.hpp>

using versus::load::clamp_range_start;
using versus::load::draw_legacy;
using versus::load::mix_for;
using versus::load::Random;
using versus::sysbench::Workload;

TEST_CASE("clamp_range_start keeps a range inside the table", "[load][legacy]") {
  CHECK(clamp_range_start(1, 100, 10000) == 1u);
  CHECK(clamp_range_start(9900, 100, 10000) == 9900u);
  CHECK(clamp_range_start(9901, 100, 10000) == 9900u);
  CHECK(clamp_range_start(10000, 100, 10000) == 9900u);
  CHECK(clamp_range_start(50, 200, 100) == 1u);  // range larger than the table
  CHECK(clamp_range_start(0, 10, 100) == 1u);
}

TEST_CASE("draw_legacy: counts, bounds, the DISTINCT extra id, one pair id", "[load][legacy]") {
  Random rng(42, {versus::sysbench::RandType::uniform});
  const auto mix = mix_for(Workload::legacy_complex);
  for (int i = 0; i < 2000; ++i) {
    const auto t = draw_legacy(mix, 1000, rng);
    REQUIRE(t.points.size() == 10);
    for (auto id : t.points) REQUIRE((id >= 1 && id <= 1000));
    for (int k = 0; k < 4; ++k) {
      REQUIRE(t.ranges[k].size() == 1);
      const auto r = t.ranges[k][0];
      REQUIRE(r.from >= 1);
      REQUIRE(r.from + 100 <= 1000);
      REQUIRE(r.to - r.from == (k == versus::load::kDistinctRange ? 100u : 99u));
    }
    REQUIRE(t.index_updates.size() == 1);
    REQUIRE(t.non_index_updates.size() == 1);
    REQUIRE((t.pair_id >= 1 && t.pair_id <= 1000));
  }
}

TEST_CASE("draw_legacy: a read-only mix draws no write ids", "[load][legacy]") {
  Random rng(7);
  const auto t = draw_legacy(mix_for(Workload::legacy_read_only), 10000, rng);
  CHECK(t.points.size() == 10);
  CHECK(t.index_updates.empty());
  CHECK(t.non_index_updates.empty());
  CHECK(t.pair_id == 0u);
}
