#include "load/workload_mix.h"

#include <catch2/catch.hpp>

using versus::config::Workload;
using versus::load::mix_for;
using versus::load::WorkloadMix;

namespace {

int statements(const WorkloadMix& m) {
  return m.reads() + m.writes() + m.others();
}

}  // namespace

TEST_CASE("mix_for: oltp_read_write is 14 reads, 4 writes, 2 others", "[load][workload_mix]") {
  const auto m = mix_for(Workload::oltp_read_write);
  CHECK(m.transaction);
  CHECK(m.point_selects == 10);
  CHECK(m.simple_ranges == 1);
  CHECK(m.sum_ranges == 1);
  CHECK(m.order_ranges == 1);
  CHECK(m.distinct_ranges == 1);
  CHECK(m.index_updates == 1);
  CHECK(m.non_index_updates == 1);
  CHECK(m.delete_inserts == 1);
  CHECK(m.deletes == 0);
  CHECK(m.inserts == 0);
  CHECK(m.range_size == 100u);
  CHECK(m.reads() == 14);
  CHECK(m.writes() == 4);
  CHECK(m.others() == 2);
  CHECK(statements(m) == 20);
}

TEST_CASE("mix_for: oltp_read_only is 14 reads, 2 others", "[load][workload_mix]") {
  const auto m = mix_for(Workload::oltp_read_only);
  CHECK(m.transaction);
  CHECK(m.point_selects == 10);
  CHECK(m.reads() == 14);
  CHECK(m.writes() == 0);
  CHECK(m.others() == 2);
  CHECK(statements(m) == 16);
}

TEST_CASE("mix_for: oltp_write_only is 4 writes, 2 others", "[load][workload_mix]") {
  const auto m = mix_for(Workload::oltp_write_only);
  CHECK(m.transaction);
  CHECK(m.reads() == 0);
  CHECK(m.index_updates == 1);
  CHECK(m.non_index_updates == 1);
  CHECK(m.delete_inserts == 1);
  CHECK(m.writes() == 4);
  CHECK(m.others() == 2);
  CHECK(statements(m) == 6);
}

TEST_CASE("mix_for: oltp_point_select is one read, no transaction", "[load][workload_mix]") {
  const auto m = mix_for(Workload::oltp_point_select);
  CHECK_FALSE(m.transaction);
  CHECK(m.point_selects == 1);
  CHECK(m.reads() == 1);
  CHECK(m.writes() == 0);
  CHECK(m.others() == 0);
  CHECK(statements(m) == 1);
}

TEST_CASE("mix_for: single-statement write workloads", "[load][workload_mix]") {
  SECTION("oltp_update_index") {
    const auto m = mix_for(Workload::oltp_update_index);
    CHECK_FALSE(m.transaction);
    CHECK(m.index_updates == 1);
    CHECK(m.non_index_updates == 0);
    CHECK(m.reads() == 0);
    CHECK(m.writes() == 1);
    CHECK(statements(m) == 1);
  }
  SECTION("oltp_update_non_index") {
    const auto m = mix_for(Workload::oltp_update_non_index);
    CHECK_FALSE(m.transaction);
    CHECK(m.non_index_updates == 1);
    CHECK(m.index_updates == 0);
    CHECK(m.reads() == 0);
    CHECK(m.writes() == 1);
    CHECK(statements(m) == 1);
  }
  SECTION("oltp_delete") {
    const auto m = mix_for(Workload::oltp_delete);
    CHECK_FALSE(m.transaction);
    CHECK(m.deletes == 1);
    CHECK(m.delete_inserts == 0);
    CHECK(m.reads() == 0);
    CHECK(m.writes() == 1);
    CHECK(statements(m) == 1);
  }
  SECTION("oltp_insert") {
    const auto m = mix_for(Workload::oltp_insert);
    CHECK_FALSE(m.transaction);
    CHECK(m.inserts == 1);
    CHECK(m.delete_inserts == 0);
    CHECK(m.reads() == 0);
    CHECK(m.writes() == 1);
    CHECK(statements(m) == 1);
  }
}
