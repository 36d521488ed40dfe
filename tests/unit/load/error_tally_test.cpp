#include "load/error_tally.h"

#include <catch2/catch.hpp>

using namespace versus::load;

TEST_CASE("error tally: by code and kind, the first message of each kept", "[load][errors]") {
  ErrorTally t;
  t.add(1020, ErrorKind::retried, "Record has changed since last read in table 'sbtest1'");
  t.add(1213, ErrorKind::retried, "Deadlock found when trying to get lock");
  t.add(1020, ErrorKind::retried, "Record has changed since last read in table 'sbtest2'");
  t.add(2013, ErrorKind::reconnected, "Lost connection to server during query");
  REQUIRE(t.counts().size() == 3);
  CHECK(t.counts()[0] == ErrorCount{1020, ErrorKind::retried, 2,
                                    "Record has changed since last read in table 'sbtest1'"});
  CHECK(t.counts()[1].count == 1);
  CHECK(t.counts()[2].kind == ErrorKind::reconnected);
  CHECK(errors_of_kind(t.counts(), ErrorKind::retried) == 3);
  CHECK(errors_of_kind(t.counts(), ErrorKind::fatal) == 0);
}

TEST_CASE("error tally: threads' tallies merge by kind and code, in that order",
          "[load][errors]") {
  ErrorTally a, b;
  a.add(1213, ErrorKind::retried, "Deadlock (a)");
  a.add(1062, ErrorKind::fatal, "Duplicate entry");
  b.add(1020, ErrorKind::retried, "Record has changed (b)");
  b.add(1213, ErrorKind::retried, "Deadlock (b)");
  b.add(1213, ErrorKind::retried, "Deadlock (b)");
  ErrorCounts merged;
  merge_errors(merged, a.counts());
  merge_errors(merged, b.counts());
  REQUIRE(merged.size() == 3);
  CHECK(merged[0] == ErrorCount{1020, ErrorKind::retried, 1, "Record has changed (b)"});
  CHECK(merged[1] == ErrorCount{1213, ErrorKind::retried, 3, "Deadlock (a)"});  // a's first
  CHECK(merged[2] == ErrorCount{1062, ErrorKind::fatal, 1, "Duplicate entry"});
  CHECK(error_kind_name(ErrorKind::reconnected) == "reconnected");
}
