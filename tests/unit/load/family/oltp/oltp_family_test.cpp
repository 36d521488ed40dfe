// The sysbench family through the seam: which of its tables a load of its workloads makes,
// which table files are its own, how its mixes are named.
#include "load/family/oltp/oltp_family.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "load/family/registry.h"

using versus::sysbench::Workload;
namespace load = versus::load;

TEST_CASE("oltp family: sbtest1..N and 0.4's sbtest as its workloads need",
          "[load][oltp_family]") {
  auto names = [](std::vector<Workload> ws) {
    return load::table_names(load::tables_for({ws, {}, "innodb", 2, 100, {}}));
  };
  CHECK(names({Workload::oltp_read_write}) == std::vector<std::string>{"sbtest1", "sbtest2"});
  CHECK(names({Workload::legacy_complex}) == std::vector<std::string>{"sbtest"});
  CHECK(names({Workload::legacy_read_only, Workload::point_query}) ==
        std::vector<std::string>{"sbtest1", "sbtest2", "sbtest"});
  CHECK(names({Workload::update_one}) == std::vector<std::string>{"sbtest1", "sbtest2"});
  CHECK(names({Workload::tpcc}).size() == 9);  // none of sysbench's
}

TEST_CASE("oltp family: its table files, its dialects, no kinds", "[load][oltp_family]") {
  const auto& f = load::oltp_family();
  CHECK(f.owns_table("sbtest"));
  CHECK(f.owns_table("sbtest12"));
  CHECK_FALSE(f.owns_table("sbtest_one"));
  CHECK_FALSE(f.owns_table("sbtest1a"));
  CHECK_FALSE(f.owns_table("warehouse"));
  CHECK(f.dialect(load::mix_for(Workload::legacy_complex)) == "sysbench-0.4");
  CHECK(f.dialect(load::mix_for(Workload::oltp_read_only)) == "sysbench-1.0");
  CHECK(load::kind_names(load::mix_for(Workload::oltp_read_write)).empty());
  CHECK(f.locking_table(load::mix_for(Workload::legacy_read_only)) == "sbtest");
  CHECK(f.locking_table(load::mix_for(Workload::oltp_read_only)).empty());
  load::SessionConfig c;
  CHECK(f.home(c).empty());
  CHECK(f.deck(c).empty());
  CHECK_FALSE(f.headline_kind());
  CHECK_FALSE(f.checks_tables());
}
