// ErrorSummary: the errors of some cells summed (transactions, retried errors, the errors by
// kind and code with the first message of each) and the retried share the reports note.
#include "results/evidence/error_summary.h"

#include <catch2/catch.hpp>

#include "support/cell_builder.h"

using versus::measured::ErrorCount;
using versus::measured::ErrorKind;
using versus::results::CellRecord;
using versus::results::ErrorSummary;
using versus::results::summarize_errors;

namespace {

// A cell of `transactions` that retried `retried` of them, with the errors by code given.
CellRecord errors_cell(std::uint64_t transactions, std::uint64_t retried,
                       versus::measured::ErrorCounts codes = {}) {
  CellRecord c = versus::testing::CellBuilder("a").ignored_errors(retried);
  c.counters.transactions = transactions;
  c.errors = std::move(codes);
  return c;
}

}  // namespace

TEST_CASE("error summary: nothing summed is no share", "[results][error_summary]") {
  const ErrorSummary none = summarize_errors({});
  CHECK(none.transactions == 0);
  CHECK(none.retried == 0);
  CHECK(none.codes.empty());
  CHECK(none.retried_share() == 0);
  ErrorSummary retried_only;
  retried_only.retried = 5;  // no transactions: no share, not a division by zero
  CHECK(retried_only.retried_share() == 0);
}

TEST_CASE("error summary: transactions and retried errors add up", "[results][error_summary]") {
  const CellRecord a = errors_cell(1000, 600), b = errors_cell(792, 651);
  const ErrorSummary s = summarize_errors({&a, &b});
  CHECK(s.transactions == 1792);
  CHECK(s.retried == 1251);
  CHECK(s.retried_share() == Approx(1251.0 / 1792));
  CHECK(s.codes.empty());  // results that did not record codes
}

TEST_CASE("error summary: codes merge by kind and code, the first message kept",
          "[results][error_summary]") {
  const CellRecord a =
      errors_cell(100, 7,
                  {{1213, ErrorKind::retried, 7, "Deadlock found when trying to get lock"},
                   {2013, ErrorKind::reconnected, 1, "Lost connection to server during query"}});
  const CellRecord b =
      errors_cell(100, 3,
                  {{1020, ErrorKind::retried, 2, "Record has changed since last read"},
                   {1213, ErrorKind::retried, 1, "Deadlock found (second message)"},
                   {2013, ErrorKind::retried, 4, "counted as another kind"}});
  const ErrorSummary s = summarize_errors({&a, &b});
  CHECK(s.retried == 10);
  CHECK(s.codes ==
        versus::measured::ErrorCounts{
            {1020, ErrorKind::retried, 2, "Record has changed since last read"},
            {1213, ErrorKind::retried, 8, "Deadlock found when trying to get lock"},
            {2013, ErrorKind::retried, 4, "counted as another kind"},
            {2013, ErrorKind::reconnected, 1, "Lost connection to server during query"}});
}

TEST_CASE("error summary: add_errors adds one cell to a running sum", "[results][error_summary]") {
  ErrorSummary s;
  versus::results::add_errors(s, errors_cell(10, 1, {{1213, ErrorKind::retried, 1, "x"}}));
  versus::results::add_errors(s, errors_cell(30, 2, {{1213, ErrorKind::retried, 2, "y"}}));
  CHECK(s.transactions == 40);
  CHECK(s.retried == 3);
  CHECK(s.retried_share() == Approx(0.075));
  REQUIRE(s.codes.size() == 1);
  CHECK(s.codes[0].count == 3);
  CHECK(s.codes[0].message == "x");
}
