// The terminal's comparison tables: one line per row when they fit, headers and then cells
// split on two lines when they do not, the load sentence folded within the width.
#include "report/run/run_terminal.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "support/comparison_tables.h"

namespace {

using namespace versus::report;
using versus::testing::shaped_comparison_table;
using versus::testing::small_comparison_table;

std::string terminal_text(const ComparisonTable& table, std::size_t width) {
  std::ostringstream out;
  write_terminal(out, {table}, {width});
  return out.str();
}

}  // namespace

TEST_CASE("terminal: one line per row when it fits", "[report][run_terminal]") {
  CHECK(terminal_text(small_comparison_table(), 100) ==
        "oltp_read_only, innodb (TPS, QPS in parentheses; ratio to a/default)\n"
        "Per transaction (sysbench 1.0): BEGIN, 10 point selects, 1 simple range, 1 SUM range, "
        "1 ORDER BY\n"
        "  range, 1 DISTINCT range (100 ids each), 1 index update, 1 non-index update, 1 delete "
        "+ insert of\n"
        "  one id, COMMIT; ids: special (1% of them take 75% of the draws)\n"
        "threads |      a/default |             b/default | c/default\n"
        "--------+----------------+-----------------------+----------\n"
        "      8 | 1000.0 (20000) | 1100.0* (22001) x1.10 |   crashed\n"
        "* some runs of this cell failed, crashed or were unresponsive; the mean is over the ok runs\n");
}

TEST_CASE("terminal: the load sentence folds at spaces within the width",
          "[report][run_terminal]") {
  for (std::size_t width : {40u, 75u, 100u}) {
    std::istringstream lines(terminal_text(small_comparison_table(), width));
    std::string line, sentence;
    std::getline(lines, line);  // the heading
    while (std::getline(lines, line) && line.find(" | ") == std::string::npos) {
      CHECK(line.size() <= width);
      sentence += sentence.empty() ? line : " " + line.substr(2);
    }
    CHECK(sentence.starts_with("Per transaction (sysbench 1.0): BEGIN,"));
    CHECK(sentence.ends_with("(1% of them take 75% of the draws)"));
    CHECK(sentence.find("  ") == std::string::npos);
  }
}

TEST_CASE("terminal: narrow widths split headers, then cells", "[report][run_terminal]") {
  const ComparisonTable table = small_comparison_table("a-long-profile-name");
  const std::string split_header = terminal_text(table, 75);
  CHECK_THAT(split_header, Catch::Contains("        |                   a |"));
  CHECK_THAT(split_header, Catch::Contains("threads | a-long-profile-name |"));
  CHECK_THAT(split_header, Catch::Contains("1100.0* (22001) x1.10"));
  const std::string split_cells = terminal_text(small_comparison_table(), 40);
  CHECK_THAT(split_cells, Catch::Contains("        |       a |             b |       c\n"
                                          "threads | default |       default | default\n"));
  CHECK_THAT(split_cells, Catch::Contains("      8 |  1000.0 | 1100.0* x1.10 | crashed\n"
                                          "        | (20000) |       (22001) |\n"));
}

TEST_CASE("terminal: the load, what each transaction ran and how ids were drawn",
          "[report][run_terminal]") {
  CHECK_THAT(terminal_text(shaped_comparison_table(), 100),
             Catch::Contains("ratio to a/default)\nPer transaction (sysbench 1.0): BEGIN, 7 point "
                             "selects, ") &&
                 Catch::Contains("; ids: pareto (h 0.3)\nthreads |"));
}
