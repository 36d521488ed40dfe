// The run as one family: the tables' verdicts under multiple_comparisons, and the sequential
// decisions of a repeats: auto run.
#include <catch2/catch.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "report/shared/cell_text.h"
#include "report/shared/comparison.h"
#include "support/cell_builder.h"

namespace {

using namespace versus::report;
using versus::results::CellRecord;
using versus::results::RunResults;
using versus::results::Verdict;

// Server "b" against "a" at each thread count, with these TPS repeats.
RunResults run(const std::vector<std::pair<std::vector<double>, std::vector<double>>>& rows,
               const std::string& method) {
  RunResults r;
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  r.info.multiple_comparisons = method;
  int threads = 1;
  for (const auto& [a, b] : rows) {
    for (int i = 0; i < static_cast<int>(a.size()); ++i)
      for (const auto& [server, tps] : {std::pair{"a", a}, std::pair{"b", b}}) {
        r.cells.push_back(versus::testing::CellBuilder(server)
                              .workload("oltp_read_only")
                              .threads(threads)
                              .repeat(i)
                              .tps(tps[static_cast<std::size_t>(i)]));
      }
    threads *= 2;
  }
  return r;
}

// A ~4% difference at p ~ 0.04 among three comparisons that show nothing.
const std::vector<std::pair<std::vector<double>, std::vector<double>>> kRows{
    {{100, 103, 97, 100, 102, 98}, {104, 106, 100, 103, 105, 101}},
    {{100, 102, 99, 101, 100, 98}, {100, 101, 99, 100, 101, 99}},
    {{100, 102, 99, 101, 100, 98}, {101, 100, 99, 100, 102, 98}}};

Verdict verdict(const std::vector<ComparisonTable>& tables, std::size_t row) {
  return tables.at(0).rows.at(row).cells.at(1).vs_baseline->verdict;
}

}  // namespace

TEST_CASE("comparison: the verdicts of a run follow its multiple_comparisons",
          "[report][multiplicity]") {
  const auto none = build_comparison(run(kRows, "none"));
  const auto holm = build_comparison(run(kRows, "holm"));
  const auto bh = build_comparison(run(kRows, "bh"));
  const auto& raw = *none[0].rows[0].cells[1].vs_baseline;
  REQUIRE(raw.p_value);
  REQUIRE(*raw.p_value < 0.05);
  REQUIRE(*raw.p_value * 3 > 0.05);
  CHECK(verdict(none, 0) == Verdict::faster);
  CHECK(verdict(holm, 0) == Verdict::undecided);
  CHECK(verdict(bh, 0) == Verdict::undecided);  // 3 p / 1 > 0.05 too
  CHECK(holm[0].family_size == 3);
  CHECK(holm[0].rows[0].cells[1].vs_baseline->adjusted_p_value == Approx(*raw.p_value * 3));
  CHECK(holm[0].rows[0].cells[1].vs_baseline->p_value == raw.p_value);
  CHECK_THAT(statistics_note(holm[0]), Catch::Contains("Holm-adjusted p < 0.05 over the run's 3"));
  CHECK_THAT(statistics_note(none[0]), Catch::Contains("each comparison on its own"));
}

TEST_CASE("comparison: a repeats: auto run shows the sequential decisions",
          "[report][sequential]") {
  // Row 1: 10% faster, steady: decided. Row 2: equal to 0.1%: equivalent. Row 3: noisy: open.
  auto r = run({{{1000, 1001, 999, 1000}, {1100, 1101, 1099, 1100}},
                {{1000, 1001, 999, 1000}, {1000, 1001, 999, 1001}},
                {{1000, 1100, 900, 1000}, {1050, 950, 1100, 900}}},
               "holm");
  r.info.max_repeats = 4;
  r.info.sequential_alpha = 0.05 / 3;
  const auto tables = build_comparison(r);
  const auto& rows = tables.at(0).rows;
  REQUIRE(rows[0].cells[1].sequential);
  CHECK(rows[0].cells[1].sequential->state == versus::results::SequentialState::faster);
  CHECK(verdict(tables, 0) == Verdict::faster);
  CHECK(rows[1].cells[1].sequential->state == versus::results::SequentialState::equivalent);
  CHECK(rows[2].cells[1].sequential->state == versus::results::SequentialState::open);
  CHECK(verdict(tables, 2) == Verdict::undecided);
  CHECK_THAT(cell_line(rows[2].cells[1], true), Catch::EndsWith(" undecided"));
  CHECK_THAT(statistics_note(tables[0]), Catch::Contains("repeats: auto"));
}

// A run whose estimate is paired compares the cells round by round: a 5% slowdown that the
// host's drift between rounds (20%) hides from independent samples is called, in the fixed
// repeats' table and in a repeats: auto run alike, where the table's decision is the one the
// run stopped on (run/auto_repeats.h: the same sequential_decision with the same estimate).
TEST_CASE("comparison: estimate paired pairs the cells by round", "[report][sequential]") {
  auto r = run({{{1000, 1200, 800, 1100}, {950, 1140, 760, 1045}}}, "holm");
  CHECK(verdict(build_comparison(r), 0) == Verdict::undecided);  // independent
  r.info.estimate = "paired";
  const auto fixed = build_comparison(r);
  CHECK(verdict(fixed, 0) == Verdict::slower);
  CHECK(fixed[0].rows[0].cells[1].vs_baseline->pairs == 4);
  CHECK(fixed[0].rows[0].cells[1].vs_baseline->ratio == Approx(0.95));
  CHECK_THAT(statistics_note(fixed[0]), Catch::Contains("paired by round"));
  r.info.max_repeats = 10;
  r.info.sequential_alpha = 0.05;
  const auto seq = build_comparison(r);
  const auto& cell = seq[0].rows[0].cells[1];
  REQUIRE(cell.sequential);
  CHECK(cell.sequential->state == versus::results::SequentialState::slower);
  CHECK(cell.sequential->look == 2);
  CHECK(cell.vs_baseline->pairs == 2);
  CHECK(verdict(seq, 0) == Verdict::slower);
}

// A repeats: auto size sweep: each size is its own comparison, decided apart.
TEST_CASE("comparison: a repeats: auto sweep decides each size apart",
          "[report][sequential]") {
  RunResults r;
  r.info.servers = {"a", "b"};
  r.info.profiles = {"default"};
  r.info.estimate = "paired";
  r.info.max_repeats = 10;
  r.info.sequential_alpha = 0.025;
  const double noisy[] = {1, 1.1, 0.9};
  for (int i = 0; i < 3; ++i)
    for (const auto& [server, small, large] :
         {std::tuple{"a", 1000.0, 500.0}, std::tuple{"b", 900.0, 500 * noisy[i]}}) {
      r.cells.push_back(versus::testing::CellBuilder(server).repeat(i).table_size(1000).tps(small));
      r.cells.push_back(
          versus::testing::CellBuilder(server).repeat(i).table_size(100000).tps(large));
    }
  const auto tables = build_comparison(r);
  REQUIRE(tables.size() == 3);  // two thread tables, one size table
  CHECK(tables[0].rows[0].cells[1].sequential->state == versus::results::SequentialState::slower);
  CHECK(tables[1].rows[0].cells[1].sequential->state == versus::results::SequentialState::open);
}
