#include "results/evidence/query_changes.h"

#include <catch2/catch.hpp>

#include "support/query_changes_fixture.h"

using versus::measured::ClassResults;
using versus::measured::ExecutionResult;
using versus::measured::QueryResults;
using versus::results::ClassComparison;
using versus::results::ClassOutcome;
using versus::results::compare_query_results;

namespace {

ExecutionResult one_row(std::size_t line, const std::string& sum = "1:00000000000000aa") {
  auto e = versus::testing::replay_execution(line, "SELECT v FROM t WHERE id = 1", 1, sum);
  e.columns = {"v"};
  e.rows_shown = {"v=#11111111"};
  return e;
}

QueryResults with_class(ClassResults c) {
  QueryResults q;
  q.recorded = true;
  q.classes.push_back(std::move(c));
  return q;
}

ClassResults klass(std::size_t n) {
  return versus::testing::replay_class("select v from t where id = ?", one_row(1), n, 1);
}

ClassComparison compared(const ClassResults& base, const ClassResults& other) {
  const auto out = compare_query_results(with_class(base), with_class(other));
  REQUIRE(out.size() == 1);
  return out.front();
}

}  // namespace

TEST_CASE("query changes: the same results are no change", "[results][query_changes]") {
  const auto c = compared(klass(3), klass(3));
  CHECK(c.outcome == ClassOutcome::same);
  CHECK(c.executions == 3);
  CHECK_FALSE(c.differs());
  CHECK_FALSE(c.example);
}

TEST_CASE("query changes: rows that differ by count or checksum", "[results][query_changes]") {
  auto other = klass(4);
  other.executions[1].rows = 0;
  other.executions[1].checksum = "0:0000000000000000";
  other.executions[1].rows_shown.clear();
  other.executions[3].checksum = "1:00000000000000bb";
  const auto c = compared(klass(4), other);
  CHECK(c.outcome == ClassOutcome::changed);
  CHECK(c.rows_differ == 2);
  CHECK(c.warnings_differ == 0);
  CHECK(c.errors_differ == 0);
  REQUIRE(c.example);
  CHECK(c.example->index == 1);
  CHECK(c.example->base.line == 11);
  CHECK(c.example->other.rows == 0);
  REQUIRE(c.example->row);  // both kept rows: the first that differs, the other side has none
  CHECK(c.example->row->row == 0);
  CHECK(c.example->row->base == "v=#11111111");
  CHECK(c.example->row->other.empty());
}

TEST_CASE("query changes: the first differing row shown", "[results][query_changes]") {
  auto base = klass(1), other = klass(1);
  base.executions[0].rows_shown = {"v=#1", "v=#2", "v=#3"};
  other.executions[0].rows_shown = {"v=#1", "v=#9", "v=#3"};
  other.executions[0].checksum = "1:00000000000000cc";
  auto c = compared(base, other);
  REQUIRE(c.example->row);
  CHECK(c.example->row->row == 1);
  CHECK(c.example->row->base == "v=#2");
  CHECK(c.example->row->other == "v=#9");

  other.executions[0].columns = {"w"};
  c = compared(base, other);
  REQUIRE(c.example->row);
  CHECK(c.example->row->columns_differ);
  CHECK(c.example->row->other_columns == std::vector<std::string>{"w"});
}

TEST_CASE("query changes: no row shown past the executions that keep rows",
          "[results][query_changes]") {
  auto base = klass(8), other = klass(8);
  other.executions[6].checksum = "1:00000000000000dd";  // the 7th: no rows kept
  const auto c = compared(base, other);
  REQUIRE(c.example);
  CHECK(c.example->index == 6);
  CHECK_FALSE(c.example->row);
}

TEST_CASE("query changes: a result set against none differs in rows", "[results][query_changes]") {
  auto other = klass(1);
  other.executions[0].result_set = false;
  CHECK(compared(klass(1), other).rows_differ == 1);
}

TEST_CASE("query changes: warnings by code and level, not by words", "[results][query_changes]") {
  auto base = klass(3), other = klass(3);
  for (auto& e : base.executions) e.warnings = {{1292, "Warning", "Incorrect date value: 'x'"}};
  for (auto& e : other.executions) e.warnings = {{1292, "Warning", "Truncated incorrect date"}};
  CHECK(compared(base, other).outcome == ClassOutcome::same);

  other.executions[0].warnings = {{1292, "Note", "Incorrect date value: 'x'"}};
  other.executions[2].warnings = {{1525, "Warning", "Incorrect DATE value"}};
  const auto c = compared(base, other);
  CHECK(c.outcome == ClassOutcome::changed);
  CHECK(c.warnings_differ == 2);
  CHECK(c.rows_differ == 0);
  CHECK(c.example->index == 0);

  // The same warnings in another order are alike.
  base.executions[1].warnings.push_back({1366, "Warning", "a"});
  other.executions[1].warnings = {{1366, "Warning", "b"}, {1292, "Warning", "c"}};
  CHECK(compared(base, other).warnings_differ == 2);
}

TEST_CASE("query changes: errors new, gone, of another code", "[results][query_changes]") {
  auto base = klass(5), other = klass(5);
  other.executions[0].error = 1305;  // new
  other.executions[0].error_message = "FUNCTION x does not exist";
  base.executions[1].error = 1146;  // gone
  base.executions[2].error = 1146;  // another code
  other.executions[2].error = 1054;
  base.executions[3].error = other.executions[3].error = 1062;  // the same code, other words
  base.executions[3].error_message = "Duplicate entry '1' for key 'PRIMARY'";
  other.executions[3].error_message = "Duplicate entry '1' for key 't.PRIMARY'";
  const auto c = compared(base, other);
  CHECK(c.outcome == ClassOutcome::changed);
  CHECK(c.errors_differ == 3);
  CHECK(c.new_errors == 1);
  CHECK(c.errors_gone == 1);
  CHECK(c.other_errors == 1);
  CHECK(c.example->other.error == 1305);
}

TEST_CASE("query changes: the executions past the kept ones, as a whole",
          "[results][query_changes]") {
  auto base = klass(2), other = klass(2);
  base.rest = {400, "0123456789abcdef"};
  other.rest = {400, "0123456789abcdef"};
  CHECK(compared(base, other).outcome == ClassOutcome::same);
  CHECK(compared(base, other).rest_executions == 400);
  other.rest.hash = "00000000deadbeef";
  const auto c = compared(base, other);
  CHECK(c.outcome == ClassOutcome::changed);
  CHECK(c.rest_differs);
  CHECK(c.rows_differ == 0);
  CHECK_FALSE(c.example);
}

TEST_CASE("query changes: logs that do not line up are not compared", "[results][query_changes]") {
  auto other = klass(3);
  other.executions.pop_back();
  other.executions[0].checksum = "1:0000000000000fff";
  auto c = compared(klass(3), other);
  CHECK(c.outcome == ClassOutcome::not_aligned);
  CHECK(c.base_executions == 3);
  CHECK(c.other_executions == 2);
  CHECK(c.rows_differ == 0);

  other = klass(3);
  other.executions[1].line = 99;
  c = compared(klass(3), other);
  CHECK(c.outcome == ClassOutcome::not_aligned);
  REQUIRE(c.first_misaligned);
  CHECK(*c.first_misaligned == 1);

  auto base = klass(2);
  base.rest = {10, "0123456789abcdef"};
  other = klass(2);
  other.rest = {9, "0123456789abcdef"};
  CHECK(compared(base, other).outcome == ClassOutcome::not_aligned);
}

TEST_CASE("query changes: a class that may differ by nature is set apart",
          "[results][query_changes]") {
  auto base = klass(2), other = klass(2);
  base.nondeterminism = other.nondeterminism = {"LIMIT without ORDER BY"};
  CHECK(compared(base, other).outcome == ClassOutcome::same);  // apart only when it differs
  other.executions[0].checksum = "1:0000000000000eee";
  const auto c = compared(base, other);
  CHECK(c.outcome == ClassOutcome::by_nature);
  CHECK(c.rows_differ == 1);
  CHECK(c.nondeterminism == std::vector<std::string>{"LIMIT without ORDER BY"});
}

TEST_CASE("query changes: a tolerant class is compared rounded, as any other",
          "[results][query_changes]") {
  auto base = klass(2), other = klass(2);
  base.tolerant = other.tolerant = true;
  base.nondeterminism =
      other.nondeterminism = {"AVG(): a floating-point result may differ in its last digits"};
  CHECK(compared(base, other).outcome == ClassOutcome::same);
  other.executions[1].checksum = "1:0000000000000abc";
  auto c = compared(base, other);
  CHECK(c.outcome == ClassOutcome::changed);
  CHECK(c.tolerant);
  CHECK(c.nondeterminism.empty());

  base.nondeterminism.push_back("calls NOW()");  // another reason still sets it apart
  c = compared(base, other);
  CHECK(c.outcome == ClassOutcome::by_nature);
  CHECK(c.nondeterminism == std::vector<std::string>{"calls NOW()"});
}

TEST_CASE("query changes: classes one side alone ran", "[results][query_changes]") {
  QueryResults base = with_class(klass(2)), other = with_class(klass(2));
  base.classes.push_back(versus::testing::replay_class("select 1", one_row(5), 3, 5));
  other.classes.insert(other.classes.begin(),
                       versus::testing::replay_class("select 2", one_row(6), 1, 6));
  const auto out = compare_query_results(base, other);
  REQUIRE(out.size() == 3);
  CHECK(out[0].statement == "select v from t where id = ?");
  CHECK(out[0].outcome == ClassOutcome::same);
  CHECK(out[1].statement == "select 1");
  CHECK(out[1].outcome == ClassOutcome::only_base);
  CHECK(out[1].base_executions == 3);
  CHECK(out[2].statement == "select 2");
  CHECK(out[2].outcome == ClassOutcome::only_other);
  CHECK(out[2].other_executions == 1);
}

TEST_CASE("query changes: the cells a run compares", "[results][query_changes]") {
  auto run = versus::testing::query_changes_fixture();
  auto pairs = versus::results::run_query_changes(run);
  REQUIRE(pairs.size() == 2);
  CHECK(pairs[0].base_server == "mariadb-10.11");
  CHECK(pairs[0].server == "mariadb-11.8");
  CHECK(pairs[1].server == "mysql-9.7");
  CHECK(pairs[1].threads == 2);  // the lowest thread count both recorded at
  CHECK(pairs[1].workload == "replay-shop");
  CHECK(pairs[0].count(ClassOutcome::changed) == 0);
  CHECK(pairs[1].count(ClassOutcome::changed) == 4);
  CHECK(pairs[1].count(ClassOutcome::by_nature) == 1);
  CHECK(pairs[1].count(ClassOutcome::not_aligned) == 1);
  CHECK(pairs[1].count(ClassOutcome::only_other) == 1);

  // Without the baseline's 2-thread results, 8 threads are compared.
  for (auto& c : run.cells)
    if (c.server == "mariadb-10.11" && c.threads == 2) c.query_results = {};
  pairs = versus::results::run_query_changes(run);
  REQUIRE(pairs.size() == 2);
  CHECK(pairs[0].threads == 8);

  // Another server pair, as the upgrade report asks.
  pairs = versus::results::query_changes_between(run, "mariadb-11.8", "mysql-9.7", "default");
  REQUIRE(pairs.size() == 1);
  CHECK(pairs[0].threads == 2);
  CHECK(versus::results::query_changes_between(run, "mariadb-11.8", "mysql-9.7", "tuned").empty());

  // A run without recorded results compares nothing.
  for (auto& c : run.cells) c.query_results = {};
  CHECK(versus::results::run_query_changes(run).empty());
}
