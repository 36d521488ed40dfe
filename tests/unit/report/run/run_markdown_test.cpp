// The Markdown report: escaped cells, the load under each heading, a merged run's shards.
#include "report/run/run_markdown.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "support/cell_builder.h"
#include "support/comparison_tables.h"
#include "support/shard_merge_fixture.h"

using namespace versus::report;
using versus::testing::shaped_comparison_table;
using versus::testing::small_comparison_table;

TEST_CASE("markdown escapes table and emphasis characters", "[report][run_markdown]") {
  CHECK(markdown_escape("a|b*c\\d_e") == "a\\|b\\*c\\\\d_e");
  std::ostringstream out;
  write_markdown(out, {small_comparison_table()}, {});
  CHECK_THAT(out.str(), Catch::Contains("| 1100.0\\* (22001) x1.10 |"));
  CHECK_THAT(out.str(), Catch::Contains("|       8 |"));
  CHECK_THAT(out.str(), Catch::Contains("\n\\* some runs"));
}

TEST_CASE("markdown: the load, what each transaction ran", "[report][run_markdown]") {
  std::ostringstream markdown;
  write_markdown(markdown, {shaped_comparison_table()}, {});
  CHECK_THAT(markdown.str(), Catch::Contains("BEGIN, 7 point selects, "));
}

TEST_CASE(
    "markdown: a merge of shards lists each shard's host; its rows name theirs when they "
    "differ",
    "[report][run_markdown][shards]") {
  auto r = versus::testing::merged_two_shards();
  r.info.hosts[1].machine.cores = 8;
  std::ostringstream out;
  write_markdown(out, build_comparison(r), r.info);
  CHECK_THAT(out.str(), Catch::Contains("- shard 1/2: node1: Xeon, 2 cores, 4.0 GiB, Linux 6.1") &&
                            Catch::Contains("- shard 2/2: node2: Xeon, 8 cores") &&
                            Catch::Contains("| 4 @node2 |") && !Catch::Contains("- machine:"));
}
