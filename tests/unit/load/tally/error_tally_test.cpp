#include "load/tally/error_tally.h"

#include <catch2/catch.hpp>

using namespace versus::load;

TEST_CASE("error tally: by code and kind, the first message of each kept", "[load][errors]") {
  ErrorTally t;
  t.add(1020, versus::measured::ErrorKind::retried,
        "Record has changed since last read in table 'sbtest1'");
  t.add(1213, versus::measured::ErrorKind::retried, "Deadlock found when trying to get lock");
  t.add(1020, versus::measured::ErrorKind::retried,
        "Record has changed since last read in table 'sbtest2'");
  t.add(2013, versus::measured::ErrorKind::reconnected, "Lost connection to server during query");
  REQUIRE(t.counts().size() == 3);
  CHECK(t.counts()[0] ==
        versus::measured::ErrorCount{1020, versus::measured::ErrorKind::retried, 2,
                                     "Record has changed since last read in table 'sbtest1'"});
  CHECK(t.counts()[1].count == 1);
  CHECK(t.counts()[2].kind == versus::measured::ErrorKind::reconnected);
  CHECK(versus::measured::errors_of_kind(t.counts(), versus::measured::ErrorKind::retried) == 3);
  CHECK(versus::measured::errors_of_kind(t.counts(), versus::measured::ErrorKind::fatal) == 0);
}
