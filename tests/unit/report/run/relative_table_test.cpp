#include "report/run/relative_table.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "report/run/run_markdown.h"
#include "support/golden.h"
#include "support/relative_tables.h"

using versus::report::ComparisonTable;
using versus::report::relative_table;
using versus::sysbench::SuiteGroup;

using versus::testing::relative_suite_table;
using versus::testing::relative_suite_tables;

TEST_CASE("relative_table: suite rows in their groups and order, geometric means per column",
          "[report][relative_table]") {
  const auto t = relative_table(relative_suite_tables());
  REQUIRE(t);
  CHECK(t->baseline.server == "a");
  REQUIRE(t->columns.size() == 2);
  REQUIRE(t->groups.size() == 5);
  CHECK(t->groups[0].group == SuiteGroup::point);
  CHECK(t->groups[3].group == SuiteGroup::writes);
  // The read tests' second pass after the writes: its own groups, after the writes.
  CHECK(t->groups[4].group == SuiteGroup::point);
  CHECK(t->groups[4].after_writes);
  CHECK(versus::report::relative_group_name(t->groups[4]) == "point, after writes");
  REQUIRE(t->groups[4].rows.size() == 1);
  CHECK(t->groups[4].rows[0].workload == "point_query.after_writes");
  CHECK(*t->groups[4].geomean[0] == Approx(0.7));
  CHECK_FALSE(t->groups[0].after_writes);
  REQUIRE(t->groups[0].rows.size() == 2);
  CHECK(t->groups[0].rows[0].workload == "point_query");  // the suite's order, not the run's
  CHECK(t->groups[0].rows[1].workload == "points_covered_pk");
  CHECK(*t->groups[0].geomean[0] == Approx(std::sqrt(0.8 * 0.9)));
  CHECK(*t->groups[0].geomean[1] == Approx(std::sqrt(1.02 * 0.98)));
  CHECK(*t->groups[3].geomean[0] == Approx(0.5));
  CHECK(t->groups[0].rows[0].base_cost->server_cpu_us == 40);
  CHECK(t->groups[0].rows[0].cells[0].cost->server_cpu_us == Approx(50));
  CHECK_FALSE(t->groups[0].rows[0].cells[1].cost);  // c has no usage figures
}

TEST_CASE("relative_table: one table per engine and thread count, each mean saying what it holds",
          "[report][relative_table]") {
  auto at8 = [](ComparisonTable t) {
    t.rows.front().threads = 8;
    return t;
  };
  ComparisonTable missing = at8(relative_suite_table("points_covered_pk", 0.9, 0.98));
  missing.rows.front().cells[1].vs_baseline.reset();  // b without an ok run there
  const auto t = relative_table({relative_suite_table("point_query", 0.8, 1.02),
                                 at8(relative_suite_table("point_query", 0.5, 1.0)), missing});
  REQUIRE(t);
  REQUIRE(t->groups.size() == 2);  // point at 1 thread, point at 8: never pooled
  CHECK(versus::report::relative_group_name(t->groups[0]) == "point, innodb, 1 thread");
  CHECK(versus::report::relative_group_name(t->groups[1]) == "point, innodb, 8 threads");
  CHECK(*t->groups[0].geomean[0] == Approx(0.8));
  CHECK(*t->groups[1].geomean[0] == Approx(0.5));  // the missing test is not in it ...
  CHECK(versus::report::relative_tests_text(t->groups[1], 0) == "1 of 2 tests");  // ... and said
  CHECK(versus::report::relative_tests_text(t->groups[1], 1) == "2 of 2 tests");
}

TEST_CASE("relative_table: none without a suite workload; a group without rows left out",
          "[report][relative_table]") {
  CHECK_FALSE(relative_table({relative_suite_table("oltp_read_only", 1, 1)}));
  CHECK_FALSE(relative_table({}));
  // Suite mixes without a microbenchmark: no relative table (an ordinary run's reports).
  CHECK_FALSE(relative_table({relative_suite_table("oltp_read_write", 1, 1),
                              relative_suite_table("read_only_range_10", 1, 1)}));
  const auto t = relative_table({relative_suite_table("scan", 1.1, 1.0)});
  REQUIRE(t);
  REQUIRE(t->groups.size() == 1);
  CHECK(t->groups[0].group == SuiteGroup::range);
}

TEST_CASE("geometric_mean: exp of the mean log; none for nothing or a ratio not > 0",
          "[report][relative_table]") {
  CHECK(*versus::report::geometric_mean({2, 8}) == Approx(4));
  CHECK(*versus::report::geometric_mean({1.1}) == Approx(1.1));
  CHECK_FALSE(versus::report::geometric_mean({}));
  CHECK_FALSE(versus::report::geometric_mean({1, 0}));
}

TEST_CASE("relative_table: Markdown", "[golden]") {
  std::ostringstream out;
  versus::report::write_markdown_text_table(
      out, versus::report::relative_text_table(*relative_table(relative_suite_tables())));
  versus::testing::check_golden("relative_table.md", out.str());
}

TEST_CASE("relative table: cost per operation as ratios to the baseline, none where it was 0",
          "[report][relative]") {
  versus::results::Efficiency base, other;
  base.server_cpu_us = 40, base.switches = 2, base.read_kb = 0.004, base.write_kb = 4;
  other.server_cpu_us = 50, other.switches = 1, other.read_kb = 3, other.write_kb = 4;
  const auto r = versus::report::cost_ratios(other, base);
  REQUIRE(r);
  CHECK(*r->cpu == Approx(1.25));
  CHECK(*r->switches == Approx(0.5));
  CHECK_FALSE(r->read_kb);  // next to nothing read on the baseline (0.00 KB): no ratio
  CHECK(*r->write_kb == Approx(1.0));
  CHECK_FALSE(r->reads);  // neither counted the engine's reads
  CHECK(versus::report::relative_ratios_text(r) == "1.25 / 0.50 / - / - / 1.00");
  base.reads = 2, other.reads = 3;
  const auto with_reads = versus::report::cost_ratios(other, base);
  CHECK(*with_reads->reads == Approx(1.5));
  CHECK(versus::report::relative_ratios_text(with_reads) == "1.25 / 0.50 / 1.50 / - / 1.00");
  base.reads.reset();  // one side without the counter: no ratio
  CHECK_FALSE(versus::report::cost_ratios(other, base)->reads);
  CHECK_FALSE(versus::report::cost_ratios(other, std::nullopt));
  CHECK(versus::report::relative_ratios_text(std::nullopt).empty());
}
