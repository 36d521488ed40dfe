#include "load/family/oltp/oltp_family.h"
#include "load/family/registry.h"

#include <catch2/catch.hpp>

using versus::load::mix_for;
using versus::load::WorkloadMix;
using versus::sysbench::Workload;

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

TEST_CASE("mix_for: statement counts apply where the workload runs that statement",
          "[load][workload_mix]") {
  versus::sysbench::StatementCounts c;
  c.point_selects = 3;
  c.simple_ranges = 2;
  c.sum_ranges = 0;
  c.order_ranges = 4;
  c.distinct_ranges = 5;
  c.range_size = 7;
  c.index_updates = 6;
  c.non_index_updates = 8;
  c.delete_inserts = 9;
  const auto rw = mix_for(Workload::oltp_read_write, c);
  CHECK(rw.reads() == 3 + 2 + 0 + 4 + 5);
  CHECK(rw.writes() == 6 + 8 + 2 * 9);
  CHECK(rw.range_size == 7u);
  const auto ro = mix_for(Workload::oltp_read_only, c);
  CHECK(ro.reads() == 14);
  CHECK(ro.writes() == 0);
  const auto wo = mix_for(Workload::oltp_write_only, c);
  CHECK(wo.reads() == 0);
  CHECK(wo.writes() == 6 + 8 + 18);
  // sysbench 1.0.20: oltp_point_select forces one; update scripts read the option.
  CHECK(mix_for(Workload::oltp_point_select, c).point_selects == 1);
  CHECK(statements(mix_for(Workload::oltp_point_select, c)) == 1);
  CHECK(mix_for(Workload::oltp_update_index, c).index_updates == 6);
  CHECK(statements(mix_for(Workload::oltp_update_index, c)) == 6);
  CHECK(mix_for(Workload::oltp_update_non_index, c).non_index_updates == 8);
  CHECK(statements(mix_for(Workload::oltp_update_non_index, c)) == 8);
  CHECK(statements(mix_for(Workload::oltp_delete, c)) == 1);
  CHECK(statements(mix_for(Workload::oltp_insert, c)) == 1);
}

TEST_CASE("mix_for: legacy_complex is sysbench 0.4.12's complex mode", "[load][workload_mix]") {
  const auto m = mix_for(Workload::legacy_complex);
  CHECK(m.dialect == versus::load::Dialect::sysbench_0_4);
  CHECK(m.transaction);
  CHECK(m.reads() == 14);
  // index update, non-index update, and UPDATE + DELETE + INSERT of one id.
  CHECK(m.writes() == 5);
  CHECK(m.others() == 2);
  CHECK(m.range_size == 100u);
}

TEST_CASE("mix_for: legacy_read_only reads only; counts apply, the pair stays one",
          "[load][workload_mix]") {
  const auto ro = mix_for(Workload::legacy_read_only);
  CHECK(ro.dialect == versus::load::Dialect::sysbench_0_4);
  CHECK(ro.reads() == 14);
  CHECK(ro.writes() == 0);
  CHECK(ro.others() == 2);
  versus::sysbench::StatementCounts c;
  c.point_selects = 2;
  c.index_updates = 3;
  c.delete_inserts = 5;  // 0.4 had no such option
  const auto m = mix_for(Workload::legacy_complex, c);
  CHECK(m.point_selects == 2);
  CHECK(m.delete_inserts == 1);
  CHECK(m.writes() == 3 + 1 + 3);
}

TEST_CASE("is_legacy: only the 0.4 mixes", "[load][workload_mix]") {
  for (auto name : versus::sysbench::workload_names()) {
    const auto w = *versus::sysbench::workload_from_name(name);
    CHECK(versus::sysbench::is_legacy(w) == (name.substr(0, 7) == "legacy_"));
    CHECK((mix_for(w).dialect == versus::load::Dialect::sysbench_0_4) ==
          versus::sysbench::is_legacy(w));
  }
}

TEST_CASE("tpcc: its own family, no sysbench statement counts", "[load][workload_mix]") {
  const auto m = mix_for(Workload::tpcc);
  CHECK(m.workload == Workload::tpcc);
  CHECK(versus::load::family_of(m).name() == "TPC-C");
  CHECK(m.transaction);
  CHECK(m.reads() == 0);
  CHECK(m.writes() == 0);
}
