#include "results/evidence/class_verdicts.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "support/cell_builder.h"

using namespace versus::results;

namespace {

// One run: each class executed 100 times at its mean latency, in 100 transactions over 10 s.
ClassRound round_of(int round, const std::vector<std::pair<std::string, double>>& mean_ms) {
  ClassRound r{round, 10.0, 100, {}};
  for (const auto& [name, ms] : mean_ms)
    r.statements.push_back({name, 100, 100 * ms, ms, ms, ms * 1.5, ms * 2});
  return r;
}

// A deterministic noise in [-1, 1) (an LCG): the same data at every run of the test.
struct Noise {
  std::uint64_t state = 12345;
  double next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / static_cast<double>(1ULL << 52) - 1.0;
  }
};

// `classes` classes over `rounds` rounds: each round's host drift (up to +-10%) moves both sides
// alike, each class's latency spreads +-2% more; `slow` (when >= 0) is 1.5 times as slow on
// the other side.
std::pair<std::vector<ClassRound>, std::vector<ClassRound>> planted(int classes, int rounds,
                                                                    int slow) {
  Noise noise;
  std::vector<ClassRound> base, other;
  for (int r = 0; r < rounds; ++r) {
    const double drift = 1 + 0.1 * noise.next();
    std::vector<std::pair<std::string, double>> a, b;
    for (int k = 0; k < classes; ++k) {
      const double ms = (1 + k % 7) * drift;
      a.emplace_back("class " + std::to_string(k), ms * (1 + 0.02 * noise.next()));
      b.emplace_back("class " + std::to_string(k),
                     ms * (k == slow ? 1.5 : 1.0) * (1 + 0.02 * noise.next()));
    }
    base.push_back(round_of(r, a));
    other.push_back(round_of(r, b));
  }
  return {base, other};
}

const ClassVerdict& named(const ClassTimings& c, const std::string& name) {
  for (const ClassVerdict& v : c.classes)
    if (v.statement_class == name) return v;
  FAIL("no class " << name);
  return c.classes.front();
}

}  // namespace

TEST_CASE("class_rounds: each ok run's round, interval, transactions and classes",
          "[results][class_verdicts]") {
  const CellRecord a =
      versus::testing::CellBuilder("a").repeat(2).transactions(40).statement("select ?", 80, 16);
  const auto rounds = class_rounds({&a});
  REQUIRE(rounds.size() == 1);
  CHECK(rounds[0].round == 2);
  CHECK(rounds[0].transactions == 40);
  REQUIRE(rounds[0].statements.size() == 1);
  CHECK(rounds[0].statements[0].mean_ms == Approx(0.2));
}

TEST_CASE("compare_classes: ordered by share of the ms per transaction that moved",
          "[results][class_verdicts]") {
  const std::vector<ClassRound> base{round_of(0, {{"a", 1}, {"b", 2}, {"c", 3}}),
                                     round_of(1, {{"a", 1}, {"b", 2}, {"c", 3}})};
  const std::vector<ClassRound> other{round_of(0, {{"a", 1.1}, {"b", 1.4}, {"c", 3}}),
                                      round_of(1, {{"a", 1.1}, {"b", 1.4}, {"c", 3}})};
  const ClassTimings c = compare_classes(base, other, {});
  REQUIRE(c.classes.size() == 3);
  CHECK(c.moved_ms == Approx(0.7));  // 0.1 + 0.6 ms per transaction
  CHECK(c.classes[0].statement_class == "b");
  CHECK(c.classes[0].share == Approx(0.6 / 0.7));
  CHECK(c.classes[1].statement_class == "a");
  CHECK(c.classes[2].statement_class == "c");
  CHECK(c.classes[2].share == 0);
  CHECK(c.classes[0].base.mean_ms == Approx(2));
  CHECK(c.classes[0].other.p95_ms == Approx(2.1));
  CHECK(c.classes[0].base.per_second == Approx(10));  // 100 executions in 10 s
  CHECK(c.classes[0].base.executions == Approx(100));
}

TEST_CASE("compare_classes: a class only one side ran is named, not compared",
          "[results][class_verdicts]") {
  const std::vector<ClassRound> base{round_of(0, {{"a", 1}, {"gone", 2}}),
                                     round_of(1, {{"a", 1}, {"gone", 2}})};
  const std::vector<ClassRound> other{round_of(0, {{"new", 1}, {"a", 1}}), round_of(1, {{"a", 1}})};
  const ClassTimings c = compare_classes(base, other, {});
  REQUIRE(c.classes.size() == 1);
  CHECK(c.classes[0].statement_class == "a");
  CHECK(c.only_base == std::vector<std::string>{"gone"});
  CHECK(c.only_other == std::vector<std::string>{"new"});
}

TEST_CASE("compare_classes: the latency ratio and its interval over the paired rounds",
          "[results][class_verdicts]") {
  // Twice as slow in every round, whatever the round's drift: the interval is the ratio.
  std::vector<ClassRound> base, other;
  for (int r = 0; r < 4; ++r) {
    base.push_back(round_of(r, {{"q", 1.0 + r}}));
    other.push_back(round_of(r, {{"q", 2.0 * (1.0 + r)}}));
  }
  ClassTimings c = compare_classes(base, other, {Estimate::paired, 0.95, 0.02});
  REQUIRE(c.classes.size() == 1);
  const ClassVerdict& v = c.classes[0];
  CHECK(latency_ratio(v) == Approx(2.0));
  REQUIRE(latency_interval(v));
  CHECK(latency_interval(v)->low == Approx(2.0));
  CHECK(latency_interval(v)->high == Approx(2.0));
  CHECK(v.speed.pairs == 4);
  CHECK(v.speed.verdict == Verdict::slower);

  // Spread: the interval holds the ratio and is the speed interval's reciprocal.
  other[1] = round_of(1, {{"q", 2.0 * 2.0 * 1.1}});
  other[2] = round_of(2, {{"q", 2.0 * 3.0 * 0.9}});
  c = compare_classes(base, other, {Estimate::paired, 0.95, 0.02});
  const auto ci = latency_interval(c.classes[0]);
  REQUIRE(ci);
  CHECK(ci->low < latency_ratio(c.classes[0]));
  CHECK(ci->high > latency_ratio(c.classes[0]));
  CHECK(ci->low == Approx(1.0 / c.classes[0].speed.ci->high));
}

TEST_CASE("compare_classes: one round gives a ratio, no verdict", "[results][class_verdicts]") {
  const ClassTimings c =
      compare_classes({round_of(0, {{"q", 1}})}, {round_of(0, {{"q", 3}})}, {});
  CHECK(latency_ratio(c.classes[0]) == Approx(3));
  CHECK_FALSE(latency_interval(c.classes[0]));
  CHECK(c.classes[0].speed.verdict == Verdict::insufficient_data);
}

TEST_CASE("compare_classes: independent samples when the run compares so",
          "[results][class_verdicts]") {
  std::vector<ClassRound> base, other;
  for (int r = 0; r < 5; ++r) {
    base.push_back(round_of(r, {{"q", 1.0 + 0.01 * r}}));
    other.push_back(round_of(r, {{"q", 0.5 + 0.01 * r}}));
  }
  const ClassTimings c = compare_classes(base, other, {Estimate::independent, 0.95, 0.02});
  CHECK(c.classes[0].speed.pairs == 0);  // compare_means
  CHECK(c.classes[0].speed.verdict == Verdict::faster);
  CHECK(latency_ratio(c.classes[0]) < 0.6);
}

TEST_CASE("decide_classes: a planted slow class among 200 unchanged ones over 8 rounds",
          "[results][class_verdicts]") {
  auto [base, other] = planted(200, 8, 37);
  ClassTimings c = compare_classes(base, other, {Estimate::paired, 0.95, 0.02});
  decide_classes({&c});
  REQUIRE(c.classes.size() == 200);
  CHECK(c.classes.front().statement_class == "class 37");  // the largest share
  CHECK(named(c, "class 37").speed.verdict == Verdict::slower);
  CHECK(latency_ratio(named(c, "class 37")) == Approx(1.5).epsilon(0.03));
  for (const ClassVerdict& v : c.classes) {
    INFO(v.statement_class);
    REQUIRE(v.speed.adjusted_p_value);
    CHECK(*v.speed.adjusted_p_value >= *v.speed.p_value);
    if (v.statement_class != "class 37") {
      CHECK(v.speed.verdict != Verdict::slower);
      CHECK(v.speed.verdict != Verdict::faster);
    }
  }
}

TEST_CASE("decide_classes: the family's adjustment is applied (Benjamini-Hochberg)",
          "[results][class_verdicts]") {
  // A 7% slower class, rounds 4: alone it is slower; among 199 unchanged classes its raw p
  // is not small enough for BH.
  std::vector<ClassRound> base, other;
  const double ratios[4] = {1.10, 1.04, 1.09, 1.05};
  for (int r = 0; r < 4; ++r) {
    base.push_back(round_of(r, {{"q", 1}}));
    other.push_back(round_of(r, {{"q", ratios[r]}}));
  }
  ClassTimings alone = compare_classes(base, other, {Estimate::paired, 0.95, 0.02});
  decide_classes({&alone});
  REQUIRE(alone.classes[0].speed.verdict == Verdict::slower);
  const double p = *alone.classes[0].speed.p_value;
  CHECK(p > 0.0005);
  CHECK(p < 0.05);

  auto [many_base, many_other] = planted(199, 4, -1);
  for (int r = 0; r < 4; ++r) {
    many_base[static_cast<std::size_t>(r)].statements.push_back(
        base[static_cast<std::size_t>(r)].statements[0]);
    many_other[static_cast<std::size_t>(r)].statements.push_back(
        other[static_cast<std::size_t>(r)].statements[0]);
  }
  ClassTimings family = compare_classes(many_base, many_other, {Estimate::paired, 0.95, 0.02});
  REQUIRE(family.classes.size() == 200);
  decide_classes({&family});
  const ClassVerdict& q = named(family, "q");
  CHECK(*q.speed.p_value == Approx(p));
  CHECK(*q.speed.adjusted_p_value > 0.05);
  CHECK(q.speed.verdict == Verdict::undecided);
  CHECK(kClassAdjustment == Adjustment::bh);
}

TEST_CASE("name_plan_changes: each class's plan change, or the side whose EXPLAIN failed",
          "[results][class_verdicts]") {
  const std::vector<ClassRound> rounds{
      round_of(0, {{"by key", 1}, {"failing", 1}, {"alike", 1}, {"unexplained", 1}})};
  ClassTimings c = compare_classes(rounds, rounds, {});
  auto plan = [](const std::string& klass, const std::string& access, const std::string& error) {
    StatementPlan p{"replay-shop", klass, "SELECT 1", "json", "", error, {}};
    if (error.empty()) p.shape.tables.push_back({"orders", access, "PRIMARY", 10});
    return p;
  };
  const std::vector<StatementPlan> base{plan("by key", "range", ""), plan("failing", "ref", ""),
                                        plan("alike", "ref", "")};
  const std::vector<StatementPlan> other{plan("by key", "ALL", ""),
                                         plan("failing", "", "Unknown column 'x'"),
                                         plan("alike", "ref", "")};
  name_plan_changes(c, base, other);
  const ClassVerdict& by_key = named(c, "by key");
  REQUIRE(by_key.plan_changes.size() == 1);
  CHECK(by_key.plan_changes[0].aspect == PlanAspect::access);
  CHECK(by_key.plan_changes[0].from == "range");
  CHECK(by_key.plan_changes[0].to == "ALL");
  CHECK(named(c, "failing").other_plan_error == "Unknown column 'x'");
  CHECK(named(c, "failing").plan_changes.empty());
  CHECK(named(c, "alike").explained);
  CHECK(named(c, "alike").plan_changes.empty());
  CHECK_FALSE(named(c, "unexplained").explained);
}

TEST_CASE("decide_classes: one family over several comparisons (a column's thread counts)",
          "[results][class_verdicts]") {
  auto [base, other] = planted(50, 6, 3);
  ClassTimings one = compare_classes(base, other, {Estimate::paired, 0.95, 0.02});
  ClassTimings two = one;
  decide_classes({&one, &two});
  ClassTimings alone = compare_classes(base, other, {Estimate::paired, 0.95, 0.02});
  decide_classes({&alone});
  // Twice the members: each adjusted p of a duplicated family is the single family's.
  const auto& a = named(alone, "class 10");
  const auto& b = named(one, "class 10");
  REQUIRE(a.speed.adjusted_p_value);
  REQUIRE(b.speed.adjusted_p_value);
  CHECK(*b.speed.adjusted_p_value >= *a.speed.adjusted_p_value);
  CHECK(named(two, "class 3").speed.verdict == Verdict::slower);
}
