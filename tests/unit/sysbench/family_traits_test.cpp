#include "sysbench/family_traits.h"

#include <catch2/catch.hpp>

#include "load/family/registry.h"

namespace {
using versus::sysbench::FamilyTraits;
using versus::sysbench::Workload;
namespace sb = versus::sysbench;
}  // namespace

TEST_CASE("family traits: every workload has one row, the one its load family answers from",
          "[sysbench][family]") {
  std::vector<Workload> all;
  for (auto name : sb::workload_names()) all.push_back(*sb::workload_from_name(name));
  all.push_back(Workload::custom);
  for (Workload w : all) {
    INFO(sb::workload_name(w));
    int rows = 0;
    for (const FamilyTraits* t : sb::family_traits()) rows += t->runs(w) ? 1 : 0;
    CHECK(rows == 1);
    const FamilyTraits& t = sb::traits_of(w);
    const auto& family = versus::load::family_of(w);
    CHECK(&family.traits() == &t);
    CHECK(family.name() == t.name);
    CHECK(family.size_axis() == t.size);
    CHECK(family.checks_tables() == t.checks_tables());
    CHECK(family.headline_kind().has_value() == t.has_headline());
    if (w != Workload::custom) {
      const auto dialect = family.dialect(versus::load::mix_for(w));
      CHECK(&sb::traits_of_dialect(dialect) == &t);
      CHECK(&sb::traits_of_named(sb::workload_name(w)) == &t);
    }
  }
}

TEST_CASE("family traits: names, dialects and sizes find their family", "[sysbench][family]") {
  CHECK(&sb::traits_of_named("tpcc") == &sb::tpcc_traits());
  CHECK(&sb::traits_of_named("point_query.after_writes") == &sb::oltp_traits());
  CHECK(&sb::traits_of_named("my_file_workload") == &sb::workload_file_traits());
  CHECK(&sb::traits_of_dialect("sysbench-0.4") == &sb::oltp_traits());
  CHECK(&sb::traits_of_dialect("") == &sb::oltp_traits());  // before dialects were recorded
  CHECK(&sb::traits_of_dialect("workload-file") == &sb::workload_file_traits());
  CHECK(sb::sizing_family({Workload::oltp_read_only}) == nullptr);
  CHECK(sb::size_axis({Workload::oltp_read_only}) == sb::SizeAxis{});
  CHECK(sb::sizing_family({Workload::tpcc}) == &sb::tpcc_traits());
  CHECK(sb::size_axis({Workload::tpcc}).tag == "w");
  CHECK(versus::load::size_axis({Workload::tpcc}) == sb::size_axis({Workload::tpcc}));
  for (const FamilyTraits* t : sb::family_traits()) {
    INFO(t->name);
    CHECK(!t->name.empty());
    CHECK(!t->dialects[0].empty());
    // A family with keys of its own says what they would change nothing without.
    CHECK(t->own_keys[0].empty() == t->keys_without_it.empty());
  }
}
