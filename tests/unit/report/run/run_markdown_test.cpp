// The Markdown report: escaped cells, the load under each heading, a merged run's shards.
#include "report/run/run_markdown.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "support/cell_builder.h"
#include "support/comparison_tables.h"

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
  versus::results::RunResults r;
  r.info.run_id = "merged";
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  r.info.shard = {"0123456789abcdef", 0, 2};
  versus::results::MachineFacts m{"Xeon", 2, "Linux 6.1", "", 1ULL << 32, "node1"};
  r.info.hosts = {{1, "s1", m}, {2, "s2", m}};
  r.info.hosts[1].machine.hostname = "node2";
  r.info.hosts[1].machine.cores = 8;
  for (const char* s : {"a", "b"})
    for (int t : {1, 4}) {
      versus::results::CellRecord c = versus::testing::CellBuilder(s).threads(t).tps(100 * t);
      c.host = t == 1 ? "node1" : "node2";
      r.cells.push_back(c);
    }
  std::ostringstream out;
  write_markdown(out, build_comparison(r), r.info);
  CHECK_THAT(out.str(), Catch::Contains("- shard 1/2: node1: Xeon, 2 cores, 4.0 GiB, Linux 6.1") &&
                            Catch::Contains("- shard 2/2: node2: Xeon, 8 cores") &&
                            Catch::Contains("| 4 @node2 |") && !Catch::Contains("- machine:"));
}
