#include "results/evidence/statement_ranking.h"

#include <catch2/catch.hpp>

#include "support/cell_builder.h"

using versus::results::mean_statement_ms;
using versus::results::rank_statements;
using versus::results::statement_change_text;
using versus::results::statement_ms;
using versus::results::StatementMs;
using versus::testing::CellBuilder;

TEST_CASE("statement_ms: each class's total over the cell's transactions, in class order",
          "[results][statement_ranking]") {
  const auto cell = CellBuilder("a")
                        .transactions(1000)
                        .statement("point select", 10000, 1500)
                        .statement("DISTINCT range", 1000, 410)
                        .build();
  const StatementMs ms = statement_ms(cell);
  REQUIRE(ms.size() == 2);
  CHECK(ms[0].first == "point select");
  CHECK(ms[0].second == Approx(1.5));
  CHECK(ms[1].first == "DISTINCT range");
  CHECK(ms[1].second == Approx(0.41));
  CHECK(statement_ms(CellBuilder("b").statement("COMMIT", 5, 1).build()).empty());  // no txn
}

TEST_CASE("mean_statement_ms: the mean over the runs that timed each class",
          "[results][statement_ranking]") {
  const auto r1 = CellBuilder("a").transactions(100).statement("COMMIT", 100, 10).build();
  const auto r2 = CellBuilder("a").transactions(100).statement("COMMIT", 100, 30).build();
  const auto untimed = CellBuilder("a").transactions(100).build();
  const StatementMs ms = mean_statement_ms({&r1, &r2, &untimed});
  REQUIRE(ms.size() == 1);
  CHECK(ms[0].second == Approx(0.2));
}

TEST_CASE("rank_statements: the largest moves in ms per transaction, with their share",
          "[results][statement_ranking]") {
  const StatementMs from{{"point select", 1.50}, {"DISTINCT range", 0.41}, {"SUM range", 0.20},
                         {"COMMIT", 0.30}, {"BEGIN", 0.05}};
  const StatementMs to{{"point select", 1.30}, {"DISTINCT range", 0.88}, {"SUM range", 0.21},
                       {"COMMIT", 0.60}, {"BEGIN", 0.05}};
  // Moves: 0.20, 0.47, 0.01, 0.30, 0: 0.98 in all.
  const auto ranked = rank_statements(from, to);
  REQUIRE(ranked.size() == 3);
  CHECK(ranked[0].statement == "DISTINCT range");
  CHECK(ranked[0].share == Approx(0.47 / 0.98));
  CHECK(ranked[1].statement == "COMMIT");
  CHECK(ranked[2].statement == "point select");
  CHECK(statement_change_text(ranked[0]) ==
        "DISTINCT range 0.41 -> 0.88 ms (x2.15), 48% of the change");
  CHECK(statement_change_text(ranked[2]) ==
        "point select 1.50 -> 1.30 ms (x0.87), 20% of the change");
  CHECK(rank_statements(from, to, 1).size() == 1);
}

TEST_CASE("rank_statements: small shares, unshared classes and no change leave nothing out of place",
          "[results][statement_ranking]") {
  const StatementMs from{{"point select", 1.0}, {"SUM range", 0.2}, {"insert", 0.3}};
  const StatementMs to{{"point select", 2.0}, {"SUM range", 0.21}, {"delete", 0.5}};
  const auto ranked = rank_statements(from, to);
  REQUIRE(ranked.size() == 1);  // SUM range moved 1% of the change; insert/delete one-sided
  CHECK(ranked[0].statement == "point select");
  CHECK(ranked[0].share == Approx(1.0 / 1.01));
  CHECK(rank_statements(from, from).empty());
  CHECK(rank_statements({}, to).empty());
}

TEST_CASE("statement_change_text: small times keep three decimals", "[results][statement_ranking]") {
  CHECK(statement_change_text({"BEGIN", 0.031, 0.062, 0.25}) ==
        "BEGIN 0.031 -> 0.062 ms (x2.00), 25% of the change");
  CHECK(statement_change_text({"insert", 0, 0.5, 1}) == "insert 0.000 -> 0.50 ms, 100% of the change");
}
