#include "load/family/replay/query_results_builder.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using versus::load::replay::QueryResultsBuilder;
using versus::load::replay::RestHash;
namespace measured = versus::measured;

namespace {
measured::ExecutionResult execution(std::uint64_t rows, unsigned error = 0) {
  measured::ExecutionResult e;
  e.text = "SELECT " + std::to_string(rows);
  e.result_set = error == 0;
  e.rows = rows;
  e.checksum = error == 0 ? std::to_string(rows) + ":00" : "";
  e.error = error;
  return e;
}
measured::RestOfClass rest_of(const std::vector<measured::ExecutionResult>& es) {
  RestHash h;
  for (const auto& e : es) h.add(e);
  return h.value();
}
}  // namespace

TEST_CASE("rest of class: a count and an order-dependent hash of the results",
          "[replay][query_results_builder]") {
  CHECK(rest_of({}) == measured::RestOfClass{});
  const auto a = rest_of({execution(1), execution(2), execution(0, 1146)});
  CHECK(a.executions == 3);
  CHECK(a.hash.size() == 16);
  CHECK(a.hash.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(rest_of({execution(1), execution(2), execution(0, 1146)}) == a);            // stable
  CHECK(rest_of({execution(2), execution(1), execution(0, 1146)}).hash != a.hash);  // order
  CHECK(rest_of({execution(1), execution(2), execution(0, 1054)}).hash != a.hash);  // error
  auto warned = execution(2);
  warned.warnings.push_back({1292, "Warning", "Truncated"});
  CHECK(rest_of({execution(1), warned, execution(0, 1146)}).hash != a.hash);  // warning code
  // Texts, lines and messages do not count.
  auto other_text = execution(1);
  other_text.text = "SELECT 'another'";
  other_text.line = 7;
  other_text.error_message = "x";
  CHECK(rest_of({other_text, execution(2), execution(0, 1146)}) == a);
}

TEST_CASE("query results builder: classes opened by their first text, kept then summed up",
          "[replay][query_results_builder]") {
  QueryResultsBuilder b(
      {"use ?", "rollback", "select now()", "select sum(x) from t", "select ? from t"});
  CHECK(b.open(2, "SELECT NOW()").nondeterminism == std::vector<std::string>{"calls NOW()"});
  CHECK_FALSE(b.open(2, "SELECT NOW()").tolerant);
  const auto& sum = b.open(3, "SELECT SUM(x) FROM t");
  CHECK(sum.tolerant);
  CHECK(sum.statement == "select sum(x) from t");
  b.open(4, "SELECT 1 FROM t");
  const std::size_t n = measured::kKeptExecutions + 3;
  std::vector<measured::ExecutionResult> rest;
  for (std::size_t i = 0; i < n; ++i) {
    CHECK(b.executions(4) == i);
    if (i >= measured::kKeptExecutions) rest.push_back(execution(i));
    b.add(4, execution(i));
  }
  b.add(2, execution(1));
  const auto classes = b.finish();
  REQUIRE(classes.size() == 3);  // in class order; the classes never opened left out
  CHECK(classes[0].statement == "select now()");
  CHECK(classes[0].executions.size() == 1);
  CHECK(classes[1].executions.empty());
  CHECK(classes[1].rest.executions == 0);
  CHECK(classes[2].executions.size() == measured::kKeptExecutions);
  CHECK(classes[2].executions.back().rows == measured::kKeptExecutions - 1);
  CHECK(classes[2].rest == rest_of(rest));
  CHECK(classes[2].rest.executions == 3);
}
