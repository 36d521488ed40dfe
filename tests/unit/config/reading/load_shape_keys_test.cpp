// The statement-count and distribution keys of the matrix: point_selects ... delete_inserts,
// range_size, rand_type, rand_spec_pct, rand_spec_res, rand_pareto_h.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "config/reading/matrix_parser.h"
#include "support/matrix_text.h"

using versus::config::Plan;
using versus::sysbench::RandType;

using versus::testing::good_plan;
using versus::testing::plan_errors;

TEST_CASE("load shape keys: defaults are sysbench 1.0's", "[config][load_shape]") {
  const Plan plan = good_plan("");
  CHECK(plan.counts.point_selects == 10);
  CHECK(plan.counts.simple_ranges == 1);
  CHECK(plan.counts.sum_ranges == 1);
  CHECK(plan.counts.order_ranges == 1);
  CHECK(plan.counts.distinct_ranges == 1);
  CHECK(plan.counts.range_size == 100u);
  CHECK(plan.counts.index_updates == 1);
  CHECK(plan.counts.non_index_updates == 1);
  CHECK(plan.counts.delete_inserts == 1);
  CHECK(plan.rand.type == RandType::special);
  CHECK(plan.rand.spec_pct == 1);
  CHECK(plan.rand.spec_res == 75);
  CHECK(plan.rand.pareto_h == Approx(0.2));
}

TEST_CASE("load shape keys: given values reach the plan", "[config][load_shape]") {
  const Plan plan = good_plan(
      "point_selects: 3\nsimple_ranges: 0\nsum_ranges: 2\norder_ranges: 4\n"
      "distinct_ranges: 5\nrange_size: 7\nindex_updates: 6\nnon_index_updates: 8\n"
      "delete_inserts: 9\nrand_type: Pareto\nrand_spec_pct: 5\nrand_spec_res: 100\n"
      "rand_pareto_h: 0.35\n");
  CHECK(plan.counts.point_selects == 3);
  CHECK(plan.counts.simple_ranges == 0);
  CHECK(plan.counts.sum_ranges == 2);
  CHECK(plan.counts.order_ranges == 4);
  CHECK(plan.counts.distinct_ranges == 5);
  CHECK(plan.counts.range_size == 7u);
  CHECK(plan.counts.index_updates == 6);
  CHECK(plan.counts.non_index_updates == 8);
  CHECK(plan.counts.delete_inserts == 9);
  CHECK(plan.rand.type == RandType::pareto);
  CHECK(plan.rand.spec_pct == 5);
  CHECK(plan.rand.spec_res == 100);
  CHECK(plan.rand.pareto_h == Approx(0.35));
  CHECK(good_plan("rand_type: uniform\n").rand.type == RandType::uniform);
  CHECK(good_plan("rand_type: gaussian\n").rand.type == RandType::gaussian);
}

TEST_CASE("load shape keys: malformed values name line, key and rule", "[config][load_shape]") {
  CHECK(plan_errors("point_selects: -1\n") ==
        "m.yaml:2: point_selects: expected an integer 0..100000, got '-1'");
  CHECK(plan_errors("range_size: 0\n") ==
        "m.yaml:2: range_size: expected an integer 1..1000000000, got '0'");
  CHECK(plan_errors("index_updates: 1.5\n") ==
        "m.yaml:2: index_updates: expected an integer 0..100000, got '1.5'");
  CHECK(plan_errors("rand_spec_pct: 101\n") ==
        "m.yaml:2: rand_spec_pct: expected an integer 0..100, got '101'");
  CHECK(plan_errors("rand_type: gausian\n") ==
        "m.yaml:2: rand_type: expected one of uniform, gaussian, special, pareto, zipfian, got "
        "'gausian' "
        "(did you mean 'gaussian'?)");
  CHECK(plan_errors("rand_type: [uniform]\n") ==
        "m.yaml:2: rand_type: expected one of uniform, gaussian, special, pareto, zipfian, got a "
        "list");
  for (const char* bad : {"0", "1", "-0.2", "nan", "inf", "0.2x", "''"})
    CHECK(plan_errors(std::string("rand_pareto_h: ") + bad + "\n")
              .find("m.yaml:2: rand_pareto_h: expected a decimal number between 0 and 1 "
                    "(exclusive), got") == 0);
}

TEST_CASE("load shape keys: an unknown key near one suggests it", "[config][load_shape]") {
  CHECK(plan_errors("point_select: 3\n").find("(did you mean 'point_selects'?)") !=
        std::string::npos);
}

TEST_CASE("load shape keys: inlist_size and rand_zipfian_exp", "[config][load_shape]") {
  const Plan defaults = good_plan("");
  CHECK(defaults.counts.inlist_size == 100);
  CHECK(defaults.rand.zipfian_exp == Approx(0.8));
  const Plan plan = good_plan("inlist_size: 1000\nrand_type: zipfian\nrand_zipfian_exp: 0.6\n");
  CHECK(plan.counts.inlist_size == 1000);
  CHECK(plan.rand.type == RandType::zipfian);
  CHECK(plan.rand.zipfian_exp == Approx(0.6));
  CHECK(plan_errors("inlist_size: 0\n") ==
        "m.yaml:2: inlist_size: expected an integer 1..10000, got '0'");
  CHECK(plan_errors("rand_zipfian_exp: 1.5\n")
            .find("m.yaml:2: rand_zipfian_exp: expected a decimal number between 0 and 1") == 0);
}

TEST_CASE("inlist_size: one size is random_points' own, as before", "[config][load_shape]") {
  using versus::sysbench::Workload;
  for (const char* one : {"inlist_size: 10\n", "inlist_size: [10]\n"}) {
    INFO(one);
    const Plan plan = good_plan(std::string("workloads: [random_points]\n") + one);
    CHECK(plan.workloads == std::vector<Workload>{Workload::random_points});
    CHECK(plan.counts.inlist_size == 10);
    CHECK(plan.inlist_sizes == std::vector<int>{10});
    CHECK(versus::config::workload_label(plan, 0) == "random_points");
  }
}

TEST_CASE("inlist_size: a list runs random_points once per size, each under its own name",
          "[config][load_shape]") {
  using versus::sysbench::Workload;
  const Plan plan = good_plan(
      "workloads: [point_query, random_points, scan]\ninlist_size: [10, 100, 1000]\n");
  CHECK(plan.workloads == std::vector<Workload>{Workload::point_query, Workload::random_points_10,
                                                Workload::random_points,
                                                Workload::random_points_1000, Workload::scan});
  CHECK(plan.workload_files.size() == plan.workloads.size());
  CHECK(plan.after_writes.empty());
  CHECK(plan.counts.inlist_size == 100);  // random_points' own: the size without a name
  CHECK(versus::config::workload_label(plan, 1) == "random_points_10");
  CHECK(versus::config::workload_label(plan, 3) == "random_points_1000");
  // The list's order; a size other than 10 and 1000 is random_points'.
  const Plan other = good_plan("workloads: [random_points]\ninlist_size: [1000, 50]\n");
  CHECK(other.workloads ==
        std::vector<Workload>{Workload::random_points_1000, Workload::random_points});
  CHECK(other.counts.inlist_size == 50);
  // Only the named sizes: no random_points of its own runs.
  const Plan named = good_plan("workloads: [random_points]\ninlist_size: [10, 1000]\n");
  CHECK(named.workloads ==
        std::vector<Workload>{Workload::random_points_10, Workload::random_points_1000});
  // A test listed too runs once, where it first appears.
  const Plan both =
      good_plan("workloads: [random_points_1000, random_points]\ninlist_size: [10, 1000]\n");
  CHECK(both.workloads ==
        std::vector<Workload>{Workload::random_points_1000, Workload::random_points_10});
  // Selected by their names.
  const Plan fewer = good_plan(
      "workloads: [random_points]\ninlist_size: [10, 100, 1000]\n"
      "exclude:\n  - { workload: random_points_1000 }\n");
  CHECK(versus::config::expand_cells(fewer).size() == 2);
}

TEST_CASE("inlist_size: with the suite, a list adds no test twice in either pass",
          "[config][load_shape]") {
  const auto& suite = versus::sysbench::suite_workloads(versus::sysbench::Suite::microbenchmarks);
  const auto reads = versus::sysbench::suite_reads(versus::sysbench::Suite::microbenchmarks);
  const Plan plan = good_plan("suite: microbenchmarks\ninlist_size: [10, 100, 1000]\n");
  REQUIRE(plan.workloads.size() == suite.size() + reads.size());
  const std::size_t first = suite.size() - 2;  // the first pass: all but delete and insert
  CHECK(std::equal(suite.begin(), suite.begin() + static_cast<std::ptrdiff_t>(first),
                   plan.workloads.begin()));
  for (std::size_t w = 0; w < plan.workloads.size(); ++w)
    CHECK(versus::config::runs_after_writes(plan, w) == (w >= first && w < first + reads.size()));
  CHECK(versus::config::workload_label(plan, first + 10) == "random_points_10.after_writes");
}

TEST_CASE("inlist_size: a bad list names the file, line, key and what was expected",
          "[config][load_shape]") {
  CHECK(plan_errors("workloads: [random_points]\ninlist_size: [10, 50, 60]\n") ==
        "m.yaml:3: inlist_size: expected at most one size other than 10 and 1000 in a list (each "
        "size is a test of its own name: 10 runs as random_points_10, 1000 as "
        "random_points_1000, any other as random_points), got 50, 60");
  CHECK(plan_errors("inlist_size: [10, 0]\n") ==
        "m.yaml:2: inlist_size[1]: expected an integer 1..10000, got '0'");
  CHECK(plan_errors("inlist_size: [10, 10]\n") ==
        "m.yaml:2: inlist_size[1]: duplicate value '10' (same as inlist_size[0])");
  CHECK(plan_errors("inlist_size: []\n").find("m.yaml:2: inlist_size: expected a non-empty") ==
        0);
}

TEST_CASE("suite: microbenchmarks replaces the default workloads, after the listed ones",
          "[config][load_shape]") {
  using versus::sysbench::Workload;
  const auto& suite = versus::sysbench::suite_workloads(versus::sysbench::Suite::microbenchmarks);
  const Plan alone = good_plan("suite: microbenchmarks\nreads_after_writes: false\n");
  CHECK(alone.workloads == suite);
  CHECK(alone.suite == versus::sysbench::Suite::microbenchmarks);
  const Plan with = good_plan(
      "suite: microbenchmarks\nworkloads: [legacy_complex, scan]\nreads_after_writes: false\n");
  REQUIRE(with.workloads.size() == suite.size() + 1);
  CHECK(with.workloads[0] == Workload::legacy_complex);
  CHECK(with.workloads[1] == Workload::scan);  // listed first, not run twice
  CHECK(std::count(with.workloads.begin(), with.workloads.end(), Workload::scan) == 1);
  CHECK_FALSE(good_plan("").suite);
  // The published tests' uniform ids, unless the matrix says otherwise.
  CHECK(alone.rand.type == RandType::uniform);
  CHECK(good_plan("").rand.type == RandType::special);
  CHECK(good_plan("suite: microbenchmarks\nrand_type: special\n").rand.type == RandType::special);
  CHECK(good_plan("suite: microbenchmarks\nrand_type: pareto\n").rand.type == RandType::pareto);
  CHECK(plan_errors("reads_after_writes: true\n") ==
        "m.yaml:2: reads_after_writes: says whether a suite's read tests run again after its "
        "writes; add suite: microbenchmarks or leave it out");
  CHECK(plan_errors("suite: micro\n").find("m.yaml:2: suite: expected one of microbenchmarks") ==
        0);
}

TEST_CASE("reads_before_writes: false leaves the first read pass out, as the published run",
          "[config][load_shape]") {
  using versus::sysbench::SuiteGroup;
  const auto reads = versus::sysbench::suite_reads(versus::sysbench::Suite::microbenchmarks);
  const Plan plan = good_plan("suite: microbenchmarks\nreads_before_writes: false\n");
  REQUIRE(plan.workloads.size() == 10 + reads.size());  // the writes, the reads after them
  for (std::size_t w = 0; w < 8; ++w) {
    CHECK(versus::sysbench::suite_group(plan.workloads[w]) == SuiteGroup::writes);
    CHECK_FALSE(versus::config::runs_after_writes(plan, w));
  }
  for (std::size_t w = 8; w < 8 + reads.size(); ++w) {
    CHECK(versus::config::runs_after_writes(plan, w));
    CHECK(plan.workloads[w] == reads[w - 8]);
  }
  CHECK(plan.workloads.back() == versus::sysbench::Workload::oltp_insert);
  CHECK(plan_errors("reads_before_writes: false\n") ==
        "m.yaml:2: reads_before_writes: says whether a suite's read tests run before its "
        "writes; add suite: microbenchmarks or leave it out");
  CHECK(plan_errors("suite: microbenchmarks\nreads_after_writes: false\n"
                    "reads_before_writes: false\n") ==
        "m.yaml:4: reads_before_writes: false with reads_after_writes: false leaves the suite no "
        "read test; measure the reads before or after the writes (the published run: after)");
}

TEST_CASE("suite: microbenchmarks measures its read tests again after its writes",
          "[config][load_shape]") {
  using versus::sysbench::Workload;
  const auto& suite = versus::sysbench::suite_workloads(versus::sysbench::Suite::microbenchmarks);
  const auto reads = versus::sysbench::suite_reads(versus::sysbench::Suite::microbenchmarks);
  REQUIRE(reads.size() == 22);  // point 9, range 5, aggregation 8
  const Plan plan = good_plan("suite: microbenchmarks\n");
  REQUIRE(plan.workloads.size() == suite.size() + reads.size());
  // The first pass and every write but delete and insert, the reads again, then delete and
  // insert after every read (the published order: each read sees the same rows in every
  // release).
  const std::size_t first = suite.size() - 2;
  for (std::size_t w = 0; w < plan.workloads.size(); ++w) {
    INFO(w);
    const bool second = w >= first && w < first + reads.size();
    CHECK(versus::config::runs_after_writes(plan, w) == second);
    if (w < first) CHECK(plan.workloads[w] == suite[w]);
    if (second) CHECK(plan.workloads[w] == reads[w - first]);
  }
  CHECK(plan.workloads[plan.workloads.size() - 2] == Workload::oltp_delete);
  CHECK(plan.workloads.back() == Workload::oltp_insert);
  CHECK(versus::config::workload_label(plan, 0) == "scan");
  CHECK(versus::config::workload_label(plan, first) == "scan.after_writes");
  CHECK(versus::config::workload_label(plan, first + reads.size() - 1) ==
        "range_notcovered_si.after_writes");
  // An exclude entry names a second-pass test by its label.
  const Plan fewer =
      good_plan("suite: microbenchmarks\nexclude:\n  - { workload: scan.after_writes }\n");
  CHECK(versus::config::expand_cells(fewer).size() + 1 ==
        versus::config::expand_cells(plan).size());
}
