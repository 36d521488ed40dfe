#include "measured/error_counts.h"

#include <catch2/catch.hpp>

using namespace versus::measured;

TEST_CASE("error counts: threads' counts merge by kind and code, in that order",
          "[measured][errors]") {
  const ErrorCounts a{{1213, ErrorKind::retried, 1, "Deadlock (a)"},
                      {1062, ErrorKind::fatal, 1, "Duplicate entry"}};
  const ErrorCounts b{{1020, ErrorKind::retried, 1, "Record has changed (b)"},
                      {1213, ErrorKind::retried, 2, "Deadlock (b)"}};
  ErrorCounts merged;
  merge_errors(merged, a);
  merge_errors(merged, b);
  REQUIRE(merged.size() == 3);
  CHECK(merged[0] == ErrorCount{1020, ErrorKind::retried, 1, "Record has changed (b)"});
  CHECK(merged[1] == ErrorCount{1213, ErrorKind::retried, 3, "Deadlock (a)"});  // a's first
  CHECK(merged[2] == ErrorCount{1062, ErrorKind::fatal, 1, "Duplicate entry"});
}

TEST_CASE("error counts: summed per kind, kinds named as results.json names them",
          "[measured][errors]") {
  const ErrorCounts c{{1020, ErrorKind::retried, 5, ""},
                      {1213, ErrorKind::retried, 2, ""},
                      {2013, ErrorKind::reconnected, 1, ""}};
  CHECK(errors_of_kind(c, ErrorKind::retried) == 7);
  CHECK(errors_of_kind(c, ErrorKind::reconnected) == 1);
  CHECK(errors_of_kind(c, ErrorKind::fatal) == 0);
  CHECK(error_kind_name(ErrorKind::retried) == "retried");
  CHECK(error_kind_name(ErrorKind::reconnected) == "reconnected");
  CHECK(error_kind_name(ErrorKind::fatal) == "fatal");
}
