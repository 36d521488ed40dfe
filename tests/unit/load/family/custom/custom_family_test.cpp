// A workload file through the seam: its tables, or sbtest1..N for a file without any; its
// identity in the instance cache key.
#include "load/family/custom/custom_family.h"

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "load/family/registry.h"

using versus::sysbench::CustomWorkload;
using versus::sysbench::Workload;
namespace load = versus::load;

TEST_CASE("custom family: a file's tables, sbtest1..N for a file without", "[load][custom]") {
  auto with_table = std::make_shared<CustomWorkload>();
  with_table->name = "shop";
  with_table->text = "tables: ...";
  with_table->tables.push_back({});
  with_table->tables.back().name = "items";
  auto without = std::make_shared<CustomWorkload>();
  without->name = "bare";
  auto spec = load::tables_for({{Workload::custom}, {with_table}, "innodb", 3, 100, {}});
  CHECK(load::table_names(spec) == std::vector<std::string>{"items"});
  CHECK(load::custom_family().identity(spec) == "workload file shop\ntables: ...\n");
  spec = load::tables_for({{Workload::custom}, {without}, "innodb", 3, 100, {}});
  CHECK(load::table_names(spec) == std::vector<std::string>{"sbtest1", "sbtest2", "sbtest3"});
  CHECK(load::custom_family().dialect(load::mix_for(Workload::custom)) == "workload-file");
}
